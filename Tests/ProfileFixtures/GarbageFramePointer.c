// A caller with a garbage rbp, for the allocation profiler's stack walk (which must stop
// there and mark the stack truncated, never follow it).
#include "ProfileFixtures.h"
#include <stdlib.h>

void *roost_fixture_malloc_with_frame_pointer(size_t size, unsigned long frame_pointer) {
    void *result;
#if defined(__x86_64__)
    __asm__ volatile(
        "sub $128, %%rsp\n\t"        // step over the red zone
        "push %%rbp\n\t"
        "sub $8, %%rsp\n\t"          // 16-byte alignment at the call
        "mov %[fp], %%rbp\n\t"
        "mov %[size], %%rdi\n\t"
        "call malloc@PLT\n\t"
        "add $8, %%rsp\n\t"
        "pop %%rbp\n\t"
        "add $128, %%rsp\n\t"
        : "=a"(result)
        : [size] "r"(size), [fp] "r"(frame_pointer)
        : "rdi", "rsi", "rdx", "rcx", "r8", "r9", "r10", "r11", "memory", "cc");
#else
    (void)frame_pointer;
    result = malloc(size);
#endif
    return result;
}
