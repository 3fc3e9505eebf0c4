// A function the compiler inlines (always, even unoptimised) that calls malloc, inside one
// that it does not: what a release build makes of a small Swift initialiser. The profile
// must still name the inlined function, from the binary's DWARF.
#include "ProfileFixtures.h"

#include <stdlib.h>

static inline __attribute__((always_inline)) void *roost_fixture_build_record(size_t size) {
    void *record = malloc(size);
    __asm__ volatile("" : : "r"(record) : "memory");  // no tail call: the return address stays in the caller
    return record;
}

__attribute__((noinline)) void *roost_fixture_build_record_outer(size_t size) {
    void *record = roost_fixture_build_record(size);
    __asm__ volatile("" : : "r"(record) : "memory");
    return record;
}
