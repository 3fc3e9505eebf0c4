#ifndef ROOST_CJEMALLOC_H
#define ROOST_CJEMALLOC_H

// jemalloc and the few C-level helpers MemoryProbes needs.
//
// Debian's jemalloc is built without a `je_` prefix: linking it replaces malloc, free and
// friends for the whole process (Swift runtime, Foundation, SQLite). This target links
// it (Package.swift: linkedLibrary "jemalloc").
#include <stddef.h>
#include <stdint.h>
#include <jemalloc/jemalloc.h>
#include "AllocationProfile.h"
#include "WallClockSampler.h"

/// Bytes this thread has allocated since it started: a volatile load through jemalloc's
/// `thread.allocatedp` (looked up once per thread, without allocating). 0 if unavailable.
uint64_t roost_thread_bytes_allocated(void);
/// 1 when the process's `malloc` is this jemalloc: a 64 KiB malloc through the C
/// library's symbol moves this thread's `thread.allocated`.
int roost_malloc_is_jemalloc(void);
/// Bytes this thread has freed since it started (`thread.deallocatedp`). 0 if unavailable.
uint64_t roost_thread_bytes_freed(void);

// Per-thread allocation and free counts: this target interposes malloc, free and friends
// (CountingMalloc.c), counting each call in thread-local counters before forwarding it to
// jemalloc. Always on; a thread-local increment per call.

/// Allocation calls made on this thread since it started (malloc, calloc, realloc,
/// posix_memalign, aligned_alloc, memalign, valloc).
uint64_t roost_thread_allocation_calls(void);
/// Free calls made on this thread since it started (free, and every realloc of an
/// existing block).
uint64_t roost_thread_free_calls(void);
/// Temporary allocations counted on this thread since it started, inside tracked spans only
/// (`roost_peak_begin`).
uint64_t roost_thread_temporary_allocations(void);

/// Where a tracked span began (`roost_peak_begin`); opaque to callers.
typedef struct roost_peak_mark {
    int64_t start;
    int64_t outer_highest;
    uint64_t temporary;
} roost_peak_mark;

/// Starts a tracked span on this thread (spans nest): until the matching `roost_peak_end`,
/// every allocation on this thread updates the highest net bytes (allocated minus freed, in
/// jemalloc's usable sizes) and every free checks for a temporary allocation. 1 on success, 0
/// when jemalloc's per-thread counters are unavailable (nothing is tracked then: do not end).
int roost_peak_begin(roost_peak_mark *mark);
/// Ends the span `mark` began (the innermost one): `*peak` gets the highest net bytes above the
/// span's start (0 when the thread never held more than at its start), `*temporary` the
/// allocations freed before the thread's next allocation or free (heaptrack's temporary).
void roost_peak_end(const roost_peak_mark *mark, uint64_t *peak, uint64_t *temporary);

/// Creates a jemalloc arena whose memory comes from a region of its own, reserved at an
/// address fixed in advance (FixedRegionArena.c): the same allocations made in the same order
/// get the same addresses in every run. 0 with the arena's index and the region's start; -1
/// when no region is left or its address is taken (nothing is created then).
int roost_fixed_region_arena_create(unsigned *arena, uintptr_t *region_start);

// Swift runtime entry points MemoryProbes reads (declared here so Swift code calls them
// with the C convention they have on x86_64 and arm64 Linux).

/// The strong retain count of a native Swift object.
size_t swift_retainCount(void *object);
/// Metadata for a mangled type name (symbolic references resolved relative to `name`).
/// A Swift-convention function whose four pointer-sized arguments and single result use
/// the same registers as C on x86_64 and arm64.
const void *swift_getTypeByMangledNameInContext(const char *name, size_t length,
                                                const void *context,
                                                const void *const *genericArguments);

#endif
