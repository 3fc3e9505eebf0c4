#ifndef ROOST_PROFILE_INTERNAL_H
#define ROOST_PROFILE_INTERNAL_H

// What the allocation-profile files share inside this target (not exported to Swift).
// Nothing here may call malloc: these run inside the malloc interposer.
#include "AllocationProfile.h"
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ROOST_LIKELY(x) __builtin_expect(!!(x), 1)
#define ROOST_UNLIKELY(x) __builtin_expect(!!(x), 0)
/// Thread-locals the interposer reads on every allocation: the initial-exec model (an offset from
/// the thread pointer) instead of the general- or local-dynamic one position-independent code
/// gets by default, whose `__tls_get_addr` call makes `malloc` and `free` save registers around
/// it even where the linker later removes the call. The interposer works only linked into the
/// executable (its `malloc` must come first in symbol lookup), and an executable's thread-locals
/// are all in the static block this model needs.
#define ROOST_THREAD_LOCAL _Thread_local __attribute__((tls_model("initial-exec")))

// ---- Memory for the profiler: mapped pages, never the counted allocator (Region.c) ----

/// `size` bytes of zeroed memory, or NULL.
void *roost_region_map(size_t size);
void roost_region_unmap(void *region, size_t size);
/// Grows a region (moving it if needed), keeping its contents; NULL on failure (the old
/// region is then untouched).
void *roost_region_grow(void *region, size_t old_size, size_t new_size);

// ---- Unwinding (ModuleTable.c, CallFrameInfo.c) ----

/// How to find a frame's caller at one return address, from the function's call-frame
/// information (CFI). All offsets in bytes.
enum {
    ROOST_CFA_INVALID = 0,
    ROOST_CFA_RSP = 1,        // cfa = rsp + cfa_offset
    ROOST_CFA_RBP = 2,        // cfa = rbp + cfa_offset
    ROOST_CFA_DEREF_RBP = 3,  // cfa = *(rbp + cfa_offset)   (stack realignment prologues)
    ROOST_CFA_DEREF_RSP = 4,  // cfa = *(rsp + cfa_offset)
};
enum {
    ROOST_SAVED_UNCHANGED = 0,  // the register keeps its value in the caller
    ROOST_SAVED_AT_CFA = 1,     // saved at cfa + offset
    ROOST_SAVED_AT_RBP = 2,     // saved at rbp + offset
    ROOST_SAVED_AT_RSP = 3,     // saved at rsp + offset
};

/// `ra_kind` of a rule: the return address is at cfa + ra_offset, or there is none (the
/// outermost frame; the rule is otherwise invalid).
enum { ROOST_RA_AT_CFA = 1, ROOST_RA_UNDEFINED = 2 };

typedef struct roost_unwind_rule {
    int32_t cfa_offset;
    int32_t rbp_offset;
    int32_t ra_offset;
    uint8_t cfa_kind;
    uint8_t rbp_kind;
    uint8_t ra_kind;
    uint8_t reserved;
} roost_unwind_rule;

/// A loaded module: where its code is, whether it keeps frame pointers, its unwind tables.
typedef struct roost_module {
    uintptr_t text_start, text_end;    // executable segments
    uintptr_t image_start, image_end;  // every loaded segment (CFI reads stay inside)
    uintptr_t base;
    const uint8_t *eh_frame_hdr;
    const uint8_t *fde_table;          // (initial location, FDE) pairs, sdata4 relative to eh_frame_hdr
    uint32_t fde_count;
    uint32_t fdes_checked, fdes_with_frame_pointer;
    int has_frame_pointers;
    const char *path;
} roost_module;

/// The module holding `pc`, or NULL. Lock-free; the table is rebuilt outside the hook.
const roost_module *roost_module_for(uintptr_t pc);
/// The unwind rule at return address `pc` in `module` (looked up in its CFI: slow, no
/// allocation). False when there is none usable (CallFrameInfo.c); `*rule` is then zero,
/// or has `ra_kind` ROOST_RA_UNDEFINED when the CFI says the frame has no caller.
bool roost_unwind_rule_for(const roost_module *module, uintptr_t pc, roost_unwind_rule *rule);
/// Finds `module`'s FDE table from its eh_frame_hdr (sets fde_table and fde_count).
void roost_read_eh_frame_hdr(roost_module *module);
/// Whether the FDE at `fde` defines its CFA through rbp anywhere (its function keeps a frame
/// pointer): 1 or 0; -1 when it cannot be read or is a stub.
int roost_fde_uses_frame_pointer(const roost_module *module, const uint8_t *fde);

/// A per-recorder cache of unwind rules by return address (direct mapped).
#define ROOST_UNWIND_CACHE_SIZE 4096
typedef struct roost_unwind_cache_entry {
    uintptr_t pc;
    roost_unwind_rule rule;
} roost_unwind_cache_entry;

// ---- The stack walk (StackWalk.c) ----

typedef struct roost_walk_bounds {
    uintptr_t low, high;  // the thread's stack: [low, high)
    uintptr_t stop;       // frames whose CFA is above this belong to the step's caller
} roost_walk_bounds;

/// Walks from the frame `frame` (a function that keeps a frame pointer: its rbp) up to
/// `stop`, storing return addresses leaf first and a hash of them. `cache` may be NULL.
/// Returns the depth.
int roost_walk_stack(uintptr_t frame, const roost_walk_bounds *bounds, roost_unwind_cache_entry *cache,
                     uintptr_t *frames, int capacity, int *truncation, uint64_t *hash);
/// Walks from an interrupted register set (a signal handler's ucontext: rip, rsp, rbp): the
/// interrupted instruction is the first frame, its caller found through the CFI at exactly
/// that instruction (frame pointers when there is none), then as `roost_walk_stack`. Bounds'
/// `stop` may be UINTPTR_MAX (the whole stack). Async-signal-safe. Returns the depth.
int roost_walk_stack_from_registers(uintptr_t pc, uintptr_t sp, uintptr_t rbp, const roost_walk_bounds *bounds,
                                    roost_unwind_cache_entry *cache, uintptr_t *frames, int capacity,
                                    int *truncation);

// ---- Live recorded allocations (LiveAllocations.c) ----

/// How many sessions exist: while 0, free never looks anything up.
extern atomic_int roost_live_sessions;

/// Maps the address filter (once, outside the hook). False when it cannot be mapped.
bool roost_live_prepare(void);

/// Records a live allocation (replacing a stale entry at the same address). False when no
/// memory could be mapped for the table.
bool roost_live_insert(const roost_profile_live *entry);
/// Removes the entry for `address`, copying it out; false when there is none.
bool roost_live_take(uintptr_t address, roost_profile_live *entry);
/// Whether `address` may be recorded (a quick filter; false means certainly not).
bool roost_live_may_contain(uintptr_t address);
/// Removes every entry of `session`.
void roost_live_remove_session(uint32_t session);
/// Unmaps the tables of empty shards (when the last session is gone).
void roost_live_release_tables(void);
uint64_t roost_live_count_session(uint32_t session);
uint64_t roost_live_copy_session(uint32_t session, roost_profile_live *buffer, uint64_t capacity);

// ---- Capture (AllocationCapture.c), called by the interposer ----

struct roost_recorder;

/// This thread's capture state. `recorder` is non-NULL only between begin and end.
typedef struct roost_thread_capture {
    struct roost_recorder *recorder;
    /// Sampled mode: the countdown of requested bytes to the next sample (the recorder's,
    /// held here while this thread captures so that the interposer checks it inline).
    int64_t bytes_until_sample;
    bool sampling;
    roost_walk_bounds bounds;
    uint32_t session;
    uint32_t context;
    int busy;          // inside the hook: a re-entered allocation is not recorded
    int bounds_known;
    int in_live_table; // inside a live-table operation (a signal handler's free skips it)
    /// Inside the outermost tracked span (design 19) while capturing: the recorder logs the
    /// execution's recorded allocations and their frees on this thread, and marks its highest
    /// point (`peak_high`: the thread's highest net bytes since the span began).
    bool peak_logging;
    int64_t peak_high;
    /// The recorder's peak log (set with `recorder`; NULL when none could be mapped).
    struct roost_peak_log *peak_log;
} roost_thread_capture;

extern ROOST_THREAD_LOCAL roost_thread_capture roost_capture;

/// This thread's stack, [low, high), looked up once per thread (pthread_getattr_np, which may
/// allocate: not inside a hook); both 0 when unknown.
void roost_thread_stack_bounds(uintptr_t *low, uintptr_t *high);

/// Records an allocation at `pointer` of `requested` bytes (usable size `size`), made on this
/// thread while it captures (in sampled mode: one whose bytes crossed the countdown);
/// `frame` is the interposer entry's frame address.
void roost_profile_allocated(void *pointer, size_t size, size_t requested, uintptr_t frame);
/// Forgets `pointer` if it is a recorded allocation (free, and the old block of a realloc).
void roost_profile_forget(void *pointer);

// ---- What was live at each execution's peak (PeakSites.c; design 19) ----
//
// The peak tracking (CountingMalloc.c) tells a capturing thread's log when its outermost
// tracked span begins and ends and when the span's net bytes reach a new high; the log holds
// the span's recorded allocations and the frees of the recorder's blocks on the thread, marks
// how much of it lies before the highest point, and at the span's end is replayed that far to
// keep, per record, the blocks live at the peak. Profile modes only: nothing here runs while
// the thread does not capture.

/// One recorder's peak log and the peaks it kept (mapped memory, made with the recorder).
typedef struct roost_peak_log roost_peak_log;

/// A log for the recorder `index` of session `session` (mode and mean as the session's;
/// `sequence` the session's count of ended executions); NULL when no memory could be mapped.
roost_peak_log *roost_peak_log_make(uint32_t session, uint32_t index, int mode, double mean,
                                    _Atomic uint64_t *sequence);
void roost_peak_log_unmap(roost_peak_log *log);
/// The peaks `log` kept, for the recorder's view.
void roost_peak_log_view(const roost_peak_log *log, roost_profile_recorder_view *view);

/// The outermost tracked span begins on this capturing thread, its net bytes at `net`.
void roost_profile_peak_begin(int64_t net);
/// The span ends with peak `peak` (bytes above its start): keeps its sites at the peak.
void roost_profile_peak_end(uint64_t peak);
/// The thread's net bytes reached a new high: the log so far lies before the peak.
void roost_profile_peak_mark(void);
/// Logs a recorded allocation (the hook, while `peak_logging`).
void roost_profile_peak_allocated(uint64_t address, uint64_t size, uint32_t record, uint32_t requested);
/// Logs the free of a recorded block taken from the live table on this thread (while
/// `peak_logging`); blocks of other recorders are not logged.
void roost_profile_peak_freed(const roost_profile_live *entry);

#endif
