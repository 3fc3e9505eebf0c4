#ifndef ROOST_CALLGRIND_H
#define ROOST_CALLGRIND_H

/// Callgrind's client requests for `roost run --instructions` (valgrind.h and callgrind.h,
/// vendored from valgrind 3.19 under their BSD-style licence, so building Roost does not need
/// valgrind installed). Each request is a few no-op instructions outside valgrind.

/// Whether the process runs under valgrind (any tool): 0 outside it.
int roost_running_on_valgrind(void);

/// Switches callgrind's collection on for the calling thread (run with `--collect-atstart=no`):
/// what the thread executes from here on is counted.
void roost_callgrind_collect_on(void);

/// Switches the calling thread's collection off again and writes what was counted since the
/// last dump to a new dump file, its description `label` (then zeroes the counts).
void roost_callgrind_collect_off_and_dump(const char *label);

/// Starts callgrind's instrumentation (run with `--instr-atstart=no`): from here on callgrind
/// sees every instruction and call, and a thread that switches collection on is counted.
/// Flushes valgrind's translations (as stopping does): once per run, not once per step.
void roost_callgrind_start_instrumentation(void);

/// Stops callgrind's instrumentation for the rest of the process: what runs after the measured
/// steps (metrics, reports) runs at valgrind's plain speed, not callgrind's.
void roost_callgrind_stop_instrumentation(void);

/// Starts a detached thread that runs `body(context)` on a stack of `size` bytes at an address
/// fixed in advance (the Nth thread started here gets the same stack, and so the same TLS, in
/// every run); the stack stays mapped for the process's life. -1 when no room is left or the
/// address is taken (nothing was started).
int roost_fixed_stack_thread_start(unsigned long size, void (*body)(void *), void *context);

/// Sets the calling thread's timer slack (how late the kernel may wake it from a sleep) to
/// `nanoseconds` (prctl PR_SET_TIMERSLACK; 1 is the least). 0 on success, -1 otherwise.
int roost_set_timer_slack(unsigned long nanoseconds);

/// Tells the core the caller is spinning (x86's pause): a busy wait's loop body.
void roost_cpu_relax(void);

#endif
