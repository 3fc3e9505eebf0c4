// The calling thread's timer slack, for an open model's virtual users (TimerSlack.swift):
// Linux lets a sleeping thread wake up to 50 us late by default, to batch wake-ups; a user
// that waits on its next iteration's intended start wants it as soon as the time comes.
// prctl is variadic in C, which Swift cannot call.
#include "Callgrind.h"
#include <sys/prctl.h>

int roost_set_timer_slack(unsigned long nanoseconds) {
    return prctl(PR_SET_TIMERSLACK, nanoseconds, 0, 0, 0);
}

void roost_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}
