// Arenas whose memory comes from a region of the address space of their own, at an address
// fixed in advance (`roost run --instructions`, ThreadArena.swift). jemalloc maps an arena's
// memory wherever mmap puts it, and mmap puts it in the first hole big enough: after the
// stacks of whichever threads exist at that moment (libdispatch starts and retires its worker
// threads by the clock), so the same allocation got another address from run to run. The
// Swift runtime's metadata caches hash metadata by address, so how many entries a lookup
// probed, and every counted step's instructions, depended on it. An arena made here bumps
// through its own reserved region instead: the same allocations, made in the same order by
// its thread, land at the same addresses in every run.
#include "CJemalloc.h"
#include <stdatomic.h>
#include <stdbool.h>
#include <sys/mman.h>

/// Where the regions start (32 GiB) and how big each is (1 GiB, reserved without backing:
/// only the pages jemalloc touches are resident). Below 64 GiB: under valgrind, addresses
/// from 64 GiB up are valgrind's own.
#define REGION_BASE ((uintptr_t)0x800000000ull)
#define REGION_SIZE ((uintptr_t)1 << 30)
#define REGION_COUNT 32
#define PAGE ((uintptr_t)4096)

typedef struct {
    extent_hooks_t hooks;  // first: jemalloc hands the hooks' pointer back to every hook
    uintptr_t start;
    uintptr_t next;
    uintptr_t end;
    atomic_flag busy;
} fixed_region;

static fixed_region regions[REGION_COUNT];
static atomic_int regions_used;

static void lock_region(fixed_region *region) {
    while (atomic_flag_test_and_set_explicit(&region->busy, memory_order_acquire)) {}
}

static void unlock_region(fixed_region *region) { atomic_flag_clear_explicit(&region->busy, memory_order_release); }

/// Anywhere mmap likes, aligned (what jemalloc's own hooks do): when the region is full.
static void *map_anywhere(size_t size, size_t alignment) {
    size_t padded = size + (alignment > PAGE ? alignment : 0);
    char *mapped = mmap(NULL, padded, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) return NULL;
    uintptr_t aligned = ((uintptr_t)mapped + alignment - 1) & ~(uintptr_t)(alignment - 1);
    if (aligned > (uintptr_t)mapped) munmap(mapped, aligned - (uintptr_t)mapped);
    uintptr_t tail = (uintptr_t)mapped + padded - (aligned + size);
    if (tail > 0) munmap((void *)(aligned + size), tail);
    return (void *)aligned;
}

static void *region_alloc(extent_hooks_t *hooks, void *new_addr, size_t size, size_t alignment, bool *zero,
                          bool *commit, unsigned arena_ind) {
    (void)arena_ind;
    fixed_region *region = (fixed_region *)hooks;
    if (alignment < PAGE) alignment = PAGE;
    lock_region(region);
    uintptr_t address = new_addr != NULL ? (uintptr_t)new_addr
                                         : (region->next + alignment - 1) & ~(uintptr_t)(alignment - 1);
    bool fits = address >= region->next && address + size <= region->end && address + size > address;
    // A request for a given address is met only at the region's end (growing in place).
    if (new_addr != NULL && address != region->next) fits = false;
    if (fits) region->next = address + size;
    unlock_region(region);
    if (!fits) {
        if (new_addr != NULL) return NULL;
        void *elsewhere = map_anywhere(size, alignment);
        if (elsewhere != NULL) {
            *zero = true;
            *commit = true;
        }
        return elsewhere;
    }
    // Never handed out before (freed extents stay with jemalloc, see region_dalloc): still zero.
    *zero = true;
    *commit = true;
    return (void *)address;
}

/// Opts out: the extent stays mapped and jemalloc keeps it for reuse (its `retain` default).
static bool region_dalloc(extent_hooks_t *hooks, void *address, size_t size, bool committed, unsigned arena_ind) {
    (void)hooks, (void)address, (void)size, (void)committed, (void)arena_ind;
    return true;
}

static void region_destroy(extent_hooks_t *hooks, void *address, size_t size, bool committed, unsigned arena_ind) {
    (void)hooks, (void)address, (void)size, (void)committed, (void)arena_ind;
}

/// The memory is always readable and writable: committing succeeds, decommitting opts out.
static bool region_commit(extent_hooks_t *hooks, void *address, size_t size, size_t offset, size_t length,
                          unsigned arena_ind) {
    (void)hooks, (void)address, (void)size, (void)offset, (void)length, (void)arena_ind;
    return false;
}

static bool region_decommit(extent_hooks_t *hooks, void *address, size_t size, size_t offset, size_t length,
                            unsigned arena_ind) {
    (void)hooks, (void)address, (void)size, (void)offset, (void)length, (void)arena_ind;
    return true;
}

static bool region_purge_forced(extent_hooks_t *hooks, void *address, size_t size, size_t offset, size_t length,
                                unsigned arena_ind) {
    (void)hooks, (void)size, (void)arena_ind;
    return madvise((char *)address + offset, length, MADV_DONTNEED) != 0;
}

/// Any extent can be split, and adjacent ones merged: all are plain anonymous mappings.
static bool region_split(extent_hooks_t *hooks, void *address, size_t size, size_t first, size_t second,
                         bool committed, unsigned arena_ind) {
    (void)hooks, (void)address, (void)size, (void)first, (void)second, (void)committed, (void)arena_ind;
    return false;
}

static bool region_merge(extent_hooks_t *hooks, void *first, size_t first_size, void *second, size_t second_size,
                         bool committed, unsigned arena_ind) {
    (void)hooks, (void)first, (void)first_size, (void)second, (void)second_size, (void)committed, (void)arena_ind;
    return false;
}

int roost_fixed_region_arena_create(unsigned *arena, uintptr_t *region_start) {
    int slot = atomic_fetch_add(&regions_used, 1);
    if (slot >= REGION_COUNT) return -1;
    uintptr_t start = REGION_BASE + (uintptr_t)slot * REGION_SIZE;
    void *reserved = mmap((void *)start, REGION_SIZE, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (reserved == MAP_FAILED) return -1;
    if ((uintptr_t)reserved != start) {  // taken: mmap put it elsewhere
        munmap(reserved, REGION_SIZE);
        return -1;
    }
    fixed_region *region = &regions[slot];
    region->hooks = (extent_hooks_t){
        .alloc = region_alloc,
        .dalloc = region_dalloc,
        .destroy = region_destroy,
        .commit = region_commit,
        .decommit = region_decommit,
        .purge_lazy = NULL,
        .purge_forced = region_purge_forced,
        .split = region_split,
        .merge = region_merge,
    };
    region->start = start;
    region->next = start;
    region->end = start + REGION_SIZE;
    atomic_flag_clear(&region->busy);
    extent_hooks_t *hooks = &region->hooks;
    size_t size = sizeof(*arena);
    if (mallctl("arenas.create", arena, &size, &hooks, sizeof(hooks)) != 0 || size != sizeof(*arena)) return -1;
    *region_start = start;
    return 0;
}
