// The allocation profiler's stack walk: from the interposer's frame up to the step's entry.
//
// The walk carries three registers of the frame it stands in: the return address into it
// (pc), its stack pointer at the call (sp: the callee's CFA) and its rbp. In a module that
// keeps frame pointers, rbp is the function's frame: the caller's return address is at
// rbp+8 and the caller's rbp at rbp. In a module without them (libsqlite3, libc) the
// function's call-frame information says where the CFA is (rsp or rbp plus an offset) and
// where rbp was saved, so the walk crosses such code and carries on by frame pointers with
// the recovered rbp once it is back in code that has them.
//
// Every address read is inside this thread's stack, every CFA is above the one before and
// 8-byte aligned: a garbage rbp ends the walk as a truncated stack, never a crash. The walk
// stops, complete, at the first frame whose CFA lies above `stop` (the step's entry). A
// frame that cannot be unwound is kept as the stack's last (its return address was read
// from a checked slot), and the stack is marked truncated. A frame whose CFI says it has no
// caller (clone3's, the thread's first) ends the stack as END_OF_STACK.
//
// Two entry points: from a frame address (the malloc interposer's own frame), and from an
// interrupted register set (the wall-clock sampler's signal handler, WallClockSampler.c),
// whose leaf is unwound through the CFI at the interrupted instruction itself.
#include "ProfileInternal.h"

static inline bool readable(const roost_walk_bounds *bounds, uintptr_t address) {
    return address >= bounds->low && address <= bounds->high - sizeof(uintptr_t) && (address & 7) == 0;
}

static inline uintptr_t load(uintptr_t address) { return *(const uintptr_t *)address; }

/// Loads the word at `address` if it is a readable stack slot.
static inline bool load_checked(const roost_walk_bounds *bounds, uintptr_t address, uintptr_t *value) {
    if (!readable(bounds, address)) return false;
    *value = load(address);
    return true;
}

static bool cached_rule(roost_unwind_cache_entry *cache, const roost_module *module, uintptr_t pc,
                        roost_unwind_rule *rule) {
    roost_unwind_cache_entry *entry = NULL;
    if (cache != NULL) {
        entry = &cache[((pc * 0x9E3779B97F4A7C15ull) >> 52) & (ROOST_UNWIND_CACHE_SIZE - 1)];
        if (entry->pc == pc) {
            *rule = entry->rule;
            return rule->cfa_kind != ROOST_CFA_INVALID;
        }
    }
    if (!roost_unwind_rule_for(module, pc, rule)) {
        // Unusable: invalid, but remembering whether the CFI said "no caller here".
        bool outermost = rule->ra_kind == ROOST_RA_UNDEFINED;
        *rule = (roost_unwind_rule){0};
        if (outermost) rule->ra_kind = ROOST_RA_UNDEFINED;
    }
    if (entry != NULL) {
        entry->pc = pc;
        entry->rule = *rule;
    }
    return rule->cfa_kind != ROOST_CFA_INVALID;
}

#define ROOST_HASH_SEED 0x9E3779B97F4A7C15ull
// The frames' hash, computed as they are found: its multiply chain overlaps the walk's chain
// of dependent loads.
#define ROOST_RECORD_FRAME(value) do { frames[depth++] = (value); h = (h ^ (value)) * 0xff51afd7ed558ccdull; } while (0)

/// The walk proper, from a frame that stands at return address `pc` (its stack pointer at
/// the call `sp`, its `rbp`), after `depth` frames already recorded with hash `h`. Inlined
/// into both entry points, so each compiles to one tight loop.
static inline __attribute__((always_inline)) int walk_from(uintptr_t pc, uintptr_t sp, uintptr_t rbp, int depth,
                                                           uint64_t h, const roost_walk_bounds *bounds,
                                                           roost_unwind_cache_entry *cache, uintptr_t *frames,
                                                           int capacity, int *truncation, uint64_t *hash) {
    bool skipped = false;
    const roost_module *module = NULL;
    const uintptr_t stop = bounds->stop, top = bounds->high - 16;
    for (;;) {
        // The common case, kept tight: consecutive frames in a module with frame pointers.
        if (module != NULL && module->has_frame_pointers) {
            const uintptr_t start = module->text_start, length = module->text_end - module->text_start;
            while (pc - start < length) {
                if (rbp < sp || rbp > top || (rbp & 7) != 0) goto bad;
                if (rbp + 16 > stop) goto complete;
                if (depth == capacity) {
                    *truncation = ROOST_STACK_DEPTH_LIMIT;
                    *hash = h;
                    return depth;
                }
                ROOST_RECORD_FRAME(pc);
                sp = rbp + 16;
                pc = load(rbp + 8);
                rbp = load(rbp);
            }
        }
        if (pc == 0) {
            *truncation = ROOST_STACK_END_OF_STACK;
            *hash = h;
            return depth;
        }
        if (module == NULL || pc < module->text_start || pc >= module->text_end) {
            module = roost_module_for(pc);
            if (module == NULL) {
                *truncation = ROOST_STACK_UNKNOWN_MODULE;
                *hash = h;
                return depth;
            }
        }
        uintptr_t cfa, next_pc, next_rbp;
        if (ROOST_LIKELY(module->has_frame_pointers)) {
            // rbp is this function's frame: at or above its stack pointer.
            if (rbp < sp || !readable(bounds, rbp) || !readable(bounds, rbp + 8)) goto bad;
            cfa = rbp + 16;
            if (cfa > bounds->stop) break;
            next_pc = load(rbp + 8);
            next_rbp = load(rbp);
        } else {
            roost_unwind_rule rule;
            if (!cached_rule(cache, module, pc, &rule)) {
                // The outermost frame (clone3's, _start's): its CFI says there is no caller.
                if (rule.ra_kind == ROOST_RA_UNDEFINED) {
                    *truncation = ROOST_STACK_END_OF_STACK;
                    goto last;
                }
                // No CFI either (a compiler-made thunk): if rbp still looks like a frame, the
                // function left it alone and it is an ancestor's: carry on from there. The
                // frames between are lost, so the stack says so.
                if (rbp < sp || !readable(bounds, rbp) || !readable(bounds, rbp + 8)) {
                    *truncation = ROOST_STACK_NO_UNWIND_INFO;
                    goto last;
                }
                skipped = true;
                cfa = rbp + 16;
                if (cfa > bounds->stop) break;
                next_pc = load(rbp + 8);
                next_rbp = load(rbp);
                goto next;
            }
            switch (rule.cfa_kind) {
            case ROOST_CFA_RSP: cfa = sp + (intptr_t)rule.cfa_offset; break;
            case ROOST_CFA_RBP: cfa = rbp + (intptr_t)rule.cfa_offset; break;
            case ROOST_CFA_DEREF_RBP:
                if (!load_checked(bounds, rbp + (intptr_t)rule.cfa_offset, &cfa)) goto bad;
                break;
            default:
                if (!load_checked(bounds, sp + (intptr_t)rule.cfa_offset, &cfa)) goto bad;
                break;
            }
            if (cfa <= sp || (cfa & 7) != 0 || cfa > bounds->high) goto bad;
            if (cfa > bounds->stop) break;
            if (!load_checked(bounds, cfa + (intptr_t)rule.ra_offset, &next_pc)) goto bad;
            if (rule.rbp_kind == ROOST_SAVED_UNCHANGED) {
                next_rbp = rbp;
            } else {
                uintptr_t base = rule.rbp_kind == ROOST_SAVED_AT_CFA ? cfa : rule.rbp_kind == ROOST_SAVED_AT_RBP ? rbp : sp;
                if (!load_checked(bounds, base + (intptr_t)rule.rbp_offset, &next_rbp)) goto bad;
            }
        }
    next:
        if (depth == capacity) {
            *truncation = ROOST_STACK_DEPTH_LIMIT;
            *hash = h;
            return depth;
        }
        ROOST_RECORD_FRAME(pc);
        pc = next_pc;
        rbp = next_rbp;
        sp = cfa;
    }
complete:
    *truncation = skipped ? ROOST_STACK_SKIPPED_FRAMES : ROOST_STACK_COMPLETE;
    *hash = h;
    return depth;
bad:
    *truncation = ROOST_STACK_BAD_FRAME;
last:
    // The return address is real (its slot was checked); only its caller is unknown.
    if (depth < capacity) ROOST_RECORD_FRAME(pc);
    *hash = h;
    return depth;
}

int roost_walk_stack(uintptr_t frame, const roost_walk_bounds *bounds, roost_unwind_cache_entry *cache,
                     uintptr_t *frames, int capacity, int *truncation, uint64_t *hash) {
    if (!readable(bounds, frame) || !readable(bounds, frame + 8)) {
        *truncation = ROOST_STACK_BAD_FRAME;
        *hash = ROOST_HASH_SEED;
        return 0;
    }
    return walk_from(load(frame + 8), frame + 16, load(frame), 0, ROOST_HASH_SEED, bounds, cache, frames, capacity,
                     truncation, hash);
}

int roost_walk_stack_from_registers(uintptr_t pc, uintptr_t sp, uintptr_t rbp, const roost_walk_bounds *bounds,
                                    roost_unwind_cache_entry *cache, uintptr_t *frames, int capacity,
                                    int *truncation) {
    // The leaf is the interrupted instruction itself, not a return address: its frame may be
    // anywhere in its function, prologue and epilogue included, where rbp is not yet (or no
    // longer) its frame. So its caller comes from the call-frame information at exactly that
    // instruction, in every module that has it (frame pointers or not); the cache is keyed by
    // return address (the rule at the byte before), so the leaf is looked up as pc + 1.
    uint64_t h = ROOST_HASH_SEED, ignored;
    int depth = 0;
    if (capacity <= 0) {
        *truncation = ROOST_STACK_DEPTH_LIMIT;
        return 0;
    }
    ROOST_RECORD_FRAME(pc);
    const roost_module *module = roost_module_for(pc);
    if (module == NULL) {
        *truncation = ROOST_STACK_UNKNOWN_MODULE;
        return depth;
    }
    uintptr_t cfa, next_pc, next_rbp;
    roost_unwind_rule rule;
    if (cached_rule(cache, module, pc + 1, &rule)) {
        switch (rule.cfa_kind) {
        case ROOST_CFA_RSP: cfa = sp + (intptr_t)rule.cfa_offset; break;
        case ROOST_CFA_RBP: cfa = rbp + (intptr_t)rule.cfa_offset; break;
        case ROOST_CFA_DEREF_RBP:
            if (!load_checked(bounds, rbp + (intptr_t)rule.cfa_offset, &cfa)) goto bad;
            break;
        default:
            if (!load_checked(bounds, sp + (intptr_t)rule.cfa_offset, &cfa)) goto bad;
            break;
        }
        if (cfa <= sp || (cfa & 7) != 0 || cfa > bounds->high) goto bad;
        if (!load_checked(bounds, cfa + (intptr_t)rule.ra_offset, &next_pc)) goto bad;
        if (rule.rbp_kind == ROOST_SAVED_UNCHANGED) {
            next_rbp = rbp;
        } else {
            uintptr_t base = rule.rbp_kind == ROOST_SAVED_AT_CFA ? cfa : rule.rbp_kind == ROOST_SAVED_AT_RBP ? rbp : sp;
            if (!load_checked(bounds, base + (intptr_t)rule.rbp_offset, &next_rbp)) goto bad;
        }
    } else if (rule.ra_kind == ROOST_RA_UNDEFINED) {
        *truncation = ROOST_STACK_END_OF_STACK;
        return depth;
    } else {
        // No CFI here: trust rbp as this function's frame (what a frame-pointer walk does),
        // if it looks like one.
        if (rbp < sp || !readable(bounds, rbp) || !readable(bounds, rbp + 8)) goto bad;
        cfa = rbp + 16;
        next_pc = load(rbp + 8);
        next_rbp = load(rbp);
    }
    if (next_pc == 0) {
        *truncation = ROOST_STACK_END_OF_STACK;
        return depth;
    }
    return walk_from(next_pc, cfa, next_rbp, depth, h, bounds, cache, frames, capacity, truncation, &ignored);
bad:
    *truncation = ROOST_STACK_BAD_FRAME;
    return depth;
}
#undef ROOST_RECORD_FRAME
