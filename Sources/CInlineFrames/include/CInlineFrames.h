#ifndef ROOST_INLINE_FRAMES_H
#define ROOST_INLINE_FRAMES_H

#include <stdint.h>

/// A module's DWARF, opened once for looking up the functions the compiler inlined at a
/// code address (libdw, from elfutils). Opaque.
typedef struct roost_inline_frames roost_inline_frames;

/// Opens the DWARF of the ELF file at `path`; NULL when the file has none or cannot be read.
roost_inline_frames *roost_inline_frames_open(const char *path);

/// Calls `emit` with the name of each function inlined at `address` (a file-relative code
/// address: the module-relative offset), innermost first: its linkage (mangled) name when
/// it has one, else its plain name. Returns how many it emitted (0: nothing inlined there,
/// or no debug information for the address).
int roost_inline_frames_lookup(roost_inline_frames *frames, uint64_t address,
                               void (*emit)(const char *name, void *context), void *context);

void roost_inline_frames_close(roost_inline_frames *frames);

#endif
