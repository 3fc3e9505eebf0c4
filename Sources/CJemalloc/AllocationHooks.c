// Thread-local allocation counters fed by jemalloc's experimental hooks (jemalloc 5.3,
// `experimental.hooks.install`). The hook types are jemalloc's internal `hooks_t`
// (include/jemalloc/internal/hook.h), which the public header does not declare.
#include "CJemalloc.h"
#include <pthread.h>

typedef void (*roost_hook_alloc)(void *extra, int type, void *result, uintptr_t result_raw,
                                 uintptr_t args_raw[3]);
typedef void (*roost_hook_dalloc)(void *extra, int type, void *address, uintptr_t args_raw[3]);
typedef void (*roost_hook_expand)(void *extra, int type, void *address, size_t old_usize,
                                  size_t new_usize, uintptr_t result_raw, uintptr_t args_raw[4]);
typedef struct {
    roost_hook_alloc alloc_hook;
    roost_hook_dalloc dalloc_hook;
    roost_hook_expand expand_hook;
    void *extra;
} roost_hooks_t;

static _Thread_local uint64_t allocation_calls;
static _Thread_local uint64_t free_calls;

static void count_allocation(void *extra, int type, void *result, uintptr_t result_raw,
                             uintptr_t args_raw[3]) {
    (void)extra; (void)type; (void)result; (void)result_raw; (void)args_raw;
    allocation_calls++;
}

static void count_free(void *extra, int type, void *address, uintptr_t args_raw[3]) {
    (void)extra; (void)type; (void)args_raw;
    if (address != NULL) free_calls++;
}

static void count_resize(void *extra, int type, void *address, size_t old_usize,
                         size_t new_usize, uintptr_t result_raw, uintptr_t args_raw[4]) {
    (void)extra; (void)type; (void)address; (void)old_usize; (void)new_usize;
    (void)result_raw; (void)args_raw;
    allocation_calls++;
}

// Installing any hook sends every thread through jemalloc's slow path (about 10x the
// cost of a small malloc + free on this machine), so the hooks are in only while someone
// counts: the first `begin` installs them, the last `end` removes them.
static pthread_mutex_t counting_lock = PTHREAD_MUTEX_INITIALIZER;
static void *installed_handle = NULL;
static long counting_holders = 0;

int roost_allocation_counting_begin(void) {
    pthread_mutex_lock(&counting_lock);
    int result = 0;
    if (counting_holders == 0) {
        roost_hooks_t hooks = { count_allocation, count_free, count_resize, NULL };
        void *handle = NULL;
        size_t handle_size = sizeof(handle);
        result = mallctl("experimental.hooks.install", &handle, &handle_size, &hooks, sizeof(hooks));
        if (result == 0) installed_handle = handle;
    }
    if (result == 0) counting_holders++;
    pthread_mutex_unlock(&counting_lock);
    return result;
}

void roost_allocation_counting_end(void) {
    pthread_mutex_lock(&counting_lock);
    if (counting_holders > 0 && --counting_holders == 0 && installed_handle != NULL) {
        void *handle = installed_handle;
        if (mallctl("experimental.hooks.remove", NULL, NULL, &handle, sizeof(handle)) == 0) {
            installed_handle = NULL;
        }
    }
    pthread_mutex_unlock(&counting_lock);
}

int roost_allocation_counting_is_on(void) {
    pthread_mutex_lock(&counting_lock);
    int on = counting_holders > 0;
    pthread_mutex_unlock(&counting_lock);
    return on;
}

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
