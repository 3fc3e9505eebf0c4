// The recorded allocations that are still live, by address, so that a free on any thread
// forgets its block and what is left at the end is known.
//
// 256 shards, each an open-addressing table (linear probing, backward-shift deletion)
// behind its own spinlock: two threads meet on a shard only when they touch addresses that
// hash to it at the same moment, and hold it for a probe. In front of the shards, a
// counting filter (2^20 counters by address hash, 4096 per shard, changed under the shard's
// lock) answers "certainly not recorded" with one load, which is what almost every free
// hears in sampled mode. All memory is mapped, never the counted allocator.
#define _GNU_SOURCE
#include "ProfileInternal.h"
#include <sched.h>
#include <string.h>

#define SHARD_COUNT 256
#define FILTER_SIZE (1u << 20)
#define FIRST_CAPACITY 256

typedef struct shard {
    atomic_int lock;
    uint32_t count;
    uint64_t mask;  // capacity - 1; capacity 0 until the first insert
    roost_profile_live *slots;
} __attribute__((aligned(64))) shard;

static shard shards[SHARD_COUNT];
static _Atomic(atomic_uint *) filter;
atomic_int roost_live_sessions;

static inline uint64_t mix(uint64_t value) {
    value ^= value >> 33;
    value *= 0xff51afd7ed558ccdull;
    value ^= value >> 33;
    value *= 0xc4ceb9fe1a85ec53ull;
    value ^= value >> 33;
    return value;
}

static inline shard *shard_for(uint64_t hash) { return &shards[hash >> 56]; }
/// Each shard owns 4096 counters of the filter: they change only under its lock.
static inline uint32_t filter_index(uint64_t hash) { return (uint32_t)(hash >> 44); }

static void lock_shard(shard *s) {
    int spins = 0;
    while (atomic_exchange_explicit(&s->lock, 1, memory_order_acquire)) {
        while (atomic_load_explicit(&s->lock, memory_order_relaxed)) {
            if (++spins < 64) {
                __builtin_ia32_pause();
            } else {
                sched_yield();  // the holder may be preempted: let it run
                spins = 0;
            }
        }
    }
}

static void unlock_shard(shard *s) { atomic_store_explicit(&s->lock, 0, memory_order_release); }

/// Maps the filter once (outside the hook, when the first session starts).
bool roost_live_prepare(void) {
    if (atomic_load_explicit(&filter, memory_order_acquire) != NULL) return true;
    atomic_uint *counters = roost_region_map(FILTER_SIZE * sizeof(atomic_uint));
    if (counters == NULL) return false;
    atomic_uint *expected = NULL;
    if (!atomic_compare_exchange_strong(&filter, &expected, counters)) {
        roost_region_unmap(counters, FILTER_SIZE * sizeof(atomic_uint));
    }
    return true;
}

/// Called with the hash's shard locked: a plain store (no locked instruction) suffices.
static void filter_add(uint64_t hash, int delta) {
    atomic_uint *counters = atomic_load_explicit(&filter, memory_order_relaxed);
    if (counters == NULL) return;
    atomic_uint *counter = &counters[filter_index(hash)];
    atomic_store_explicit(counter, atomic_load_explicit(counter, memory_order_relaxed) + (unsigned)delta,
                          memory_order_relaxed);
}

bool roost_live_may_contain(uintptr_t address) {
    atomic_uint *counters = atomic_load_explicit(&filter, memory_order_relaxed);
    return counters != NULL && atomic_load_explicit(&counters[filter_index(mix(address))], memory_order_relaxed) != 0;
}

/// Places `entry` in a table with room (no filter change); false if the address was there.
static bool place(roost_profile_live *slots, uint64_t mask, const roost_profile_live *entry, uint64_t hash) {
    for (uint64_t i = hash & mask;; i = (i + 1) & mask) {
        if (slots[i].address == entry->address) {
            slots[i] = *entry;
            return false;
        }
        if (slots[i].address == 0) {
            slots[i] = *entry;
            return true;
        }
    }
}

/// Doubles a shard's table (or makes its first one). Called with the shard locked.
static bool grow(shard *s) {
    uint64_t capacity = s->mask == 0 ? FIRST_CAPACITY : (s->mask + 1) * 2;
    roost_profile_live *slots = roost_region_map(capacity * sizeof(roost_profile_live));
    if (slots == NULL) return false;
    if (s->slots != NULL) {
        for (uint64_t i = 0; i <= s->mask; i++) {
            if (s->slots[i].address != 0) place(slots, capacity - 1, &s->slots[i], mix(s->slots[i].address));
        }
        roost_region_unmap(s->slots, (s->mask + 1) * sizeof(roost_profile_live));
    }
    s->slots = slots;
    s->mask = capacity - 1;
    return true;
}

bool roost_live_insert(const roost_profile_live *entry) {
    if (roost_capture.in_live_table) return false;
    roost_capture.in_live_table = 1;
    uint64_t hash = mix(entry->address);
    shard *s = shard_for(hash);
    lock_shard(s);
    bool ok = true;
    if (s->slots == NULL || (uint64_t)(s->count + 1) * 2 > s->mask + 1) ok = grow(s);
    if (ok && place(s->slots, s->mask, entry, hash)) {
        s->count++;
        filter_add(hash, 1);
    }
    unlock_shard(s);
    roost_capture.in_live_table = 0;
    return ok;
}

/// Removes slot `i`, shifting later entries of its cluster back. Called with the shard locked.
static void remove_at(shard *s, uint64_t i) {
    uint64_t mask = s->mask;
    for (uint64_t j = (i + 1) & mask;; j = (j + 1) & mask) {
        if (s->slots[j].address == 0) break;
        uint64_t home = mix(s->slots[j].address) & mask;
        // The entry at j may move to i unless its home lies cyclically in (i, j].
        bool stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
        if (stays) continue;
        s->slots[i] = s->slots[j];
        i = j;
    }
    s->slots[i] = (roost_profile_live){0};
    s->count--;
}

bool roost_live_take(uintptr_t address, roost_profile_live *entry) {
    if (roost_capture.in_live_table) return false;
    roost_capture.in_live_table = 1;
    uint64_t hash = mix(address);
    shard *s = shard_for(hash);
    bool found = false;
    lock_shard(s);
    if (s->slots != NULL) {
        for (uint64_t i = hash & s->mask; s->slots[i].address != 0; i = (i + 1) & s->mask) {
            if (s->slots[i].address == address) {
                *entry = s->slots[i];
                remove_at(s, i);
                filter_add(hash, -1);
                found = true;
                break;
            }
        }
    }
    unlock_shard(s);
    roost_capture.in_live_table = 0;
    return found;
}

void roost_live_remove_session(uint32_t session) {
    roost_capture.in_live_table = 1;
    for (int k = 0; k < SHARD_COUNT; k++) {
        shard *s = &shards[k];
        lock_shard(s);
        // A removal shifts later entries back into slot i: look at i again.
        for (uint64_t i = 0; s->slots != NULL && i <= s->mask;) {
            if (s->slots[i].address != 0 && s->slots[i].session == session) {
                uint64_t hash = mix(s->slots[i].address);
                remove_at(s, i);
                filter_add(hash, -1);
            } else {
                i++;
            }
        }
        unlock_shard(s);
    }
    roost_capture.in_live_table = 0;
}

void roost_live_release_tables(void) {
    roost_capture.in_live_table = 1;
    for (int k = 0; k < SHARD_COUNT; k++) {
        shard *s = &shards[k];
        lock_shard(s);
        if (s->count == 0 && s->slots != NULL) {
            roost_region_unmap(s->slots, (s->mask + 1) * sizeof(roost_profile_live));
            s->slots = NULL;
            s->mask = 0;
        }
        unlock_shard(s);
    }
    roost_capture.in_live_table = 0;
}

uint64_t roost_live_count_session(uint32_t session) {
    return roost_live_copy_session(session, NULL, 0);
}

uint64_t roost_live_copy_session(uint32_t session, roost_profile_live *buffer, uint64_t capacity) {
    uint64_t found = 0;
    roost_capture.in_live_table = 1;
    for (int k = 0; k < SHARD_COUNT; k++) {
        shard *s = &shards[k];
        lock_shard(s);
        for (uint64_t i = 0; s->slots != NULL && i <= s->mask; i++) {
            if (s->slots[i].address == 0 || s->slots[i].session != session) continue;
            if (buffer != NULL) {
                if (found == capacity) break;
                buffer[found] = s->slots[i];
            }
            found++;
        }
        unlock_shard(s);
        if (buffer != NULL && found == capacity) break;
    }
    roost_capture.in_live_table = 0;
    return found;
}
