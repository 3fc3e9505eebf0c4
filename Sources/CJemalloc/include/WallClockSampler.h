#ifndef ROOST_WALL_CLOCK_SAMPLER_H
#define ROOST_WALL_CLOCK_SAMPLER_H

// Wall-clock stack samples of registered threads (WallClockSampler.c): a sampler thread
// picks a few registered threads per tick, reads whether each is on CPU, and signals it; the
// thread's signal handler walks its own interrupted stack (StackWalk.c) into a slot reserved
// for it and acknowledges. Linux on x86_64; elsewhere registration fails and a sampler
// records nothing.
#include <stdint.h>

/// What the calling thread does now (a step's index; -1 none), read by the signal handler.
extern _Thread_local volatile int32_t roost_sampled_tag;

/// Sets the calling thread's tag: one thread-local store.
static inline void roost_sampled_thread_set_tag(int32_t tag) { roost_sampled_tag = tag; }

/// Registers the calling thread for sampling (its id, stack bounds and /proc stat file;
/// installs the signal handler the first time). Idempotent. 0 on success; -1 when no slot is
/// left or sampling is not supported here.
int roost_sampled_thread_register(void);
/// Unregisters the calling thread: no signal is sent to it afterwards, and one already sent
/// finds nothing to do. No-op when it is not registered.
void roost_sampled_thread_unregister(void);

/// One sample as the sampler keeps it.
typedef struct roost_wall_sample {
    /// Index of its leaf frame in the sampler's frames; `depth` frames follow, leaf first.
    uint64_t first_frame;
    int32_t tag;
    uint16_t depth;
    /// 1: the thread was running or runnable ('R' in /proc/self/task/TID/stat).
    uint8_t on_cpu;
    /// The walk's ROOST_STACK_* reason.
    uint8_t truncation;
} roost_wall_sample;

/// What a stopped sampler took; valid until it is destroyed.
typedef struct roost_wall_sampler_view {
    const roost_wall_sample *samples;
    uint64_t sample_count;
    const uint64_t *frames;
    /// Threads picked but not sampled: ended, no answer in time, or no room left.
    uint64_t missed;
    uint64_t ticks;
    /// CPU time of the sampler thread (reading states, signalling, waiting, copying).
    uint64_t sampler_cpu_ns;
    /// Time spent inside the signal handler on the sampled threads, summed.
    uint64_t handler_ns;
} roost_wall_sampler_view;

typedef struct roost_wall_sampler roost_wall_sampler;

/// Starts a sampler thread: every `interval_ns`, up to `threads_per_tick` registered threads,
/// round-robin; at most `capacity` samples kept. NULL when it cannot start (or sampling is
/// not supported here).
roost_wall_sampler *roost_wall_sampler_start(uint64_t interval_ns, int threads_per_tick, uint64_t capacity);
/// Stops the sampler thread and waits for it.
void roost_wall_sampler_stop(roost_wall_sampler *sampler);
/// What a stopped sampler took.
void roost_wall_sampler_read(const roost_wall_sampler *sampler, roost_wall_sampler_view *view);
/// Releases a stopped sampler's memory.
void roost_wall_sampler_destroy(roost_wall_sampler *sampler);

#endif
