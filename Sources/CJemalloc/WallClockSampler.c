// Wall-clock stack samples of registered threads, on CPU or not (async-profiler's wall mode).
//
// A thread registers itself (its tid, its stack bounds, an open /proc/self/task/TID/stat)
// and gets a slot: mapped memory holding the request and answer words, the frames of its
// latest sample and an unwind cache, never unmapped (reused by later threads), so a late
// signal handler never writes into memory that went away. A sampler thread wakes every
// interval, picks up to threads_per_tick registered threads round-robin, and for each:
//
//   1. claims the slot (REGISTERED -> SIGNALLED, a compare-and-swap: a thread that is
//      unregistering holds LEAVING and is skipped; while SIGNALLED, unregistering waits);
//   2. reads whether the thread is on CPU: 'R' (running or runnable) in its stat file, read
//      with pread on the descriptor kept open since registration. Read before the signal,
//      which itself wakes a sleeping thread;
//   3. stores a fresh request number in the slot and sends SIGPROF with tgkill.
//
// then waits (a futex the handlers bump) until every signalled thread has answered or the
// next tick is due, copies the answered samples out, and gives the slots back.
//
// The handler runs on the sampled thread: it takes the request (an atomic exchange: a
// signal that arrives late, after the sampler gave up and took the request back, or after
// the thread unregistered, finds nothing and returns), walks the interrupted stack from the
// ucontext's rip, rsp and rbp (StackWalk.c: frame pointers, DWARF CFI where there are none,
// every read inside the thread's stack), stores the frames and the thread's tag in its slot
// and publishes the request number as its answer. No allocation, no lock, no stdio; errno is
// kept. Two handlers of one thread never overlap (the signal is blocked while its handler
// runs), and the sampler reads a slot only after seeing the answer to its own request, so a
// late handler never tears a sample that is being read.
//
// A thread that ended without unregistering is found by the sampler (pread or tgkill fail
// with ESRCH): counted as a miss, its slot freed. No signal is ever sent to a tid whose
// slot is not claimed, so a reused tid is never signalled for a thread that is gone.
//
// SIGPROF: nothing else in the process uses it (no setitimer profiling, no gperftools);
// registration fails if another handler is installed for it. SA_RESTART restarts most
// interrupted system calls, but not all: nanosleep, clock_nanosleep, poll, epoll_wait and
// futex waits with a timeout return EINTR (glibc's mutexes and condition variables retry).
#define _GNU_SOURCE
#include "ProfileInternal.h"
#include "WallClockSampler.h"
#include <errno.h>
#include <limits.h>
#include <string.h>

_Thread_local volatile int32_t roost_sampled_tag = -1;

#if defined(__linux__) && defined(__x86_64__)

#include <fcntl.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#define SAMPLE_SIGNAL SIGPROF
/// Registered threads at most at once (slots are reused).
#define MAX_SAMPLED_THREADS 4096
#define SLOT_FRAMES ROOST_PROFILE_MAX_FRAMES

enum { SLOT_FREE = 0, SLOT_REGISTERED = 1, SLOT_SIGNALLED = 2, SLOT_LEAVING = 3 };

typedef struct sampled_slot {
    _Atomic int state;
    pid_t tid;
    int stat_fd;
    roost_walk_bounds bounds;
    /// The sampler's request number (0: none); the handler takes it with an exchange.
    _Atomic uint64_t request;
    /// The request number the handler last answered; written after the fields below.
    _Atomic uint64_t answered;
    int32_t tag;
    uint16_t depth;
    uint8_t truncation;
    uint64_t handler_ns;
    uintptr_t frames[SLOT_FRAMES];
    roost_unwind_cache_entry cache[ROOST_UNWIND_CACHE_SIZE];
} sampled_slot;

static sampled_slot *_Atomic slots[MAX_SAMPLED_THREADS];
static _Atomic uint32_t slot_count;
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local sampled_slot *self_slot;

/// Bumped by every handler that answers; the sampler waits on it.
static _Atomic uint32_t answers;
/// Request numbers, process-wide (two samplers never reuse one).
static _Atomic uint64_t next_request = 1;

static pthread_once_t install_once = PTHREAD_ONCE_INIT;
static bool handler_installed;

static uint64_t now_ns(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static long futex(_Atomic uint32_t *word, int op, uint32_t value, const struct timespec *timeout, uint32_t mask) {
    return syscall(SYS_futex, word, op, value, timeout, NULL, mask);
}

static void sample_handler(int signal, siginfo_t *info, void *context) {
    (void)signal;
    (void)info;
    int saved_errno = errno;
    sampled_slot *slot = self_slot;
    uint64_t request = slot == NULL ? 0 : atomic_exchange_explicit(&slot->request, 0, memory_order_acq_rel);
    if (request != 0) {
        uint64_t start = now_ns(CLOCK_MONOTONIC);
        const mcontext_t *machine = &((const ucontext_t *)context)->uc_mcontext;
        int truncation = ROOST_STACK_COMPLETE;
        int depth = roost_walk_stack_from_registers(
            (uintptr_t)machine->gregs[REG_RIP], (uintptr_t)machine->gregs[REG_RSP], (uintptr_t)machine->gregs[REG_RBP],
            &slot->bounds, slot->cache, slot->frames, SLOT_FRAMES, &truncation);
        slot->tag = roost_sampled_tag;
        slot->depth = (uint16_t)depth;
        slot->truncation = (uint8_t)truncation;
        slot->handler_ns = now_ns(CLOCK_MONOTONIC) - start;
        atomic_store_explicit(&slot->answered, request, memory_order_release);
        atomic_fetch_add_explicit(&answers, 1, memory_order_release);
        futex(&answers, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, 0);
    }
    errno = saved_errno;
}

static void install_handler(void) {
    struct sigaction existing;
    if (sigaction(SAMPLE_SIGNAL, NULL, &existing) != 0) return;
    // Someone else's SIGPROF handler (a profiler of its own): leave it, sample nothing.
    if ((existing.sa_flags & SA_SIGINFO) ? existing.sa_sigaction != NULL
                                         : (existing.sa_handler != SIG_DFL && existing.sa_handler != SIG_IGN)) {
        return;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = sample_handler;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    handler_installed = sigaction(SAMPLE_SIGNAL, &action, NULL) == 0;
}

int roost_sampled_thread_register(void) {
    if (self_slot != NULL) return 0;
    pthread_once(&install_once, install_handler);
    if (!handler_installed) return -1;
    pid_t tid = gettid();
    char path[64];
    snprintf(path, sizeof path, "/proc/self/task/%d/stat", (int)tid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    uintptr_t low, high;
    roost_thread_stack_bounds(&low, &high);

    pthread_mutex_lock(&registry_lock);
    sampled_slot *slot = NULL;
    uint32_t count = atomic_load_explicit(&slot_count, memory_order_relaxed);
    for (uint32_t i = 0; i < count && slot == NULL; i++) {
        sampled_slot *candidate = atomic_load_explicit(&slots[i], memory_order_relaxed);
        if (atomic_load_explicit(&candidate->state, memory_order_relaxed) == SLOT_FREE) slot = candidate;
    }
    if (slot == NULL && count < MAX_SAMPLED_THREADS && (slot = roost_region_map(sizeof(sampled_slot))) != NULL) {
        atomic_store_explicit(&slots[count], slot, memory_order_release);
        atomic_store_explicit(&slot_count, count + 1, memory_order_release);
    }
    if (slot == NULL) {
        pthread_mutex_unlock(&registry_lock);
        close(fd);
        return -1;
    }
    slot->tid = tid;
    slot->stat_fd = fd;
    slot->bounds = (roost_walk_bounds){.low = low, .high = high, .stop = UINTPTR_MAX};
    atomic_store_explicit(&slot->request, 0, memory_order_relaxed);
    // The cache holds rules by return address, valid in any thread: it stays.
    self_slot = slot;
    atomic_store_explicit(&slot->state, SLOT_REGISTERED, memory_order_release);
    pthread_mutex_unlock(&registry_lock);

    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SAMPLE_SIGNAL);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    return 0;
}

/// Frees a slot (its thread unregistered or is gone).
static void release_slot(sampled_slot *slot) {
    close(slot->stat_fd);
    slot->stat_fd = -1;
    pthread_mutex_lock(&registry_lock);
    atomic_store_explicit(&slot->state, SLOT_FREE, memory_order_release);
    pthread_mutex_unlock(&registry_lock);
}

void roost_sampled_thread_unregister(void) {
    sampled_slot *slot = self_slot;
    if (slot == NULL) return;
    for (;;) {
        int expected = SLOT_REGISTERED;
        if (atomic_compare_exchange_strong(&slot->state, &expected, SLOT_LEAVING)) break;
        // SIGNALLED: a sampler has signalled this thread and waits for the answer, which this
        // thread's handler gives as soon as the signal lands (at the latest on the return from
        // sched_yield); then, or at its timeout, the sampler lets go.
        sched_yield();
    }
    self_slot = NULL;
    atomic_store_explicit(&slot->request, 0, memory_order_relaxed);
    release_slot(slot);
}

// ---- The sampler ----

struct roost_wall_sampler {
    uint64_t interval_ns;
    uint32_t threads_per_tick;
    uint64_t capacity;
    pthread_t thread;
    _Atomic uint32_t running;
    uint32_t cursor;
    // What it took (mapped, grown as needed).
    roost_wall_sample *samples;
    uint64_t sample_count, sample_capacity;
    uint64_t *frames;
    uint64_t frame_count, frame_capacity;
    uint64_t missed, ticks, sampler_cpu_ns, handler_ns;
    // One tick's picks (threads_per_tick of each).
    sampled_slot **picked;
    uint64_t *requests;
    uint8_t *on_cpu;
};

/// Whether the stat line in `text` says the thread is running or runnable: the state is the
/// field after the command, which is in parentheses and may itself hold ')'.
static bool running_state(const char *text, ssize_t length) {
    for (ssize_t i = length - 1; i >= 0; i--) {
        if (text[i] == ')') return i + 2 < length && text[i + 2] == 'R';
    }
    return false;
}

/// Keeps the answered sample of `slot`; false when there is no room.
static bool keep_sample(roost_wall_sampler *s, const sampled_slot *slot, bool on_cpu) {
    if (s->sample_count >= s->capacity) return false;
    if (s->sample_count == s->sample_capacity) {
        uint64_t capacity = s->sample_capacity * 2;
        void *grown = roost_region_grow(s->samples, s->sample_capacity * sizeof(roost_wall_sample),
                                        capacity * sizeof(roost_wall_sample));
        if (grown == NULL) return false;
        s->samples = grown;
        s->sample_capacity = capacity;
    }
    uint64_t depth = slot->depth;
    while (s->frame_count + depth > s->frame_capacity) {
        uint64_t capacity = s->frame_capacity * 2;
        void *grown = roost_region_grow(s->frames, s->frame_capacity * sizeof(uint64_t), capacity * sizeof(uint64_t));
        if (grown == NULL) return false;
        s->frames = grown;
        s->frame_capacity = capacity;
    }
    memcpy(&s->frames[s->frame_count], slot->frames, depth * sizeof(uint64_t));
    s->samples[s->sample_count++] = (roost_wall_sample){
        .first_frame = s->frame_count, .tag = slot->tag, .depth = (uint16_t)depth, .on_cpu = on_cpu,
        .truncation = slot->truncation,
    };
    s->frame_count += depth;
    s->handler_ns += slot->handler_ns;
    return true;
}

/// Claims up to threads_per_tick registered threads, reads their states and signals them.
static uint32_t signal_threads(roost_wall_sampler *s, pid_t pid) {
    uint32_t count = atomic_load_explicit(&slot_count, memory_order_acquire), picked = 0;
    for (uint32_t scanned = 0; scanned < count && picked < s->threads_per_tick; scanned++) {
        sampled_slot *slot = atomic_load_explicit(&slots[s->cursor++ % count], memory_order_acquire);
        int expected = SLOT_REGISTERED;
        if (!atomic_compare_exchange_strong(&slot->state, &expected, SLOT_SIGNALLED)) {
            if (expected == SLOT_LEAVING) s->missed++;  // it ended as its turn came
            continue;
        }
        char line[80];
        ssize_t length = pread(slot->stat_fd, line, sizeof line, 0);
        if (length <= 0) {
            s->missed++;
            if (length < 0 && errno == ESRCH) release_slot(slot);  // ended without unregistering
            else atomic_store_explicit(&slot->state, SLOT_REGISTERED, memory_order_release);
            continue;
        }
        uint64_t request = atomic_fetch_add_explicit(&next_request, 1, memory_order_relaxed);
        atomic_store_explicit(&slot->request, request, memory_order_release);
        if (syscall(SYS_tgkill, pid, slot->tid, SAMPLE_SIGNAL) != 0) {
            int error = errno;
            atomic_store_explicit(&slot->request, 0, memory_order_relaxed);
            s->missed++;
            if (error == ESRCH) release_slot(slot);
            else atomic_store_explicit(&slot->state, SLOT_REGISTERED, memory_order_release);
            continue;
        }
        s->picked[picked] = slot;
        s->requests[picked] = request;
        s->on_cpu[picked] = running_state(line, length);
        picked++;
    }
    return picked;
}

/// Waits until every picked thread answered or `deadline` (CLOCK_MONOTONIC) passed, keeping
/// the samples; the rest are misses. Gives every slot back.
static void collect_answers(roost_wall_sampler *s, uint32_t picked, uint64_t deadline) {
    uint32_t pending = picked;
    while (pending > 0) {
        uint32_t observed = atomic_load_explicit(&answers, memory_order_acquire);
        for (uint32_t i = 0; i < picked; i++) {
            sampled_slot *slot = s->picked[i];
            if (slot == NULL || atomic_load_explicit(&slot->answered, memory_order_acquire) != s->requests[i]) continue;
            if (!keep_sample(s, slot, s->on_cpu[i])) s->missed++;
            atomic_store_explicit(&slot->state, SLOT_REGISTERED, memory_order_release);
            s->picked[i] = NULL;
            pending--;
        }
        uint64_t now = now_ns(CLOCK_MONOTONIC);
        if (pending == 0 || now >= deadline) break;
        struct timespec timeout = {(time_t)((deadline - now) / 1000000000ull), (long)((deadline - now) % 1000000000ull)};
        futex(&answers, FUTEX_WAIT_PRIVATE, observed, &timeout, 0);
    }
    for (uint32_t i = 0; i < picked; i++) {
        sampled_slot *slot = s->picked[i];
        if (slot == NULL) continue;
        // No answer in time. Take the request back; if the handler already took it, it is
        // running now and will answer a request nobody reads (its slot is only read after an
        // answer to a later request, which its next handler can give only after this one).
        uint64_t request = s->requests[i];
        atomic_compare_exchange_strong(&slot->request, &request, 0);
        s->missed++;
        atomic_store_explicit(&slot->state, SLOT_REGISTERED, memory_order_release);
        s->picked[i] = NULL;
    }
}

static void *sampler_main(void *argument) {
    roost_wall_sampler *s = argument;
    uint64_t cpu_start = now_ns(CLOCK_THREAD_CPUTIME_ID);
    pid_t pid = getpid();
    uint64_t next = now_ns(CLOCK_MONOTONIC);
    while (atomic_load_explicit(&s->running, memory_order_acquire)) {
        uint32_t picked = signal_threads(s, pid);
        // A signalled thread has until the next tick to answer (at least a millisecond): on a
        // busy machine a sleeping thread waits for a core before its handler runs.
        uint64_t due = next + s->interval_ns, now = now_ns(CLOCK_MONOTONIC);
        collect_answers(s, picked, due > now + 1000000 ? due : now + 1000000);
        s->ticks++;
        next = due;
        now = now_ns(CLOCK_MONOTONIC);
        if (next < now) next = now;  // late: tick now, do not try to catch up
        struct timespec until = {(time_t)(next / 1000000000ull), (long)(next % 1000000000ull)};
        // Sleeps until the next tick, or until stop() changes `running` and wakes it.
        while (atomic_load_explicit(&s->running, memory_order_acquire) && now_ns(CLOCK_MONOTONIC) < next) {
            futex(&s->running, FUTEX_WAIT_BITSET_PRIVATE, 1, &until, FUTEX_BITSET_MATCH_ANY);
        }
    }
    s->sampler_cpu_ns = now_ns(CLOCK_THREAD_CPUTIME_ID) - cpu_start;
    return NULL;
}

#define FIRST_SAMPLES 4096
#define FIRST_FRAMES (64 * 1024)

void roost_wall_sampler_destroy(roost_wall_sampler *s) {
    if (s == NULL) return;
    roost_region_unmap(s->samples, s->sample_capacity * sizeof(roost_wall_sample));
    roost_region_unmap(s->frames, s->frame_capacity * sizeof(uint64_t));
    roost_region_unmap(s->picked, s->threads_per_tick * sizeof(sampled_slot *));
    roost_region_unmap(s->requests, s->threads_per_tick * sizeof(uint64_t));
    roost_region_unmap(s->on_cpu, s->threads_per_tick);
    roost_region_unmap(s, sizeof *s);
}

roost_wall_sampler *roost_wall_sampler_start(uint64_t interval_ns, int threads_per_tick, uint64_t capacity) {
    if (interval_ns == 0 || threads_per_tick <= 0 || threads_per_tick > MAX_SAMPLED_THREADS) return NULL;
    pthread_once(&install_once, install_handler);
    if (!handler_installed) return NULL;
    roost_profile_refresh_modules();  // the walk finds modules in it, lock-free
    roost_wall_sampler *s = roost_region_map(sizeof *s);
    if (s == NULL) return NULL;
    s->interval_ns = interval_ns;
    s->threads_per_tick = (uint32_t)threads_per_tick;
    s->capacity = capacity;
    s->samples = roost_region_map(FIRST_SAMPLES * sizeof(roost_wall_sample));
    s->sample_capacity = s->samples ? FIRST_SAMPLES : 0;
    s->frames = roost_region_map(FIRST_FRAMES * sizeof(uint64_t));
    s->frame_capacity = s->frames ? FIRST_FRAMES : 0;
    s->picked = roost_region_map(s->threads_per_tick * sizeof(sampled_slot *));
    s->requests = roost_region_map(s->threads_per_tick * sizeof(uint64_t));
    s->on_cpu = roost_region_map(s->threads_per_tick);
    atomic_store(&s->running, 1);
    if (s->samples == NULL || s->frames == NULL || s->picked == NULL || s->requests == NULL || s->on_cpu == NULL
        || pthread_create(&s->thread, NULL, sampler_main, s) != 0) {
        roost_wall_sampler_destroy(s);
        return NULL;
    }
    pthread_setname_np(s->thread, "roost-sampler");
    return s;
}

void roost_wall_sampler_stop(roost_wall_sampler *s) {
    if (s == NULL || !atomic_exchange(&s->running, 0)) return;
    futex(&s->running, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, 0);
    pthread_join(s->thread, NULL);
}

void roost_wall_sampler_read(const roost_wall_sampler *s, roost_wall_sampler_view *view) {
    memset(view, 0, sizeof *view);
    if (s == NULL) return;
    *view = (roost_wall_sampler_view){
        .samples = s->samples, .sample_count = s->sample_count, .frames = s->frames, .missed = s->missed,
        .ticks = s->ticks, .sampler_cpu_ns = s->sampler_cpu_ns, .handler_ns = s->handler_ns,
    };
}

#else  // not Linux on x86_64: nothing is sampled

int roost_sampled_thread_register(void) { return -1; }
void roost_sampled_thread_unregister(void) {}
roost_wall_sampler *roost_wall_sampler_start(uint64_t interval_ns, int threads_per_tick, uint64_t capacity) {
    (void)interval_ns;
    (void)threads_per_tick;
    (void)capacity;
    return NULL;
}
void roost_wall_sampler_stop(roost_wall_sampler *sampler) { (void)sampler; }
void roost_wall_sampler_read(const roost_wall_sampler *sampler, roost_wall_sampler_view *view) {
    (void)sampler;
    memset(view, 0, sizeof *view);
}
void roost_wall_sampler_destroy(roost_wall_sampler *sampler) { (void)sampler; }

#endif
