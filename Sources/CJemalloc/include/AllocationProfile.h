#ifndef ROOST_ALLOCATION_PROFILE_H
#define ROOST_ALLOCATION_PROFILE_H

// Allocation profiles: the call stacks behind the allocations a thread makes while it
// captures (a measured step), recorded inside the malloc interposer (CountingMalloc.c).
//
// A *session* is one profile (a scenario's variant); a thread captures into it between
// `roost_profile_begin` and `roost_profile_end`. Every allocation in between (exact) or a
// Poisson sample by bytes (sampled) is recorded: its call stack (frame pointers where the
// code keeps them, DWARF call-frame information where it does not), its size, and its
// pointer, so that a free on any thread forgets it and what is still live is known.
// Everything the capture keeps lives in memory mapped for it (never the counted
// allocator), so profiling never changes the counts it sits beside.
//
// Read a session's records only while none of its threads captures (after the run).
#include <stddef.h>
#include <stdint.h>

/// Capture modes.
enum {
    ROOST_PROFILE_OFF = 0,
    ROOST_PROFILE_SAMPLED = 1,
    ROOST_PROFILE_EXACT = 2,
};

/// Why a recorded stack stops where it does. `COMPLETE` and `SKIPPED_FRAMES` reached the
/// step's entry.
enum {
    ROOST_STACK_COMPLETE = 0,
    /// More frames than ROOST_PROFILE_MAX_FRAMES: the root side is missing.
    ROOST_STACK_DEPTH_LIMIT = 1,
    /// A frame outside the thread's stack, not above the one before, or misaligned.
    ROOST_STACK_BAD_FRAME = 2,
    /// A function without frame pointers and without usable call-frame information.
    ROOST_STACK_NO_UNWIND_INFO = 3,
    /// A return address in no loaded module.
    ROOST_STACK_UNKNOWN_MODULE = 4,
    /// The stack ended before the step's entry.
    ROOST_STACK_END_OF_STACK = 5,
    /// Reached the step's entry, but crossed a function with neither frame pointer nor
    /// call-frame information by the frame pointer it left alone: its callers up to the
    /// frame that owns that frame pointer are missing.
    ROOST_STACK_SKIPPED_FRAMES = 6,
    ROOST_STACK_REASONS = 7,
};

/// Frames kept per stack at most (leaf first).
#define ROOST_PROFILE_MAX_FRAMES 128

/// One call stack under one context (a step), with what was recorded through it.
typedef struct roost_profile_record {
    uint64_t hash;
    /// Index of the leaf frame in the recorder's frames; `depth` frames follow, leaf first.
    uint64_t first_frame;
    /// Allocations recorded: every one (exact) or the samples (sampled).
    uint64_t allocations;
    /// Their usable sizes (what jemalloc's thread.allocated counts).
    uint64_t bytes;
    /// Unbiased estimates: equal to the recorded figures in exact mode; each sample weighted
    /// by 1 / (1 - exp(-size / mean)) in sampled mode.
    double estimated_allocations;
    double estimated_bytes;
    uint32_t context;
    uint16_t depth;
    /// ROOST_STACK_* reason.
    uint16_t truncation;
} roost_profile_record;

/// A recorded allocation still live.
typedef struct roost_profile_live {
    uint64_t address;
    /// Usable size.
    uint64_t size;
    uint32_t session;
    /// Which of the session's recorders holds its stack, and the record's index there.
    uint32_t recorder;
    uint32_t record;
    /// The size the caller asked for (at most UINT32_MAX): the bytes it initialises, without
    /// the size class's slack (which holds whatever the memory held before).
    uint32_t requested;
} roost_profile_live;

/// One execution's peak (design 19): a tracked span (`roost_peak_begin` .. `roost_peak_end`,
/// the outermost) on a thread that captured it. Its recorded allocations live at the first
/// moment the thread's net bytes reached their highest in the span are `site_count` entries
/// of the recorder's `peak_sites` from `first_site`, one per record.
typedef struct roost_profile_peak {
    /// The order the session's executions ended in (across its recorders), from 0.
    uint64_t sequence;
    /// The span's peak: its highest net bytes above its start (`roost_peak_end`'s figure).
    uint64_t peak;
    uint64_t first_site;
    uint32_t site_count;
    /// The capture's context (a step).
    uint32_t context;
} roost_profile_peak;

/// A record's blocks live at an execution's peak.
typedef struct roost_profile_peak_site {
    uint64_t allocations;
    /// Their usable sizes.
    uint64_t bytes;
    /// As the record's estimates: equal to the figures in exact mode, weighted in sampled mode.
    double estimated_allocations;
    double estimated_bytes;
    uint32_t record;
    uint32_t reserved;
} roost_profile_peak_site;

/// A recorder's data, read-only; valid until the session is destroyed.
typedef struct roost_profile_recorder_view {
    const roost_profile_record *records;
    uint64_t record_count;
    const uint64_t *frames;
    uint64_t frame_count;
    /// Allocations made while capturing that could not be recorded (memory for the
    /// recorder could not be mapped, or the hook was re-entered by a signal handler).
    uint64_t dropped;
    /// Each execution's peak, in the order they ended on this recorder, and their sites.
    const roost_profile_peak *peaks;
    uint64_t peak_count;
    const roost_profile_peak_site *peak_sites;
    uint64_t peak_site_count;
    /// Executions whose sites at the peak could not be kept (no memory could be mapped).
    uint64_t dropped_peaks;
} roost_profile_recorder_view;

/// A loaded module as the unwinder sees it.
typedef struct roost_profile_module {
    /// The loader's name (empty for the main executable).
    const char *path;
    /// Load bias: a return address minus `base` is the module-relative address.
    uint64_t base;
    uint64_t text_start;
    uint64_t text_end;
    /// Whether its code keeps frame pointers (walked by them) or not (DWARF call-frame
    /// information), judged from its FDEs: `fdes_with_frame_pointer` of `fdes_checked`.
    int has_frame_pointers;
    uint32_t fde_count;
    uint32_t fdes_checked;
    uint32_t fdes_with_frame_pointer;
} roost_profile_module;

/// Creates a session (mode SAMPLED or EXACT; `mean_sample_bytes` for SAMPLED; `seed` seeds
/// the sampling of each recorder). Refreshes the module table. 0 on success.
int roost_profile_session_create(int mode, double mean_sample_bytes, uint64_t seed, uint32_t *session);
/// Forgets a session's live allocations and unmaps its recorders. No thread may capture
/// into it any more.
void roost_profile_session_destroy(uint32_t session);

/// Starts capturing this thread's allocations into `session` under `context`. The caller's
/// frame is the step's entry: frames at or above it are not recorded. Looks up this
/// thread's stack bounds the first time (that may allocate: call it before the span you
/// count). 0 on success; -1 for an unknown session, -2 when this thread already captures,
/// -3 when no recorder could be mapped.
int roost_profile_begin(uint32_t session, uint32_t context);
/// Stops this thread's capture (no-op when it does not capture).
void roost_profile_end(void);

/// How many recorders the session used (one per concurrent capture, reused).
uint32_t roost_profile_recorder_count(uint32_t session);
/// The data of recorder `index`. 0 on success.
int roost_profile_recorder_read(uint32_t session, uint32_t index, roost_profile_recorder_view *view);
/// How many of the session's recorded allocations are live now.
uint64_t roost_profile_live_count(uint32_t session);
/// Copies up to `capacity` of them into `buffer`; returns how many were copied.
uint64_t roost_profile_live_copy(uint32_t session, roost_profile_live *buffer, uint64_t capacity);

/// The modules of the last refresh, sorted by address.
uint32_t roost_profile_module_count(void);
/// Module `index`. 0 on success.
int roost_profile_module_info(uint32_t index, roost_profile_module *module);
/// Rebuilds the module table if libraries were loaded or unloaded since the last time.
void roost_profile_refresh_modules(void);

/// Walks this thread's stack from the caller of this function, as the hook does (for
/// tests and benchmarks): up to `capacity` return addresses, leaf first, stopping below
/// `stop` (a frame address; 0 for the whole stack). Returns the depth; `*truncation` gets
/// the ROOST_STACK_* reason. Looks up the stack bounds if needed (may allocate).
int roost_profile_backtrace(uint64_t *frames, int capacity, uintptr_t stop, int *truncation);

/// Demangles a Swift symbol with the runtime's demangler (malloc'd result; free it).
char *swift_demangle(const char *mangledName, size_t mangledNameLength, char *outputBuffer,
                     size_t *outputBufferSize, uint32_t flags);

#endif
