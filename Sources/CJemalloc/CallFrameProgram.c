// The CFI interpreter of the allocation profiler's unwinder: DW_CFA_* instructions up to
// a return address, tracking only what the walk needs (the CFA, rbp, the return address).
// Expressions are understood in the one form compilers emit for realigned frames
// (DW_OP_breg6/7 offset [DW_OP_deref]); any other makes the rule unusable.
#include "CallFrameInfo.h"

static saved_register *tracked(cfi_row *row, const cie_info *cie, uint64_t reg) {
    if (reg == DW_RBP) return &row->rbp;
    if (reg == cie->ra_register) return &row->ra;
    return NULL;
}

/// A DWARF expression `DW_OP_breg6/7 offset [DW_OP_deref]` (what compilers emit for
/// realigned frames); false for anything else.
static bool parse_breg_expression(reader *r, uint64_t length, uint8_t *base, int64_t *offset, bool *deref) {
    const uint8_t *end = r->p + length;
    if (length == 0 || end > r->end) { r->ok = false; return false; }
    reader e = {r->p, end, true};
    r->p = end;
    uint8_t op = read_u8(&e);
    if (op != 0x76 && op != 0x77) return false;  // DW_OP_breg6 (rbp), DW_OP_breg7 (rsp)
    *base = op == 0x76 ? DW_RBP : DW_RSP;
    *offset = read_sleb(&e);
    *deref = false;
    if (e.ok && e.p < e.end) {
        if (read_u8(&e) != 0x06) return false;  // DW_OP_deref
        *deref = true;
    }
    return e.ok && e.p == e.end;
}

/// The CFA expression linkers write for PLT entries, `DW_OP_breg7 (rsp) X; DW_OP_breg16
/// (rip) 0; DW_OP_litM; DW_OP_and; DW_OP_litN; DW_OP_ge; DW_OP_lit3; DW_OP_shl; DW_OP_plus`:
/// CFA = rsp + X, plus 8 once the entry has pushed its index ((rip & M) >= N). Evaluated at
/// `rip` into a plain rsp offset; false for anything else. Only a sampled leaf stands in a
/// PLT entry (nothing returns into one).
static bool evaluate_plt_expression(const uint8_t *p, uint64_t length, uintptr_t rip, int64_t *offset) {
    reader e = {p, p + length, true};
    if (read_u8(&e) != 0x77) return false;
    int64_t base = read_sleb(&e);
    if (read_u8(&e) != 0x80 || read_sleb(&e) != 0) return false;
    uint8_t mask = read_u8(&e), and_op = read_u8(&e), threshold = read_u8(&e);
    if (mask < 0x30 || mask > 0x4f || and_op != 0x1a || threshold < 0x30 || threshold > 0x4f) return false;
    if (read_u8(&e) != 0x2a || read_u8(&e) != 0x33 || read_u8(&e) != 0x24 || read_u8(&e) != 0x22) return false;
    if (!e.ok || e.p != e.end) return false;
    *offset = base + (((rip & (uintptr_t)(mask - 0x30)) >= (uintptr_t)(threshold - 0x30)) ? 8 : 0);
    return true;
}

bool roost_cfi_run(const uint8_t *p, const uint8_t *end, const cie_info *cie, uintptr_t loc, uintptr_t target,
                    cfi_row *row, const cfi_row *initial, bool *saw_rbp_cfa) {
    cfi_row stack[8];
    int depth = 0;
    reader r = {p, end, true};
    while (r.p < r.end && r.ok) {
        uint8_t op = read_u8(&r);
        uint64_t reg, delta = 0;
        saved_register *saved;
        bool advance = false;
        switch (op & 0xc0) {
        case 0x40:
            delta = (uint64_t)(op & 0x3f) * cie->code_align;
            advance = true;
            break;
        case 0x80:
            saved = tracked(row, cie, op & 0x3f);
            {
                int64_t offset = (int64_t)read_uleb(&r) * cie->data_align;
                if (saved) *saved = (saved_register){REG_AT_CFA, 0, offset};
            }
            continue;
        case 0xc0:
            saved = tracked(row, cie, op & 0x3f);
            if (saved && initial) *saved = *tracked((cfi_row *)initial, cie, op & 0x3f);
            continue;
        default:
            break;
        }
        if (!advance) {
            switch (op) {
            case 0x00: continue;  // nop
            case 0x01: {          // set_loc
                uintptr_t next = read_encoded(&r, cie->fde_encoding, 0);
                if (next > target) return r.ok;
                loc = next;
                continue;
            }
            case 0x02: delta = read_fixed(&r, 1) * cie->code_align; advance = true; break;
            case 0x03: delta = read_fixed(&r, 2) * cie->code_align; advance = true; break;
            case 0x04: delta = read_fixed(&r, 4) * cie->code_align; advance = true; break;
            case 0x05:  // offset_extended
                reg = read_uleb(&r);
                saved = tracked(row, cie, reg);
                {
                    int64_t offset = (int64_t)read_uleb(&r) * cie->data_align;
                    if (saved) *saved = (saved_register){REG_AT_CFA, 0, offset};
                }
                continue;
            case 0x06:  // restore_extended
                reg = read_uleb(&r);
                saved = tracked(row, cie, reg);
                if (saved && initial) *saved = *tracked((cfi_row *)initial, cie, reg);
                continue;
            case 0x07:  // undefined
                reg = read_uleb(&r);
                saved = tracked(row, cie, reg);
                if (saved) saved->kind = REG_UNDEFINED;
                continue;
            case 0x08:  // same_value
                reg = read_uleb(&r);
                saved = tracked(row, cie, reg);
                if (saved) saved->kind = REG_UNCHANGED;
                continue;
            case 0x09:  // register
                reg = read_uleb(&r);
                read_uleb(&r);
                saved = tracked(row, cie, reg);
                if (saved) saved->kind = REG_UNSUPPORTED;
                continue;
            case 0x0a:  // remember_state
                if (depth == 8) return false;
                stack[depth++] = *row;
                continue;
            case 0x0b:  // restore_state
                if (depth == 0) return false;
                *row = stack[--depth];
                continue;
            case 0x0c:  // def_cfa
                reg = read_uleb(&r);
                row->cfa_kind = (reg == DW_RBP || reg == DW_RSP) ? CFA_REG : CFA_UNSUPPORTED;
                row->cfa_register = (uint8_t)reg;
                row->cfa_offset = (int64_t)read_uleb(&r);
                break;
            case 0x0d:  // def_cfa_register
                reg = read_uleb(&r);
                row->cfa_kind = (reg == DW_RBP || reg == DW_RSP) ? CFA_REG : CFA_UNSUPPORTED;
                row->cfa_register = (uint8_t)reg;
                break;
            case 0x0e:  // def_cfa_offset
                row->cfa_offset = (int64_t)read_uleb(&r);
                continue;
            case 0x0f: {  // def_cfa_expression
                uint64_t length = read_uleb(&r);
                const uint8_t *expression = r.p;
                uint8_t base;
                int64_t offset;
                bool deref;
                if (parse_breg_expression(&r, length, &base, &offset, &deref) && deref) {
                    row->cfa_kind = CFA_DEREF;
                    row->cfa_register = base;
                    row->cfa_offset = offset;
                } else if (r.ok && evaluate_plt_expression(expression, length, target, &offset)) {
                    row->cfa_kind = CFA_REG;
                    row->cfa_register = DW_RSP;
                    row->cfa_offset = offset;
                } else {
                    row->cfa_kind = CFA_UNSUPPORTED;
                }
                continue;
            }
            case 0x10: {  // expression: the register is saved at the address it computes
                reg = read_uleb(&r);
                uint64_t length = read_uleb(&r);
                uint8_t base;
                int64_t offset;
                bool deref;
                bool simple = parse_breg_expression(&r, length, &base, &offset, &deref);
                saved = tracked(row, cie, reg);
                if (saved) *saved = simple && !deref ? (saved_register){REG_AT_REG, base, offset}
                                                     : (saved_register){REG_UNSUPPORTED, 0, 0};
                continue;
            }
            case 0x11:  // offset_extended_sf
                reg = read_uleb(&r);
                saved = tracked(row, cie, reg);
                {
                    int64_t offset = read_sleb(&r) * cie->data_align;
                    if (saved) *saved = (saved_register){REG_AT_CFA, 0, offset};
                }
                continue;
            case 0x12:  // def_cfa_sf
                reg = read_uleb(&r);
                row->cfa_kind = (reg == DW_RBP || reg == DW_RSP) ? CFA_REG : CFA_UNSUPPORTED;
                row->cfa_register = (uint8_t)reg;
                row->cfa_offset = read_sleb(&r) * cie->data_align;
                break;
            case 0x13:  // def_cfa_offset_sf
                row->cfa_offset = read_sleb(&r) * cie->data_align;
                continue;
            case 0x14:  // val_offset
            case 0x15:  // val_offset_sf
                reg = read_uleb(&r);
                if (op == 0x14) read_uleb(&r); else read_sleb(&r);
                saved = tracked(row, cie, reg);
                if (saved) saved->kind = REG_UNSUPPORTED;
                continue;
            case 0x16: {  // val_expression
                reg = read_uleb(&r);
                uint64_t length = read_uleb(&r);
                if (length > (uint64_t)(r.end - r.p)) return false;
                r.p += length;
                saved = tracked(row, cie, reg);
                if (saved) saved->kind = REG_UNSUPPORTED;
                continue;
            }
            case 0x2e:  // GNU_args_size
                read_uleb(&r);
                continue;
            case 0x2f:  // GNU_negative_offset_extended
                reg = read_uleb(&r);
                saved = tracked(row, cie, reg);
                {
                    int64_t offset = -(int64_t)read_uleb(&r) * cie->data_align;
                    if (saved) *saved = (saved_register){REG_AT_CFA, 0, offset};
                }
                continue;
            default:
                return false;
            }
            if (!advance) {
                // A CFA definition: note an rbp-based one for the frame-pointer census.
                if (saw_rbp_cfa && row->cfa_kind == CFA_REG && row->cfa_register == DW_RBP) *saw_rbp_cfa = true;
                continue;
            }
        }
        if (loc + delta > target) return r.ok;
        loc += delta;
    }
    return r.ok;
}
