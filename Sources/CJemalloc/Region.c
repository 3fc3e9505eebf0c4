// Memory for the allocation profiler: anonymous mappings, never the counted allocator, so
// what the profiler keeps never shows in jemalloc's counters or in a step's allocations.
#define _GNU_SOURCE
#include "ProfileInternal.h"
#include <sys/mman.h>

void *roost_region_map(size_t size) {
    void *region = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return region == MAP_FAILED ? NULL : region;
}

void roost_region_unmap(void *region, size_t size) {
    if (region != NULL && size > 0) munmap(region, size);
}

void *roost_region_grow(void *region, size_t old_size, size_t new_size) {
    if (region == NULL) return roost_region_map(new_size);
    void *grown = mremap(region, old_size, new_size, MREMAP_MAYMOVE);
    return grown == MAP_FAILED ? NULL : grown;
}
