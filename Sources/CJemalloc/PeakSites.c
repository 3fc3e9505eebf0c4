// What was live at each execution's peak (design 19): per capturing recorder, a log of one
// execution's recorded allocations and of the frees of the recorder's blocks on its thread,
// replayed at the execution's end up to its highest point.
//
// Why a log and not a snapshot at each new high: a step that only grows reaches a new high at
// every allocation, and copying its live blocks each time is quadratic; the log costs one
// entry per event and one pass at the end. The moment is the first at which the thread's net
// bytes (CountingMalloc.c's running figure) reached their highest in the span: everything
// logged before it, minus what was freed before it, was live then. A block the step made that
// another thread freed is freed in the replay only when the address comes back in the log
// (the thread's own net bytes still count it, as they count it in the peak).
//
// Everything here is mapped memory: this runs inside the malloc interposer (the log) and at
// the span's end on the virtual user's thread (the replay), where nothing may be counted.
#define _GNU_SOURCE
#include "ProfileInternal.h"
#include <math.h>
#include <string.h>

/// One logged event: an allocation (`record` its record, `size` its usable size, 0 once the
/// replay knows it freed) or a free (`record` FREE_EVENT).
typedef struct peak_event {
    uint64_t address;
    uint64_t size;
    uint32_t record;
    uint32_t requested;
} peak_event;

#define FREE_EVENT UINT32_MAX
#define FIRST_EVENTS 4096
#define FIRST_PEAKS 1024
#define FIRST_SITES 16384

struct roost_peak_log {
    uint32_t session, index;
    int mode;
    double mean;
    _Atomic uint64_t *sequence;
    // The execution being logged.
    peak_event *events;
    uint64_t event_count, event_capacity;
    /// Events before the highest point (0: the span never rose above its start).
    uint64_t peak_at;
    bool overflowed;
    // The replay's scratch: address -> event index + 1, and record -> site index + 1.
    uint64_t *slots;
    uint64_t slot_capacity;
    uint32_t *site_of_record;
    uint64_t record_capacity;
    // What was kept.
    roost_profile_peak *peaks;
    uint64_t peak_count, peak_capacity;
    roost_profile_peak_site *sites;
    uint64_t site_count, site_capacity;
    uint64_t dropped;
};

roost_peak_log *roost_peak_log_make(uint32_t session, uint32_t index, int mode, double mean,
                                    _Atomic uint64_t *sequence) {
    roost_peak_log *log = roost_region_map(sizeof(roost_peak_log));
    if (log == NULL) return NULL;
    *log = (roost_peak_log){.session = session, .index = index, .mode = mode, .mean = mean, .sequence = sequence};
    return log;
}

void roost_peak_log_unmap(roost_peak_log *log) {
    if (log == NULL) return;
    roost_region_unmap(log->events, log->event_capacity * sizeof(peak_event));
    roost_region_unmap(log->slots, log->slot_capacity * sizeof(uint64_t));
    roost_region_unmap(log->site_of_record, log->record_capacity * sizeof(uint32_t));
    roost_region_unmap(log->peaks, log->peak_capacity * sizeof(roost_profile_peak));
    roost_region_unmap(log->sites, log->site_capacity * sizeof(roost_profile_peak_site));
    roost_region_unmap(log, sizeof(roost_peak_log));
}

void roost_peak_log_view(const roost_peak_log *log, roost_profile_recorder_view *view) {
    if (log == NULL) return;
    view->peaks = log->peaks;
    view->peak_count = log->peak_count;
    view->peak_sites = log->sites;
    view->peak_site_count = log->site_count;
    view->dropped_peaks = log->dropped;
}

/// Makes room for `count` items of `size` bytes in `*region` (capacity `*capacity`, doubled
/// from `first`); false when no memory could be mapped. Grown regions keep their contents.
static bool reserve(void **region, uint64_t *capacity, uint64_t count, size_t size, uint64_t first) {
    if (count <= *capacity) return true;
    uint64_t grown = *capacity == 0 ? first : *capacity;
    while (grown < count) grown *= 2;
    void *moved = roost_region_grow(*region, *capacity * size, grown * size);
    if (moved == NULL) return false;
    *region = moved;
    *capacity = grown;
    return true;
}

static void append(roost_peak_log *log, peak_event event) {
    if (log->overflowed) return;
    if (!reserve((void **)&log->events, &log->event_capacity, log->event_count + 1, sizeof(peak_event), FIRST_EVENTS)) {
        log->overflowed = true;  // this execution's sites at the peak cannot be known
        return;
    }
    log->events[log->event_count++] = event;
}

// ---- The hook's side (inside the interposer, this thread capturing) ----

void roost_profile_peak_begin(int64_t net) {
    roost_thread_capture *capture = &roost_capture;
    roost_peak_log *log = capture->peak_log;
    if (log == NULL) return;
    log->event_count = 0;
    log->peak_at = 0;
    log->overflowed = false;
    capture->peak_high = net;
    capture->peak_logging = true;
}

void roost_profile_peak_mark(void) {
    roost_peak_log *log = roost_capture.peak_log;
    if (log != NULL) log->peak_at = log->event_count;
}

void roost_profile_peak_allocated(uint64_t address, uint64_t size, uint32_t record, uint32_t requested) {
    roost_peak_log *log = roost_capture.peak_log;
    if (log != NULL) append(log, (peak_event){address, size, record, requested});
}

void roost_profile_peak_freed(const roost_profile_live *entry) {
    roost_peak_log *log = roost_capture.peak_log;
    if (log == NULL || entry->session != log->session || entry->recorder != log->index) return;
    append(log, (peak_event){entry->address, 0, FREE_EVENT, 0});
}

// ---- The replay (at the span's end, outside any allocation) ----

static inline uint64_t mix(uint64_t value) {
    value ^= value >> 33;
    value *= 0xff51afd7ed558ccdull;
    value ^= value >> 33;
    return value;
}

/// Marks the allocations of the log's first `peak_at` events that were freed before the peak
/// (their size set to 0). The address table maps an address to its latest allocation; an
/// allocation at an address already there means the block before was freed elsewhere.
static bool replay_frees(roost_peak_log *log) {
    uint64_t wanted = 64;
    while (wanted < log->peak_at * 2) wanted *= 2;
    if (!reserve((void **)&log->slots, &log->slot_capacity, wanted, sizeof(uint64_t), 64)) return false;
    uint64_t mask = wanted - 1;
    memset(log->slots, 0, wanted * sizeof(uint64_t));
    for (uint64_t i = 0; i < log->peak_at; i++) {
        peak_event *event = &log->events[i];
        uint64_t slot = mix(event->address) & mask;
        while (log->slots[slot] != 0 && log->events[log->slots[slot] - 1].address != event->address) {
            slot = (slot + 1) & mask;
        }
        uint64_t before = log->slots[slot];
        if (before != 0) log->events[before - 1].size = 0;  // freed (here, or on another thread)
        if (event->record != FREE_EVENT) log->slots[slot] = i + 1;
    }
    return true;
}

/// How many allocations a recorded block stands for (1 exact; 1/p sampled, as the record's
/// estimates weigh it).
static double weight(const roost_peak_log *log, uint32_t requested) {
    if (log->mode != ROOST_PROFILE_SAMPLED || requested == 0) return 1;
    return 1 / -expm1(-(double)requested / log->mean);
}

/// Adds the blocks still live at the peak to a new peak's sites, one per record.
static bool keep_sites(roost_peak_log *log, roost_profile_peak *peak) {
    uint32_t highest = 0;
    for (uint64_t i = 0; i < log->peak_at; i++) {
        const peak_event *event = &log->events[i];
        if (event->record != FREE_EVENT && event->size != 0 && event->record + 1 > highest) highest = event->record + 1;
    }
    if (!reserve((void **)&log->site_of_record, &log->record_capacity, highest, sizeof(uint32_t), 4096)) return false;
    peak->first_site = log->site_count;
    bool complete = true;
    for (uint64_t i = 0; i < log->peak_at; i++) {
        const peak_event *event = &log->events[i];
        if (event->record == FREE_EVENT || event->size == 0) continue;
        uint32_t site = log->site_of_record[event->record];
        if (site == 0) {
            if (!reserve((void **)&log->sites, &log->site_capacity, log->site_count + 1, sizeof(roost_profile_peak_site),
                         FIRST_SITES)) {
                complete = false;
                break;
            }
            log->sites[log->site_count] = (roost_profile_peak_site){.record = event->record};
            site = (uint32_t)(++log->site_count - peak->first_site);
            log->site_of_record[event->record] = site;
        }
        roost_profile_peak_site *kept = &log->sites[peak->first_site + site - 1];
        double times = weight(log, event->requested);
        kept->allocations++;
        kept->bytes += event->size;
        kept->estimated_allocations += times;
        kept->estimated_bytes += (double)event->size * times;
    }
    peak->site_count = (uint32_t)(log->site_count - peak->first_site);
    // The map back to empty for the next execution: only the records this one touched.
    for (uint64_t k = peak->first_site; k < log->site_count; k++) log->site_of_record[log->sites[k].record] = 0;
    return complete;
}

void roost_profile_peak_end(uint64_t peak) {
    roost_thread_capture *capture = &roost_capture;
    roost_peak_log *log = capture->peak_log;
    if (log == NULL || !capture->peak_logging) return;
    capture->peak_logging = false;
    uint64_t sequence = atomic_fetch_add_explicit(log->sequence, 1, memory_order_relaxed);
    if (peak == 0) log->peak_at = 0;  // never above its start: nothing of the step's at its peak
    if (log->overflowed
        || !reserve((void **)&log->peaks, &log->peak_capacity, log->peak_count + 1, sizeof(roost_profile_peak), FIRST_PEAKS)
        || !replay_frees(log)) {
        log->dropped++;
        log->event_count = 0;
        return;
    }
    roost_profile_peak *kept = &log->peaks[log->peak_count];
    *kept = (roost_profile_peak){.sequence = sequence, .peak = peak, .context = capture->context};
    bool complete = keep_sites(log, kept);
    log->event_count = 0;
    if (!complete) {
        log->site_count = kept->first_site;
        log->dropped++;
        return;
    }
    log->peak_count++;
}
