// The loaded modules and their call-frame information (DWARF CFI in .eh_frame), for the
// stack walk of the allocation profiler.
//
// The module table is built outside the hook (dl_iterate_phdr, when a session starts) in
// mapped memory and published with one atomic store; the hook only reads it. A module
// "keeps frame pointers" when most of its functions define their CFA through rbp: those are
// walked by the rbp chain (fast), the others (Debian's libsqlite3, libc, libstdc++) frame
// by frame through their CFI, looked up with .eh_frame_hdr's binary-search table and
// interpreted here: the CFA rule (rsp or rbp plus an offset, or the dereferenced
// rbp-relative slot of a stack-realigning prologue), where rbp was saved, and where the
// return address is. Nothing here allocates, takes a lock, or reads outside a module's
// loaded segments.
#define _GNU_SOURCE
#include "ProfileInternal.h"
#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <string.h>

#define MAX_MODULES 512
/// FDEs examined per module to judge whether it keeps frame pointers.
#define FDES_TO_CHECK 2048

typedef struct module_table {
    uint32_t count;
    unsigned long long adds, subs;
    roost_module modules[MAX_MODULES];
} module_table;

static _Atomic(module_table *) current_table;
static pthread_mutex_t refresh_lock = PTHREAD_MUTEX_INITIALIZER;

// ---- Reading DWARF encodings, bounded ----

typedef struct reader {
    const uint8_t *p, *end;
    bool ok;
} reader;

static uint8_t read_u8(reader *r) {
    if (r->p + 1 > r->end) { r->ok = false; return 0; }
    return *r->p++;
}

static uint64_t read_fixed(reader *r, int size) {
    if (r->p + size > r->end) { r->ok = false; return 0; }
    uint64_t value = 0;
    memcpy(&value, r->p, (size_t)size);  // little endian
    r->p += size;
    return value;
}

static uint64_t read_uleb(reader *r) {
    uint64_t value = 0;
    int shift = 0;
    for (;;) {
        uint8_t byte = read_u8(r);
        if (!r->ok) return 0;
        if (shift < 64) value |= (uint64_t)(byte & 0x7f) << shift;
        shift += 7;
        if ((byte & 0x80) == 0) return value;
    }
}

static int64_t read_sleb(reader *r) {
    int64_t value = 0;
    int shift = 0;
    uint8_t byte;
    do {
        byte = read_u8(r);
        if (!r->ok) return 0;
        if (shift < 64) value |= (int64_t)(byte & 0x7f) << shift;
        shift += 7;
    } while (byte & 0x80);
    if (shift < 64 && (byte & 0x40)) value |= -((int64_t)1 << shift);
    return value;
}

enum {
    PE_ABSPTR = 0x00, PE_ULEB128 = 0x01, PE_UDATA2 = 0x02, PE_UDATA4 = 0x03, PE_UDATA8 = 0x04,
    PE_SLEB128 = 0x09, PE_SDATA2 = 0x0a, PE_SDATA4 = 0x0b, PE_SDATA8 = 0x0c,
    PE_PCREL = 0x10, PE_DATAREL = 0x30, PE_INDIRECT = 0x80, PE_OMIT = 0xff,
};

/// A pointer in DWARF EH encoding `encoding`; `datarel` is the base of datarel values.
static uintptr_t read_encoded(reader *r, uint8_t encoding, uintptr_t datarel) {
    if (encoding == PE_OMIT) return 0;
    uintptr_t field = (uintptr_t)r->p;
    uint64_t value;
    switch (encoding & 0x0f) {
    case PE_ABSPTR: value = read_fixed(r, 8); break;
    case PE_ULEB128: value = read_uleb(r); break;
    case PE_UDATA2: value = read_fixed(r, 2); break;
    case PE_UDATA4: value = read_fixed(r, 4); break;
    case PE_UDATA8: value = read_fixed(r, 8); break;
    case PE_SLEB128: value = (uint64_t)read_sleb(r); break;
    case PE_SDATA2: value = (uint64_t)(int64_t)(int16_t)read_fixed(r, 2); break;
    case PE_SDATA4: value = (uint64_t)(int64_t)(int32_t)read_fixed(r, 4); break;
    case PE_SDATA8: value = read_fixed(r, 8); break;
    default: r->ok = false; return 0;
    }
    switch (encoding & 0x70) {
    case 0x00: break;
    case PE_PCREL: value += field; break;
    case PE_DATAREL: value += datarel; break;
    default: r->ok = false; return 0;  // textrel, funcrel, aligned: not used on x86_64 Linux
    }
    // Indirect pointers (personality routines) are skipped, never followed.
    return (uintptr_t)value;
}

// ---- CIE, FDE, and the CFI program ----

typedef struct cie_info {
    uint64_t code_align;
    int64_t data_align;
    uint64_t ra_register;
    uint8_t fde_encoding;
    bool has_z;
    const uint8_t *instructions, *end;
} cie_info;

/// Where a register of interest (rbp, the return address) is in the caller.
enum { REG_UNCHANGED, REG_AT_CFA, REG_AT_REG, REG_UNDEFINED, REG_UNSUPPORTED };
enum { CFA_REG, CFA_DEREF, CFA_UNSUPPORTED };

typedef struct saved_register {
    uint8_t kind;
    uint8_t base;  // REG_AT_REG: 6 (rbp) or 7 (rsp)
    int64_t offset;
} saved_register;

typedef struct cfi_row {
    uint8_t cfa_kind;
    uint8_t cfa_register;
    int64_t cfa_offset;
    saved_register rbp, ra;
} cfi_row;

enum { DW_RBP = 6, DW_RSP = 7 };

static bool in_image(const roost_module *m, const uint8_t *p, size_t size) {
    return (uintptr_t)p >= m->image_start && (uintptr_t)p + size <= m->image_end && (uintptr_t)p + size >= (uintptr_t)p;
}

/// The length-prefixed entry at `p`: sets `*body` after the length and returns its end.
static const uint8_t *entry_end(const roost_module *m, const uint8_t *p, const uint8_t **body) {
    if (!in_image(m, p, 4)) return NULL;
    uint32_t length32;
    memcpy(&length32, p, 4);
    if (length32 == 0 || length32 == 0xffffffffu) return NULL;  // terminator; 64-bit DWARF unused in .eh_frame
    *body = p + 4;
    if (!in_image(m, *body, length32)) return NULL;
    return *body + length32;
}

static bool parse_cie(const roost_module *m, const uint8_t *cie, cie_info *info) {
    const uint8_t *body;
    const uint8_t *end = entry_end(m, cie, &body);
    if (end == NULL) return false;
    reader r = {body, end, true};
    if (read_fixed(&r, 4) != 0) return false;  // a CIE's id is 0 in .eh_frame
    uint8_t version = read_u8(&r);
    if (version != 1 && version != 3 && version != 4) return false;
    const char *augmentation = (const char *)r.p;
    size_t length = strnlen(augmentation, (size_t)(end - r.p));
    if (length == (size_t)(end - r.p)) return false;
    r.p += length + 1;
    if (version == 4) { read_u8(&r); read_u8(&r); }
    info->code_align = read_uleb(&r);
    info->data_align = read_sleb(&r);
    info->ra_register = version == 1 ? read_u8(&r) : read_uleb(&r);
    info->fde_encoding = PE_ABSPTR;
    info->has_z = augmentation[0] == 'z';
    if (info->has_z) {
        uint64_t data_length = read_uleb(&r);
        if (!r.ok || data_length > (uint64_t)(end - r.p)) return false;
        const uint8_t *data_end = r.p + data_length;
        for (const char *c = augmentation + 1; *c != 0 && r.ok; c++) {
            if (*c == 'R') {
                info->fde_encoding = read_u8(&r);
            } else if (*c == 'P') {
                uint8_t encoding = read_u8(&r);
                read_encoded(&r, (uint8_t)(encoding & 0x7f), 0);
            } else if (*c == 'L') {
                read_u8(&r);
            } else if (*c == 'S' || *c == 'B' || *c == 'G') {
                // signal frame, pointer-auth key, memory tagging: nothing to read
            } else {
                break;  // unknown: its data is skipped below
            }
        }
        r.p = data_end;
    } else if (length != 0) {
        return false;  // pre-"z" augmentations ("eh") are not produced any more
    }
    if (!r.ok) return false;
    info->instructions = r.p;
    info->end = end;
    return true;
}

/// Parses the FDE at `fde` and its CIE; sets the function's range and its instructions.
static bool parse_fde(const roost_module *m, const uint8_t *fde, cie_info *cie, uintptr_t *begin, uintptr_t *end_pc,
                      const uint8_t **instructions, const uint8_t **instructions_end) {
    const uint8_t *body;
    const uint8_t *end = entry_end(m, fde, &body);
    if (end == NULL) return false;
    reader r = {body, end, true};
    uint32_t cie_offset = (uint32_t)read_fixed(&r, 4);
    if (!r.ok || cie_offset == 0) return false;
    const uint8_t *cie_pointer = body - cie_offset;
    if (!parse_cie(m, cie_pointer, cie)) return false;
    *begin = read_encoded(&r, cie->fde_encoding, 0);
    uintptr_t range = read_encoded(&r, (uint8_t)(cie->fde_encoding & 0x0f), 0);
    if (cie->has_z) {
        uint64_t skip = read_uleb(&r);
        if (!r.ok || skip > (uint64_t)(end - r.p)) return false;
        r.p += skip;
    }
    if (!r.ok) return false;
    *end_pc = *begin + range;
    *instructions = r.p;
    *instructions_end = end;
    return true;
}

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

/// Runs CFI instructions from location `loc` until the row that covers `target`
/// (`target` = UINTPTR_MAX: to the end). `initial` is the CIE's row (for restore).
/// `saw_rbp_cfa` is set if any row defines the CFA through rbp.
static bool run_cfi(const uint8_t *p, const uint8_t *end, const cie_info *cie, uintptr_t loc, uintptr_t target,
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
                uint8_t base;
                int64_t offset;
                bool deref;
                if (parse_breg_expression(&r, length, &base, &offset, &deref) && deref) {
                    row->cfa_kind = CFA_DEREF;
                    row->cfa_register = base;
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

/// The FDE covering `pc` through the binary-search table, or NULL.
static const uint8_t *find_fde(const roost_module *m, uintptr_t pc) {
    if (m->fde_table == NULL || m->fde_count == 0) return NULL;
    const int32_t *table = (const int32_t *)m->fde_table;
    uintptr_t base = (uintptr_t)m->eh_frame_hdr;
    uint32_t low = 0, high = m->fde_count;
    while (high - low > 1) {
        uint32_t middle = low + (high - low) / 2;
        if (base + (intptr_t)table[2 * middle] <= pc) low = middle; else high = middle;
    }
    if (base + (intptr_t)table[2 * low] > pc) return NULL;
    return (const uint8_t *)(base + (intptr_t)table[2 * low + 1]);
}

static bool initial_row(const cie_info *cie, cfi_row *row) {
    *row = (cfi_row){CFA_UNSUPPORTED, 0, 0, {REG_UNCHANGED, 0, 0}, {REG_UNSUPPORTED, 0, 0}};
    return run_cfi(cie->instructions, cie->end, cie, 0, UINTPTR_MAX, row, NULL, NULL);
}

bool roost_unwind_rule_for(const roost_module *m, uintptr_t pc, roost_unwind_rule *rule) {
    const uint8_t *fde = find_fde(m, pc - 1);
    if (fde == NULL) return false;
    cie_info cie;
    uintptr_t begin, end;
    const uint8_t *instructions, *instructions_end;
    if (!parse_fde(m, fde, &cie, &begin, &end, &instructions, &instructions_end)) return false;
    if (pc - 1 < begin || pc - 1 >= end) return false;
    cfi_row initial, row;
    if (!initial_row(&cie, &initial)) return false;
    row = initial;
    if (!run_cfi(instructions, instructions_end, &cie, begin, pc - 1, &row, &initial, NULL)) return false;

    *rule = (roost_unwind_rule){0};
    if (row.cfa_offset < INT32_MIN || row.cfa_offset > INT32_MAX) return false;
    rule->cfa_offset = (int32_t)row.cfa_offset;
    switch (row.cfa_kind) {
    case CFA_REG: rule->cfa_kind = row.cfa_register == DW_RSP ? ROOST_CFA_RSP : ROOST_CFA_RBP; break;
    case CFA_DEREF: rule->cfa_kind = row.cfa_register == DW_RSP ? ROOST_CFA_DEREF_RSP : ROOST_CFA_DEREF_RBP; break;
    default: return false;
    }
    if (row.ra.kind != REG_AT_CFA) return false;  // undefined: the outermost frame
    rule->ra_kind = 1;
    rule->ra_offset = (int32_t)row.ra.offset;
    switch (row.rbp.kind) {
    case REG_UNCHANGED: rule->rbp_kind = ROOST_SAVED_UNCHANGED; break;
    case REG_AT_CFA: rule->rbp_kind = ROOST_SAVED_AT_CFA; rule->rbp_offset = (int32_t)row.rbp.offset; break;
    case REG_AT_REG:
        rule->rbp_kind = row.rbp.base == DW_RBP ? ROOST_SAVED_AT_RBP : ROOST_SAVED_AT_RSP;
        rule->rbp_offset = (int32_t)row.rbp.offset;
        break;
    default: return false;
    }
    return true;
}

// ---- The module table ----

/// Whether the FDE at `fde` defines its CFA through rbp anywhere: its function keeps a frame
/// pointer. -1 when it cannot be read.
static int fde_uses_frame_pointer(const roost_module *m, const uint8_t *fde) {
    cie_info cie;
    uintptr_t begin, end;
    const uint8_t *instructions, *instructions_end;
    if (!parse_fde(m, fde, &cie, &begin, &end, &instructions, &instructions_end)) return -1;
    if (end - begin < 16) return -1;  // stubs and thunks say nothing about the compiler's choice
    cfi_row initial, row;
    bool saw = false;
    if (!initial_row(&cie, &initial)) return -1;
    row = initial;
    if (!run_cfi(instructions, instructions_end, &cie, begin, UINTPTR_MAX, &row, &initial, &saw)) return -1;
    return saw ? 1 : 0;
}

static void judge_frame_pointers(roost_module *m) {
    if (m->fde_count == 0) return;
    uint32_t step = m->fde_count > FDES_TO_CHECK ? m->fde_count / FDES_TO_CHECK : 1;
    const int32_t *table = (const int32_t *)m->fde_table;
    for (uint32_t i = 0; i < m->fde_count; i += step) {
        int uses = fde_uses_frame_pointer(m, (const uint8_t *)((uintptr_t)m->eh_frame_hdr + (intptr_t)table[2 * i + 1]));
        if (uses < 0) continue;
        m->fdes_checked++;
        m->fdes_with_frame_pointer += (uint32_t)uses;
    }
    // Swift and clang with -fno-omit-frame-pointer set rbp up in nearly every function that
    // calls another; Debian's C libraries in almost none (libsqlite3: well under 1%).
    m->has_frame_pointers = m->fdes_checked > 0 && m->fdes_with_frame_pointer * 4 >= m->fdes_checked * 3;
}

static void read_eh_frame_hdr(roost_module *m) {
    if (m->eh_frame_hdr == NULL || !in_image(m, m->eh_frame_hdr, 4)) return;
    const uint8_t *hdr = m->eh_frame_hdr;
    if (hdr[0] != 1) return;
    reader r = {hdr + 4, (const uint8_t *)m->image_end, true};
    read_encoded(&r, hdr[1], (uintptr_t)hdr);  // eh_frame_ptr (the FDEs are found through the table)
    uintptr_t count = read_encoded(&r, hdr[2], (uintptr_t)hdr);
    // The table is sdata4 relative to eh_frame_hdr in everything a linker writes today.
    if (!r.ok || hdr[3] != (PE_DATAREL | PE_SDATA4) || count == 0 || count > UINT32_MAX) return;
    if (!in_image(m, r.p, (size_t)count * 8)) return;
    m->fde_table = r.p;
    m->fde_count = (uint32_t)count;
}

static int collect_module(struct dl_phdr_info *info, size_t size, void *data) {
    module_table *table = data;
    if (size >= offsetof(struct dl_phdr_info, dlpi_subs) + sizeof(info->dlpi_subs)) {
        table->adds = info->dlpi_adds;
        table->subs = info->dlpi_subs;
    }
    if (table->count >= MAX_MODULES) return 0;
    roost_module m = {0};
    m.base = (uintptr_t)info->dlpi_addr;
    m.text_start = m.image_start = UINTPTR_MAX;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        uintptr_t start = m.base + header->p_vaddr, end = start + header->p_memsz;
        if (header->p_type == PT_LOAD) {
            if (start < m.image_start) m.image_start = start;
            if (end > m.image_end) m.image_end = end;
            if (header->p_flags & PF_X) {
                if (start < m.text_start) m.text_start = start;
                if (end > m.text_end) m.text_end = end;
            }
        } else if (header->p_type == PT_GNU_EH_FRAME) {
            m.eh_frame_hdr = (const uint8_t *)start;
        }
    }
    if (m.text_end == 0) return 0;
    m.path = info->dlpi_name != NULL ? info->dlpi_name : "";
    read_eh_frame_hdr(&m);
    table->modules[table->count++] = m;
    return 0;
}

static int count_changes(struct dl_phdr_info *info, size_t size, void *data) {
    unsigned long long *changes = data;
    if (size >= offsetof(struct dl_phdr_info, dlpi_subs) + sizeof(info->dlpi_subs)) {
        changes[0] = info->dlpi_adds;
        changes[1] = info->dlpi_subs;
    }
    return 1;  // the counters are the same in every callback: one is enough
}

void roost_profile_refresh_modules(void) {
    pthread_mutex_lock(&refresh_lock);
    module_table *current = atomic_load_explicit(&current_table, memory_order_acquire);
    unsigned long long changes[2] = {0, 0};
    dl_iterate_phdr(count_changes, changes);
    if (current != NULL && current->adds == changes[0] && current->subs == changes[1]) {
        pthread_mutex_unlock(&refresh_lock);
        return;
    }
    module_table *table = roost_region_map(sizeof(module_table));
    if (table == NULL) {
        pthread_mutex_unlock(&refresh_lock);
        return;
    }
    dl_iterate_phdr(collect_module, table);
    // Sorted by address for the lookup.
    for (uint32_t i = 1; i < table->count; i++) {
        roost_module m = table->modules[i];
        uint32_t j = i;
        while (j > 0 && table->modules[j - 1].text_start > m.text_start) {
            table->modules[j] = table->modules[j - 1];
            j--;
        }
        table->modules[j] = m;
    }
    for (uint32_t i = 0; i < table->count; i++) judge_frame_pointers(&table->modules[i]);
    // The old table stays mapped: a walk on another thread may still read it (it is small,
    // and replaced only when libraries are loaded or unloaded).
    atomic_store_explicit(&current_table, table, memory_order_release);
    pthread_mutex_unlock(&refresh_lock);
}

const roost_module *roost_module_for(uintptr_t pc) {
    const module_table *table = atomic_load_explicit(&current_table, memory_order_acquire);
    if (table == NULL || table->count == 0) return NULL;
    uint32_t low = 0, high = table->count;
    while (high - low > 1) {
        uint32_t middle = low + (high - low) / 2;
        if (table->modules[middle].text_start <= pc) low = middle; else high = middle;
    }
    const roost_module *m = &table->modules[low];
    return pc >= m->text_start && pc < m->text_end ? m : NULL;
}

uint32_t roost_profile_module_count(void) {
    const module_table *table = atomic_load_explicit(&current_table, memory_order_acquire);
    return table == NULL ? 0 : table->count;
}

int roost_profile_module_info(uint32_t index, roost_profile_module *module) {
    const module_table *table = atomic_load_explicit(&current_table, memory_order_acquire);
    if (table == NULL || index >= table->count) return -1;
    const roost_module *m = &table->modules[index];
    *module = (roost_profile_module){
        .path = m->path, .base = m->base, .text_start = m->text_start, .text_end = m->text_end,
        .has_frame_pointers = m->has_frame_pointers, .fde_count = m->fde_count,
        .fdes_checked = m->fdes_checked, .fdes_with_frame_pointer = m->fdes_with_frame_pointer,
    };
    return 0;
}
