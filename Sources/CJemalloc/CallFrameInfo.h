#ifndef ROOST_CALL_FRAME_INFO_H
#define ROOST_CALL_FRAME_INFO_H

// What CallFrameInfo.c (CIEs, FDEs, lookups) and CallFrameProgram.c (the CFI interpreter)
// share: bounded DWARF readers, and the rows the interpreter computes.
#include "ProfileInternal.h"
#include <string.h>

// ---- Reading DWARF encodings, bounded ----

typedef struct reader {
    const uint8_t *p, *end;
    bool ok;
} reader;

static inline uint8_t read_u8(reader *r) {
    if (r->p + 1 > r->end) { r->ok = false; return 0; }
    return *r->p++;
}

static inline uint64_t read_fixed(reader *r, int size) {
    if (r->p + size > r->end) { r->ok = false; return 0; }
    uint64_t value = 0;
    memcpy(&value, r->p, (size_t)size);  // little endian
    r->p += size;
    return value;
}

static inline uint64_t read_uleb(reader *r) {
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

static inline int64_t read_sleb(reader *r) {
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
static inline uintptr_t read_encoded(reader *r, uint8_t encoding, uintptr_t datarel) {
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

// ---- CIEs and the rows of the CFI program ----

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

/// Runs CFI instructions from location `loc` until the row that covers `target`
/// (`target` = UINTPTR_MAX: to the end). `initial` is the CIE's row (for restore).
/// `saw_rbp_cfa` is set if any row defines the CFA through rbp.
bool roost_cfi_run(const uint8_t *p, const uint8_t *end, const cie_info *cie, uintptr_t loc, uintptr_t target,
                   cfi_row *row, const cfi_row *initial, bool *saw_rbp_cfa);

#endif
