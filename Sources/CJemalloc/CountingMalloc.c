// Per-thread allocation and free counts. This target defines malloc, free and friends
// itself: the executable's definitions come first in symbol lookup, so every allocation in
// the process (Swift runtime, Foundation, SQLite, C++) passes through here. Each counts in
// thread-local counters and forwards to jemalloc's own API (mallocx, rallocx, dallocx), so
// jemalloc stays the allocator and its `thread.allocated` byte counters keep working.
//
// (jemalloc 5.3's `experimental.hooks.install` was tried first: with hooks installed,
// threads exiting while the hooks were in crashed inside jemalloc's thread teardown, and a
// thread busy when they went in could keep skipping them. This costs a thread-local
// increment per call and is always on.)
//
// The allocation profiler (AllocationCapture.c) sits here too: an allocation made on a
// thread that captures (a measured step) is recorded with its stack, and a free of a
// recorded block forgets it. Off, that costs a thread-local compare per allocation and a
// global load per free, both almost always false (two and four instructions).
//
// Peak and temporary allocations (design 19) are counted only while this thread is inside a
// tracked span (`roost_peak_begin` .. `roost_peak_end`: a measured step): outside one, an
// allocation and a free each pay one more thread-local load and test. Inside one, an
// allocation reads the thread's net bytes from jemalloc's own per-thread counters (the
// usable sizes `thread.allocated` and `thread.deallocated` count, so the peak is in the same
// bytes as the step's bytes) and keeps the highest; a free compares its pointer with the
// thread's last allocation (heaptrack's temporary allocation).
#include "CJemalloc.h"
#include "ProfileInternal.h"
#include <errno.h>
#include <stdbool.h>

static ROOST_THREAD_LOCAL uint64_t allocation_calls;
static ROOST_THREAD_LOCAL uint64_t free_calls;

static ROOST_THREAD_LOCAL uint64_t *allocated_pointer;
static ROOST_THREAD_LOCAL uint64_t *deallocated_pointer;

/// This thread's peak tracking. `depth` > 0 only inside a tracked span; then both counter
/// pointers are set. `highest` is the highest net (allocated - deallocated, jemalloc's
/// running per-thread totals) seen since the innermost span began; `last` the thread's last
/// allocation since its last free (NULL after any free); `temporary` only grows.
typedef struct roost_thread_peak {
    int64_t highest;
    void *last;
    uint64_t temporary;
    uint32_t depth;
} roost_thread_peak;

static ROOST_THREAD_LOCAL roost_thread_peak peak_state;

/// Whether this thread is inside a tracked span: one thread-local load.
static inline __attribute__((always_inline)) bool tracking(void) {
    return ROOST_UNLIKELY(peak_state.depth != 0);
}

/// This thread's net bytes now (inside a tracked span: both pointers are set).
static inline __attribute__((always_inline)) int64_t net_bytes(void) {
    return (int64_t)(*(volatile uint64_t *)allocated_pointer - *(volatile uint64_t *)deallocated_pointer);
}

/// After an allocation inside a tracked span: the running net may be a new high, and `pointer`
/// is now the thread's last allocation. `overlap`: bytes that were live together with the new
/// block for a moment but are freed by now (a moving realloc's old block).
static inline __attribute__((always_inline)) void *note_allocation(void *pointer, int64_t overlap) {
    int64_t net = net_bytes() + overlap;
    if (net > peak_state.highest) peak_state.highest = net;
    peak_state.last = pointer;
    return pointer;
}

/// Before a free inside a tracked span: a free of the thread's last allocation, with no
/// allocation or free between, is a temporary allocation (heaptrack's rule).
static inline __attribute__((always_inline)) void note_free(void *pointer) {
    if (pointer == peak_state.last) peak_state.temporary++;
    peak_state.last = NULL;
}

/// Whether this thread captures (a measured step under a profile): one thread-local load.
static inline __attribute__((always_inline)) bool capturing(void) {
    return ROOST_UNLIKELY(roost_capture.recorder != NULL);
}

/// Hands a new block to the profiler (this thread captures). `frame` is the interposer
/// entry's frame (the stack walk starts at its caller).
static inline __attribute__((always_inline)) void *allocated(void *pointer, size_t request, int flags, uintptr_t frame) {
    roost_thread_capture *capture = &roost_capture;
    if (pointer == NULL) return NULL;
    // Sampled: most allocations only count down the bytes to the next sample.
    if (capture->sampling) {
        capture->bytes_until_sample -= (int64_t)request;
        if (ROOST_LIKELY(capture->bytes_until_sample > 0)) return pointer;
    }
    roost_profile_allocated(pointer, nallocx(request, flags), request, frame);
    return pointer;
}

static inline __attribute__((always_inline)) bool profiles_exist(void) {
    return ROOST_UNLIKELY(atomic_load_explicit(&roost_live_sessions, memory_order_relaxed) != 0);
}

static inline __attribute__((always_inline)) void release(void *pointer) {
    free_calls++;
    if (tracking()) note_free(pointer);
    if (profiles_exist()) roost_profile_forget(pointer);
    dallocx(pointer, 0);
}

/// An allocation made while this thread captures (out of line: the common path stays short).
static __attribute__((noinline)) void *allocate_captured(size_t request, int flags, uintptr_t frame) {
    return allocated(mallocx(request, flags), request, flags, frame);
}

/// `note_allocation` on a capturing thread: the running net may also be the execution's new
/// highest point, which the recorder's peak log marks (PeakSites.c). Profile modes only.
static inline __attribute__((always_inline)) void *note_captured_allocation(void *pointer, int64_t overlap) {
    int64_t net = net_bytes() + overlap;
    if (net > peak_state.highest) peak_state.highest = net;
    peak_state.last = pointer;
    roost_thread_capture *capture = &roost_capture;
    if (capture->peak_logging && net > capture->peak_high) {
        capture->peak_high = net;
        roost_profile_peak_mark();
    }
    return pointer;
}

/// An allocation inside a tracked span while this thread captures (out of line).
static __attribute__((noinline)) void *allocate_tracked_captured(size_t request, int flags, uintptr_t frame) {
    return note_captured_allocation(allocated(mallocx(request, flags), request, flags, frame), 0);
}

/// An allocation inside a tracked span (out of line, as the captured one).
static __attribute__((noinline)) void *allocate_tracked(size_t request, int flags, uintptr_t frame) {
    if (capturing()) return allocate_tracked_captured(request, flags, frame);
    return note_allocation(mallocx(request, flags), 0);
}

static inline __attribute__((always_inline)) void *allocate(size_t size, int flags, uintptr_t frame) {
    allocation_calls++;
    size_t request = size == 0 ? 1 : size;
    if (tracking()) return allocate_tracked(request, flags, frame);
    // Not capturing (almost always): straight to jemalloc, as a tail call.
    if (!capturing()) return mallocx(request, flags);
    return allocate_captured(request, flags, frame);
}

void *malloc(size_t size) { return allocate(size, 0, (uintptr_t)__builtin_frame_address(0)); }

void *calloc(size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    return allocate(total, MALLOCX_ZERO, (uintptr_t)__builtin_frame_address(0));
}

static inline __attribute__((always_inline)) void *reallocate(void *pointer, size_t size, uintptr_t frame) {
    if (pointer == NULL) return allocate(size, 0, frame);
    if (size == 0) {
        release(pointer);
        return NULL;
    }
    allocation_calls++;
    free_calls++;
    // The old block leaves the live table before rallocx frees it (another thread may get
    // its address at once); it goes back if rallocx fails and the block stays.
    roost_profile_live old;
    bool recorded = profiles_exist() && roost_live_may_contain((uintptr_t)pointer)
        && roost_live_take((uintptr_t)pointer, &old);
    bool tracked = tracking();
    // A tracked realloc is a free then an allocation (as heaptrack reads it); a block that
    // moved was live beside its copy until rallocx freed it, so the peak counts both.
    uint64_t freed_before = tracked ? *(volatile uint64_t *)deallocated_pointer : 0;
    if (tracked) note_free(pointer);
    void *moved = rallocx(pointer, size, 0);
    if (moved == NULL) {
        if (recorded) roost_live_insert(&old);
        return NULL;
    }
    if (capturing()) {
        // Resized in place: the old block ends here and the new one (if recorded) begins, at one address.
        if (recorded && moved == pointer && roost_capture.peak_logging) roost_profile_peak_freed(&old);
        allocated(moved, size, 0, frame);
    }
    if (!tracked) return moved;
    int64_t old_size = (int64_t)(*(volatile uint64_t *)deallocated_pointer - freed_before);
    int64_t overlap = moved == pointer ? 0 : old_size;
    if (!capturing()) return note_allocation(moved, overlap);
    note_captured_allocation(moved, overlap);
    // Moved: the old block was live beside its copy at that moment; its free is logged after it.
    if (recorded && moved != pointer && roost_capture.peak_logging) roost_profile_peak_freed(&old);
    return moved;
}

void *realloc(void *pointer, size_t size) { return reallocate(pointer, size, (uintptr_t)__builtin_frame_address(0)); }

void *reallocarray(void *pointer, size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    return reallocate(pointer, total, (uintptr_t)__builtin_frame_address(0));
}

void free(void *pointer) {
    if (pointer == NULL) return;
    release(pointer);
}

static bool is_power_of_two(size_t value) { return value != 0 && (value & (value - 1)) == 0; }

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (!is_power_of_two(alignment) || alignment < sizeof(void *)) return EINVAL;
    void *pointer = allocate(size, MALLOCX_ALIGN(alignment), (uintptr_t)__builtin_frame_address(0));
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

static inline __attribute__((always_inline)) void *aligned(size_t alignment, size_t size, uintptr_t frame) {
    if (!is_power_of_two(alignment)) {
        errno = EINVAL;
        return NULL;
    }
    return allocate(size, MALLOCX_ALIGN(alignment), frame);
}

void *aligned_alloc(size_t alignment, size_t size) { return aligned(alignment, size, (uintptr_t)__builtin_frame_address(0)); }

void *memalign(size_t alignment, size_t size) { return aligned(alignment, size, (uintptr_t)__builtin_frame_address(0)); }

void *valloc(size_t size) { return aligned(4096, size, (uintptr_t)__builtin_frame_address(0)); }

void *pvalloc(size_t size) {
    return aligned(4096, (size + 4095) & ~(size_t)4095, (uintptr_t)__builtin_frame_address(0));
}

static int look_up_byte_counters(void) {
    size_t size = sizeof(uint64_t *);
    if (mallctl("thread.allocatedp", &allocated_pointer, &size, NULL, 0) != 0) return 0;
    size = sizeof(uint64_t *);
    if (mallctl("thread.deallocatedp", &deallocated_pointer, &size, NULL, 0) != 0) {
        allocated_pointer = NULL;
        return 0;
    }
    return 1;
}

uint64_t roost_thread_bytes_allocated(void) {
    if (allocated_pointer == NULL && !look_up_byte_counters()) return 0;
    return *(volatile uint64_t *)allocated_pointer;
}

uint64_t roost_thread_bytes_freed(void) {
    if (deallocated_pointer == NULL && !look_up_byte_counters()) return 0;
    return *(volatile uint64_t *)deallocated_pointer;
}

uint64_t roost_thread_allocation_calls(void) { return allocation_calls; }

int roost_peak_begin(roost_peak_mark *mark) {
    if (allocated_pointer == NULL && !look_up_byte_counters()) return 0;
    int64_t net = net_bytes();
    mark->start = net;
    mark->outer_highest = peak_state.highest;
    mark->temporary = peak_state.temporary;
    if (peak_state.depth == 0) {
        peak_state.last = NULL;
        // Under a profile, the recorder logs this span for its sites at the peak.
        if (capturing()) roost_profile_peak_begin(net);
    }
    peak_state.highest = net;
    peak_state.depth++;
    return 1;
}

void roost_peak_end(const roost_peak_mark *mark, uint64_t *peak, uint64_t *temporary) {
    int64_t highest = peak_state.highest;
    *peak = highest > mark->start ? (uint64_t)(highest - mark->start) : 0;
    *temporary = peak_state.temporary - mark->temporary;
    peak_state.depth--;
    // An enclosing span's high includes this one's.
    if (peak_state.depth != 0 && mark->outer_highest > highest) peak_state.highest = mark->outer_highest;
    if (peak_state.depth == 0) {
        peak_state.last = NULL;
        if (capturing()) roost_profile_peak_end(*peak);
    }
}
uint64_t roost_thread_free_calls(void) { return free_calls; }
uint64_t roost_thread_temporary_allocations(void) { return peak_state.temporary; }

int roost_malloc_is_jemalloc(void) {
    uint64_t before = roost_thread_bytes_allocated();
    // volatile: the optimiser would otherwise remove an unused malloc/free pair.
    void *volatile block = malloc(64 * 1024);
    uint64_t after = roost_thread_bytes_allocated();
    free(block);
    return block != NULL && after - before >= 64 * 1024;
}
