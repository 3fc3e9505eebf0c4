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
#include "CJemalloc.h"
#include <errno.h>
#include <stdbool.h>

static _Thread_local uint64_t allocation_calls;
static _Thread_local uint64_t free_calls;

void *malloc(size_t size) {
    allocation_calls++;
    return mallocx(size == 0 ? 1 : size, 0);
}

void *calloc(size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    allocation_calls++;
    return mallocx(total == 0 ? 1 : total, MALLOCX_ZERO);
}

void *realloc(void *pointer, size_t size) {
    if (pointer == NULL) return malloc(size);
    if (size == 0) {
        free(pointer);
        return NULL;
    }
    allocation_calls++;
    free_calls++;
    return rallocx(pointer, size, 0);
}

void *reallocarray(void *pointer, size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    return realloc(pointer, total);
}

void free(void *pointer) {
    if (pointer == NULL) return;
    free_calls++;
    dallocx(pointer, 0);
}

static bool is_power_of_two(size_t value) { return value != 0 && (value & (value - 1)) == 0; }

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (!is_power_of_two(alignment) || alignment < sizeof(void *)) return EINVAL;
    allocation_calls++;
    void *pointer = mallocx(size == 0 ? 1 : size, MALLOCX_ALIGN(alignment));
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (!is_power_of_two(alignment)) {
        errno = EINVAL;
        return NULL;
    }
    allocation_calls++;
    return mallocx(size == 0 ? 1 : size, MALLOCX_ALIGN(alignment));
}

void *memalign(size_t alignment, size_t size) { return aligned_alloc(alignment, size); }

void *valloc(size_t size) { return aligned_alloc(4096, size); }

void *pvalloc(size_t size) { return aligned_alloc(4096, (size + 4095) & ~(size_t)4095); }

static _Thread_local uint64_t *allocated_pointer;
static _Thread_local uint64_t *deallocated_pointer;

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
uint64_t roost_thread_free_calls(void) { return free_calls; }

int roost_malloc_is_jemalloc(void) {
    uint64_t before = roost_thread_bytes_allocated();
    // volatile: the optimiser would otherwise remove an unused malloc/free pair.
    void *volatile block = malloc(64 * 1024);
    uint64_t after = roost_thread_bytes_allocated();
    free(block);
    return block != NULL && after - before >= 64 * 1024;
}
