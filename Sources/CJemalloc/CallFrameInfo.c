// DWARF call-frame information (.eh_frame, found through .eh_frame_hdr's binary-search
// table) for the allocation profiler's stack walk: for a return address in a function
// without frame pointers, where its CFA is (rsp or rbp plus an offset, or the dereferenced
// rbp-relative slot of a stack-realigning prologue), where rbp was saved, and where the
// return address is. Interpreted here, bounded: nothing allocates, takes a lock, or reads
// outside the module's loaded segments.
#define _GNU_SOURCE
#include "CallFrameInfo.h"

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
    return roost_cfi_run(cie->instructions, cie->end, cie, 0, UINTPTR_MAX, row, NULL, NULL);
}

bool roost_unwind_rule_for(const roost_module *m, uintptr_t pc, roost_unwind_rule *rule) {
    *rule = (roost_unwind_rule){0};
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
    if (!roost_cfi_run(instructions, instructions_end, &cie, begin, pc - 1, &row, &initial, NULL)) return false;

    if (row.ra.kind == REG_UNDEFINED) {  // the outermost frame: no caller
        rule->ra_kind = ROOST_RA_UNDEFINED;
        return false;
    }
    if (row.cfa_offset < INT32_MIN || row.cfa_offset > INT32_MAX) return false;
    rule->cfa_offset = (int32_t)row.cfa_offset;
    switch (row.cfa_kind) {
    case CFA_REG: rule->cfa_kind = row.cfa_register == DW_RSP ? ROOST_CFA_RSP : ROOST_CFA_RBP; break;
    case CFA_DEREF: rule->cfa_kind = row.cfa_register == DW_RSP ? ROOST_CFA_DEREF_RSP : ROOST_CFA_DEREF_RBP; break;
    default: return false;
    }
    if (row.ra.kind != REG_AT_CFA) return false;  // undefined: the outermost frame
    rule->ra_kind = ROOST_RA_AT_CFA;
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

/// Whether the FDE at `fde` defines its CFA through rbp anywhere: its function keeps a frame
/// pointer. -1 when it cannot be read.
int roost_fde_uses_frame_pointer(const roost_module *m, const uint8_t *fde) {
    cie_info cie;
    uintptr_t begin, end;
    const uint8_t *instructions, *instructions_end;
    if (!parse_fde(m, fde, &cie, &begin, &end, &instructions, &instructions_end)) return -1;
    if (end - begin < 16) return -1;  // stubs and thunks say nothing about the compiler's choice
    cfi_row initial, row;
    bool saw = false;
    if (!initial_row(&cie, &initial)) return -1;
    row = initial;
    if (!roost_cfi_run(instructions, instructions_end, &cie, begin, UINTPTR_MAX, &row, &initial, &saw)) return -1;
    return saw ? 1 : 0;
}

void roost_read_eh_frame_hdr(roost_module *m) {
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
