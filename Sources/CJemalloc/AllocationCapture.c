// Allocation-profile capture: sessions, per-capture recorders, the hook's recording path.
//
// A session is one profile. A thread captures into it between roost_profile_begin and
// roost_profile_end, holding one of the session's recorders for that span (a recorder is
// never shared by two threads at once; one per concurrent capture, reused afterwards), so
// the hook writes without any lock: it walks the stack, interns (context, truncation,
// frames) in the recorder's hash table, adds the allocation to that record, and enters the
// block in the live table. Everything is mapped memory, grown with mremap.
//
// Sampled mode draws the bytes to the next sample from an exponential distribution with
// the session's mean (a Poisson process over requested bytes, as jemalloc's and tcmalloc's
// heap profilers do; the interposer counts down inline and calls in only on a sample), so
// an allocation of z requested bytes is sampled with probability p = 1 - exp(-z / mean),
// and each sample adds 1/p allocations and (its usable size)/p bytes to its record's
// estimates: unbiased per allocation, then summed (jemalloc's
// doc_internal/PROFILING_INTERNALS.md explains why in that order).
#define _GNU_SOURCE
#include "ProfileInternal.h"
#include <math.h>
#include <pthread.h>
#include <string.h>

#define MAX_SESSIONS 64
#define MAX_RECORDERS 1024

typedef struct roost_recorder {
    uint32_t session, index;
    int mode;
    double mean;
    roost_profile_record *records;
    uint64_t record_count, record_capacity;
    uint64_t *frames;
    uint64_t frame_count, frame_capacity;
    uint32_t *slots;  // record index + 1, 0 empty
    uint64_t slot_mask;
    roost_unwind_cache_entry *unwind_cache;
    int64_t bytes_until_sample;
    uint64_t random;
    uint64_t dropped;
    /// What was live at each execution's peak (PeakSites.c); NULL when it could not be mapped.
    roost_peak_log *peak_log;
    struct roost_recorder *next_free;
} roost_recorder;

typedef struct session {
    uint32_t id;  // 0: free
    int mode;
    double mean;
    uint64_t seed;
    pthread_mutex_t lock;
    roost_recorder *recorders[MAX_RECORDERS];
    uint32_t recorder_count;
    roost_recorder *free_recorders;
    /// Executions ended with a peak, in order (PeakSites.c numbers them).
    _Atomic uint64_t peak_sequence;
} session;

ROOST_THREAD_LOCAL roost_thread_capture roost_capture;

static session sessions[MAX_SESSIONS];
static pthread_mutex_t sessions_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t next_generation = 1;

// ---- Sampling ----

static uint64_t next_random(roost_recorder *r) {  // xorshift64*
    uint64_t x = r->random;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    r->random = x;
    return x * 0x2545F4914F6CDD1Dull;
}

static int64_t sample_interval(roost_recorder *r) {
    double uniform = (double)((next_random(r) >> 11) + 1) * 0x1.0p-53;  // (0, 1]
    double interval = -log(uniform) * r->mean;
    if (interval < 1) return 1;
    if (interval > 1e15) return (int64_t)1e15;
    return (int64_t)interval;
}

static uint64_t split_mix(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// ---- Recorders ----

#define FIRST_RECORDS 4096
#define FIRST_FRAMES (64 * 1024)
#define FIRST_SLOTS 8192

static void unmap_recorder(roost_recorder *r) {
    roost_region_unmap(r->records, r->record_capacity * sizeof(roost_profile_record));
    roost_region_unmap(r->frames, r->frame_capacity * sizeof(uint64_t));
    roost_region_unmap(r->slots, (r->slot_mask + 1) * sizeof(uint32_t));
    roost_region_unmap(r->unwind_cache, ROOST_UNWIND_CACHE_SIZE * sizeof(roost_unwind_cache_entry));
    roost_peak_log_unmap(r->peak_log);
    roost_region_unmap(r, sizeof(roost_recorder));
}

static roost_recorder *make_recorder(session *s, uint32_t index) {
    roost_recorder *r = roost_region_map(sizeof(roost_recorder));
    if (r == NULL) return NULL;
    r->session = s->id;
    r->index = index;
    r->mode = s->mode;
    r->mean = s->mean;
    r->records = roost_region_map(FIRST_RECORDS * sizeof(roost_profile_record));
    r->record_capacity = r->records ? FIRST_RECORDS : 0;
    r->frames = roost_region_map(FIRST_FRAMES * sizeof(uint64_t));
    r->frame_capacity = r->frames ? FIRST_FRAMES : 0;
    r->slots = roost_region_map(FIRST_SLOTS * sizeof(uint32_t));
    r->slot_mask = r->slots ? FIRST_SLOTS - 1 : 0;
    r->unwind_cache = roost_region_map(ROOST_UNWIND_CACHE_SIZE * sizeof(roost_unwind_cache_entry));
    if (r->records == NULL || r->frames == NULL || r->slots == NULL || r->unwind_cache == NULL) {
        unmap_recorder(r);
        return NULL;
    }
    r->peak_log = roost_peak_log_make(s->id, index, s->mode, s->mean, &s->peak_sequence);
    r->random = split_mix(s->seed ^ split_mix(index + 1)) | 1;
    r->bytes_until_sample = sample_interval(r);
    return r;
}

/// A record's hash: the walk's hash of the frames, mixed with the rest of the key.
static uint64_t stack_hash(uint64_t frames_hash, uint32_t context, int truncation, int depth) {
    uint64_t h = frames_hash ^ ((uint64_t)context << 40) ^ ((uint64_t)truncation << 32) ^ (uint64_t)depth;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return h;
}

static bool grow_slots(roost_recorder *r) {
    uint64_t capacity = (r->slot_mask + 1) * 2;
    uint32_t *slots = roost_region_map(capacity * sizeof(uint32_t));
    if (slots == NULL) return false;
    for (uint64_t k = 0; k < r->record_count; k++) {
        uint64_t i = r->records[k].hash & (capacity - 1);
        while (slots[i] != 0) i = (i + 1) & (capacity - 1);
        slots[i] = (uint32_t)(k + 1);
    }
    roost_region_unmap(r->slots, (r->slot_mask + 1) * sizeof(uint32_t));
    r->slots = slots;
    r->slot_mask = capacity - 1;
    return true;
}

/// The record of (context, truncation, frames), made if new; UINT32_MAX when memory ran out.
static uint32_t intern(roost_recorder *r, uint32_t context, int truncation, const uintptr_t *frames, int depth,
                       uint64_t frames_hash) {
    uint64_t hash = stack_hash(frames_hash, context, truncation, depth);
    uint64_t i = hash & r->slot_mask;
    for (uint32_t slot; (slot = r->slots[i]) != 0; i = (i + 1) & r->slot_mask) {
        const roost_profile_record *record = &r->records[slot - 1];
        if (record->hash == hash && record->context == context && record->depth == depth
            && record->truncation == truncation
            && memcmp(&r->frames[record->first_frame], frames, (size_t)depth * sizeof(uintptr_t)) == 0) {
            return slot - 1;
        }
    }
    if (r->record_count >= UINT32_MAX - 1) return UINT32_MAX;
    if (r->record_count == r->record_capacity) {
        void *grown = roost_region_grow(r->records, r->record_capacity * sizeof(roost_profile_record),
                                        r->record_capacity * 2 * sizeof(roost_profile_record));
        if (grown == NULL) return UINT32_MAX;
        r->records = grown;
        r->record_capacity *= 2;
    }
    while (r->frame_count + (uint64_t)depth > r->frame_capacity) {
        void *grown = roost_region_grow(r->frames, r->frame_capacity * sizeof(uint64_t),
                                        r->frame_capacity * 2 * sizeof(uint64_t));
        if (grown == NULL) return UINT32_MAX;
        r->frames = grown;
        r->frame_capacity *= 2;
    }
    if ((r->record_count + 1) * 2 > r->slot_mask + 1) {
        if (!grow_slots(r)) return UINT32_MAX;
        i = hash & r->slot_mask;
        while (r->slots[i] != 0) i = (i + 1) & r->slot_mask;
    }
    uint32_t index = (uint32_t)r->record_count++;
    memcpy(&r->frames[r->frame_count], frames, (size_t)depth * sizeof(uintptr_t));
    r->records[index] = (roost_profile_record){
        .hash = hash, .first_frame = r->frame_count, .context = context, .depth = (uint16_t)depth,
        .truncation = (uint16_t)truncation,
    };
    r->frame_count += (uint64_t)depth;
    r->slots[i] = index + 1;
    return index;
}

// ---- The hook's side ----

void roost_profile_allocated(void *pointer, size_t size, size_t requested, uintptr_t frame) {
    roost_thread_capture *capture = &roost_capture;
    roost_recorder *r = capture->recorder;
    if (capture->busy) {  // a signal handler allocating inside the hook
        r->dropped++;
        return;
    }
    capture->busy = 1;
    double estimated_allocations = 1, estimated_bytes = (double)size;
    if (capture->sampling) {
        // The countdown (of requested bytes) crossed zero in the interposer: a sample. It
        // stood a chance p = 1 - exp(-requested / mean) of being one, so it stands for 1/p
        // allocations and size/p bytes.
        capture->bytes_until_sample = sample_interval(r);
        double probability = -expm1(-(double)requested / r->mean);
        estimated_allocations = 1 / probability;
        estimated_bytes = (double)size / probability;
    }
    uintptr_t frames[ROOST_PROFILE_MAX_FRAMES];
    int truncation;
    uint64_t hash;
    int depth = roost_walk_stack(frame, &capture->bounds, r->unwind_cache, frames, ROOST_PROFILE_MAX_FRAMES,
                                 &truncation, &hash);
    uint32_t index = intern(r, capture->context, truncation, frames, depth, hash);
    if (index == UINT32_MAX) {
        r->dropped++;
        capture->busy = 0;
        return;
    }
    roost_profile_record *record = &r->records[index];
    record->allocations++;
    record->bytes += size;
    record->estimated_allocations += estimated_allocations;
    record->estimated_bytes += estimated_bytes;
    roost_profile_live entry = {(uintptr_t)pointer, size, r->session, r->index, index,
                                (uint32_t)(requested < UINT32_MAX ? requested : UINT32_MAX)};
    if (!roost_live_insert(&entry)) r->dropped++;
    if (capture->peak_logging) roost_profile_peak_allocated(entry.address, size, index, entry.requested);
    capture->busy = 0;
}

void roost_profile_forget(void *pointer) {
    if (!roost_live_may_contain((uintptr_t)pointer)) return;
    roost_profile_live entry;
    if (roost_live_take((uintptr_t)pointer, &entry) && roost_capture.peak_logging) roost_profile_peak_freed(&entry);
}

// ---- Sessions and captures (outside the hook) ----

static session *find_session(uint32_t id) {
    session *s = &sessions[id % MAX_SESSIONS];
    return id != 0 && s->id == id ? s : NULL;
}

int roost_profile_session_create(int mode, double mean_sample_bytes, uint64_t seed, uint32_t *id) {
    if (mode != ROOST_PROFILE_SAMPLED && mode != ROOST_PROFILE_EXACT) return -1;
    if (mode == ROOST_PROFILE_SAMPLED && !(mean_sample_bytes >= 1)) return -1;
    roost_profile_refresh_modules();
    if (!roost_live_prepare()) return -1;
    pthread_mutex_lock(&sessions_lock);
    int result = -1;
    for (uint32_t slot = 0; slot < MAX_SESSIONS; slot++) {
        session *s = &sessions[slot];
        if (s->id != 0) continue;
        pthread_mutex_init(&s->lock, NULL);
        s->id = next_generation++ * MAX_SESSIONS + slot;
        s->mode = mode;
        s->mean = mean_sample_bytes;
        s->seed = seed;
        s->recorder_count = 0;
        s->free_recorders = NULL;
        atomic_store(&s->peak_sequence, 0);
        *id = s->id;
        atomic_fetch_add(&roost_live_sessions, 1);
        result = 0;
        break;
    }
    pthread_mutex_unlock(&sessions_lock);
    return result;
}

void roost_profile_session_destroy(uint32_t id) {
    pthread_mutex_lock(&sessions_lock);
    session *s = find_session(id);
    if (s == NULL) {
        pthread_mutex_unlock(&sessions_lock);
        return;
    }
    roost_live_remove_session(id);
    for (uint32_t i = 0; i < s->recorder_count; i++) unmap_recorder(s->recorders[i]);
    s->recorder_count = 0;
    s->free_recorders = NULL;
    pthread_mutex_destroy(&s->lock);
    s->id = 0;
    // The last profile gone: its live table's memory goes too (a free that still looks
    // finds the shard empty under its lock).
    if (atomic_fetch_sub(&roost_live_sessions, 1) == 1) roost_live_release_tables();
    pthread_mutex_unlock(&sessions_lock);
}

static void look_up_stack_bounds(roost_thread_capture *capture) {
    pthread_attr_t attributes;
    void *address;
    size_t size;
    capture->bounds_known = 1;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return;  // bounds stay empty: stacks truncated
    if (pthread_attr_getstack(&attributes, &address, &size) == 0) {
        capture->bounds.low = (uintptr_t)address;
        capture->bounds.high = (uintptr_t)address + size;
    }
    pthread_attr_destroy(&attributes);
}

void roost_thread_stack_bounds(uintptr_t *low, uintptr_t *high) {
    roost_thread_capture *capture = &roost_capture;
    if (!capture->bounds_known) look_up_stack_bounds(capture);
    *low = capture->bounds.low;
    *high = capture->bounds.high;
}

int roost_profile_begin(uint32_t id, uint32_t context) {
    roost_thread_capture *capture = &roost_capture;
    if (capture->recorder != NULL) return -2;
    if (!capture->bounds_known) look_up_stack_bounds(capture);
    pthread_mutex_lock(&sessions_lock);
    session *s = find_session(id);
    if (s == NULL) {
        pthread_mutex_unlock(&sessions_lock);
        return -1;
    }
    pthread_mutex_lock(&s->lock);
    pthread_mutex_unlock(&sessions_lock);
    roost_recorder *r = s->free_recorders;
    if (r != NULL) {
        s->free_recorders = r->next_free;
    } else if (s->recorder_count < MAX_RECORDERS && (r = make_recorder(s, s->recorder_count)) != NULL) {
        s->recorders[s->recorder_count++] = r;
    }
    pthread_mutex_unlock(&s->lock);
    if (r == NULL) return -3;
    capture->session = id;
    capture->context = context;
    capture->sampling = r->mode == ROOST_PROFILE_SAMPLED;
    capture->bytes_until_sample = r->bytes_until_sample;
    // The caller's frame is the step's entry: the walk keeps only frames below it.
    capture->bounds.stop = (uintptr_t)__builtin_frame_address(1);
    capture->peak_log = r->peak_log;
    capture->peak_logging = false;
    capture->recorder = r;  // from here on, this thread's allocations are recorded
    return 0;
}

void roost_profile_end(void) {
    roost_thread_capture *capture = &roost_capture;
    roost_recorder *r = capture->recorder;
    if (r == NULL) return;
    capture->recorder = NULL;
    capture->peak_logging = false;
    capture->peak_log = NULL;
    r->bytes_until_sample = capture->bytes_until_sample;
    capture->sampling = false;
    pthread_mutex_lock(&sessions_lock);
    session *s = find_session(r->session);
    if (s != NULL) {
        pthread_mutex_lock(&s->lock);
        r->next_free = s->free_recorders;
        s->free_recorders = r;
        pthread_mutex_unlock(&s->lock);
    }
    pthread_mutex_unlock(&sessions_lock);
}

uint32_t roost_profile_recorder_count(uint32_t id) {
    pthread_mutex_lock(&sessions_lock);
    session *s = find_session(id);
    uint32_t count = s != NULL ? s->recorder_count : 0;
    pthread_mutex_unlock(&sessions_lock);
    return count;
}

int roost_profile_recorder_read(uint32_t id, uint32_t index, roost_profile_recorder_view *view) {
    pthread_mutex_lock(&sessions_lock);
    session *s = find_session(id);
    int result = -1;
    if (s != NULL && index < s->recorder_count) {
        const roost_recorder *r = s->recorders[index];
        *view = (roost_profile_recorder_view){.records = r->records, .record_count = r->record_count, .frames = r->frames,
                                              .frame_count = r->frame_count, .dropped = r->dropped};
        roost_peak_log_view(r->peak_log, view);
        result = 0;
    }
    pthread_mutex_unlock(&sessions_lock);
    return result;
}

uint64_t roost_profile_live_count(uint32_t id) { return roost_live_count_session(id); }

uint64_t roost_profile_live_copy(uint32_t id, roost_profile_live *buffer, uint64_t capacity) {
    return roost_live_copy_session(id, buffer, capacity);
}

int roost_profile_backtrace(uint64_t *frames, int capacity, uintptr_t stop, int *truncation) {
    roost_thread_capture *capture = &roost_capture;
    if (!capture->bounds_known) look_up_stack_bounds(capture);
    roost_profile_refresh_modules();
    roost_walk_bounds bounds = capture->bounds;
    bounds.stop = stop == 0 ? UINTPTR_MAX : stop;
    uint64_t hash;
    return roost_walk_stack((uintptr_t)__builtin_frame_address(0), &bounds, NULL, (uintptr_t *)frames, capacity,
                            truncation, &hash);
}
