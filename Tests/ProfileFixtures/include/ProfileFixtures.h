#ifndef ROOST_PROFILE_FIXTURES_H
#define ROOST_PROFILE_FIXTURES_H
#include <stddef.h>

/// Calls malloc(size) with rbp holding `frame_pointer` instead of a frame: what a caller
/// compiled without frame pointers that uses rbp for data looks like to a frame walk.
void *roost_fixture_malloc_with_frame_pointer(size_t size, unsigned long frame_pointer);

/// Allocates `size` bytes in `roost_fixture_build_record`, which the compiler inlines here:
/// the symbol table names only this function, the DWARF both.
void *roost_fixture_build_record_outer(size_t size);

#endif
