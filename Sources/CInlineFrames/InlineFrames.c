// The functions the compiler inlined at a code address, from the module's DWARF: the
// DW_TAG_inlined_subroutine scopes that enclose it (what `eu-addr2line -i` prints). Release
// builds inline small initialisers into their callers, and without this an allocation made
// in `ProfileHeader.init` is named after the caller that absorbed it.
#include "CInlineFrames.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

/// A compilation unit's code range (Swift's `.debug_aranges` leave units out, so
/// `dwarf_addrdie` cannot be trusted to find one: the ranges are read from the units).
typedef struct {
    Dwarf_Addr low, high;
    Dwarf_Off unit;
} unit_range;

struct roost_inline_frames {
    int fd;
    Dwarf *dwarf;
    unit_range *ranges;
    size_t count;
};

static int by_low(const void *a, const void *b) {
    const unit_range *x = a, *y = b;
    return x->low < y->low ? -1 : x->low > y->low;
}

/// Every unit's address ranges, sorted by start. 0 on success.
static int read_ranges(roost_inline_frames *frames) {
    size_t capacity = 256;
    frames->ranges = malloc(capacity * sizeof *frames->ranges);
    if (frames->ranges == NULL) return -1;
    Dwarf_Off offset = 0, next;
    size_t header;
    while (dwarf_nextcu(frames->dwarf, offset, &next, &header, NULL, NULL, NULL) == 0) {
        Dwarf_Die unit;
        if (dwarf_offdie(frames->dwarf, offset + header, &unit) != NULL) {
            Dwarf_Addr base, low, high;
            ptrdiff_t position = 0;
            while ((position = dwarf_ranges(&unit, position, &base, &low, &high)) > 0) {
                if (low >= high) continue;
                if (frames->count == capacity) {
                    capacity *= 2;
                    unit_range *grown = realloc(frames->ranges, capacity * sizeof *grown);
                    if (grown == NULL) return -1;
                    frames->ranges = grown;
                }
                frames->ranges[frames->count++] = (unit_range){low, high, offset + header};
            }
        }
        offset = next;
    }
    qsort(frames->ranges, frames->count, sizeof *frames->ranges, by_low);
    return 0;
}

/// The unit whose ranges hold `address`, or -1.
static int unit_at(roost_inline_frames *frames, Dwarf_Addr address, Dwarf_Die *unit) {
    size_t low = 0, high = frames->count;
    while (low < high) {
        size_t middle = (low + high) / 2;
        if (frames->ranges[middle].low <= address) low = middle + 1; else high = middle;
    }
    // Ranges of different units do not overlap; look back over a few in case they nest.
    for (size_t index = low; index > 0 && low - index < 8; index--) {
        unit_range *range = &frames->ranges[index - 1];
        if (address >= range->low && address < range->high) {
            return dwarf_offdie(frames->dwarf, range->unit, unit) != NULL ? 0 : -1;
        }
    }
    return -1;
}

roost_inline_frames *roost_inline_frames_open(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return NULL;
    Dwarf *dwarf = dwarf_begin(fd, DWARF_C_READ);
    if (dwarf == NULL) {
        close(fd);
        return NULL;
    }
    roost_inline_frames *frames = malloc(sizeof *frames);
    if (frames == NULL) {
        dwarf_end(dwarf);
        close(fd);
        return NULL;
    }
    frames->fd = fd;
    frames->dwarf = dwarf;
    frames->ranges = NULL;
    frames->count = 0;
    if (read_ranges(frames) != 0 || frames->count == 0) {
        roost_inline_frames_close(frames);
        return NULL;
    }
    return frames;
}

/// The name of an inlined subroutine: its abstract origin's linkage name, else its name.
static const char *inlined_name(Dwarf_Die *scope) {
    Dwarf_Attribute attribute;
    const char *name = NULL;
    if (dwarf_attr_integrate(scope, DW_AT_linkage_name, &attribute) != NULL ||
        dwarf_attr_integrate(scope, DW_AT_MIPS_linkage_name, &attribute) != NULL) {
        name = dwarf_formstring(&attribute);
    }
    return name != NULL ? name : dwarf_diename(scope);
}

int roost_inline_frames_lookup(roost_inline_frames *frames, uint64_t address,
                               void (*emit)(const char *name, void *context), void *context) {
    if (frames == NULL) return 0;
    Dwarf_Die unit;
    if (unit_at(frames, address, &unit) != 0) return 0;
    // dwarf_getscopes gives the innermost scope at the address, then its abstract origin's
    // scopes; dwarf_getscopes_die on that innermost scope gives the concrete nesting: the
    // inline instances that enclose it, up to the function the code lives in.
    Dwarf_Die *found = NULL;
    int count = dwarf_getscopes(&unit, address, &found);
    if (count <= 0) {
        free(found);
        return 0;
    }
    Dwarf_Die innermost = found[0];
    free(found);
    Dwarf_Die *scopes = NULL;
    count = dwarf_getscopes_die(&innermost, &scopes);
    int emitted = 0;
    // Innermost first; the first DW_TAG_subprogram is the function the code lives in, which
    // the symbol table already names.
    for (int index = 0; index < count; index++) {
        int tag = dwarf_tag(&scopes[index]);
        if (tag == DW_TAG_subprogram) break;
        if (tag != DW_TAG_inlined_subroutine) continue;
        const char *name = inlined_name(&scopes[index]);
        if (name == NULL) continue;
        emit(name, context);
        emitted++;
    }
    free(scopes);
    return emitted;
}

void roost_inline_frames_close(roost_inline_frames *frames) {
    if (frames == NULL) return;
    free(frames->ranges);
    dwarf_end(frames->dwarf);
    close(frames->fd);
    free(frames);
}
