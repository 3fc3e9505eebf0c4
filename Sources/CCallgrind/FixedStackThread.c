// Threads whose stacks are at addresses fixed in advance, for `roost run --instructions`
// (FixedStackThread.swift). glibc puts a thread's TLS at the top of its stack, and jemalloc
// seeds the per-thread generator that picks a large allocation's random cache-line offset from
// the address of its thread-local state: with stacks wherever mmap puts them (after whichever
// libdispatch workers' stacks exist at that moment), a virtual user's large blocks (the Swift
// runtime's metadata pages among them) began at other offsets from run to run, and the
// runtime's metadata caches, which hash metadata by address, probed more or fewer entries.
#define _GNU_SOURCE
#include "Callgrind.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/mman.h>

/// Where the stacks start (28 GiB, below the fixed arenas' regions at 32 GiB; under valgrind,
/// addresses from 64 GiB up are valgrind's own), and how many there are room for.
#define STACK_AREA ((uintptr_t)0x700000000ull)
#define STACK_AREA_SIZE ((uintptr_t)4 << 30)
#define GUARD ((uintptr_t)4096)

static atomic_uintptr_t stacks_used;

typedef struct {
    void (*body)(void *);
    void *context;
} start;

static void *run(void *argument) {
    start begin = *(start *)argument;
    munmap(argument, sizeof(start));  // made with mmap: no allocation before the body's
    begin.body(begin.context);
    return NULL;
}

int roost_fixed_stack_thread_start(unsigned long size, void (*body)(void *), void *context) {
    size = (size + GUARD - 1) & ~(GUARD - 1);
    uintptr_t offset = atomic_fetch_add(&stacks_used, size + GUARD);
    if (offset + size + GUARD > STACK_AREA_SIZE) return -1;
    uintptr_t address = STACK_AREA + offset;
    // The guard page below the stack stays unmapped: an overflow faults instead of writing on.
    void *stack = mmap((void *)(address + GUARD), size, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED) return -1;
    if ((uintptr_t)stack != address + GUARD) {  // taken: mmap put it elsewhere
        munmap(stack, size);
        return -1;
    }
    start *begin = mmap(NULL, sizeof(start), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (begin == MAP_FAILED) {
        munmap(stack, size);
        return -1;
    }
    begin->body = body;
    begin->context = context;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstack(&attributes, stack, size);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    int failed = pthread_create(&thread, &attributes, run, begin);
    pthread_attr_destroy(&attributes);
    if (failed) {
        munmap(begin, sizeof(start));
        munmap(stack, size);
        return -1;
    }
    return 0;
}
