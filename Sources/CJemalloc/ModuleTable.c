// The loaded modules, for the allocation profiler's stack walk: where each one's code is,
// its unwind table, and whether its functions keep frame pointers.
//
// The table is built outside the hook (dl_iterate_phdr, when a session starts) in mapped
// memory and published with one atomic store; the hook only reads it. A module "keeps frame
// pointers" when most of its functions define their CFA through rbp: those are walked by the
// rbp chain (fast), the others (Debian's libsqlite3, libc, libstdc++) frame by frame through
// their call-frame information (CallFrameInfo.c).
#define _GNU_SOURCE
#include "ProfileInternal.h"
#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <string.h>

#define MAX_MODULES 512
/// FDEs examined per module to judge whether it keeps frame pointers.
#define FDES_TO_CHECK 2048

typedef struct module_table {
    uint32_t count;
    unsigned long long adds, subs;
    roost_module modules[MAX_MODULES];
} module_table;

static _Atomic(module_table *) current_table;
static pthread_mutex_t refresh_lock = PTHREAD_MUTEX_INITIALIZER;

static void judge_frame_pointers(roost_module *m) {
    if (m->fde_count == 0) return;
    uint32_t step = m->fde_count > FDES_TO_CHECK ? m->fde_count / FDES_TO_CHECK : 1;
    const int32_t *table = (const int32_t *)m->fde_table;
    for (uint32_t i = 0; i < m->fde_count; i += step) {
        int uses = roost_fde_uses_frame_pointer(m, (const uint8_t *)((uintptr_t)m->eh_frame_hdr + (intptr_t)table[2 * i + 1]));
        if (uses < 0) continue;
        m->fdes_checked++;
        m->fdes_with_frame_pointer += (uint32_t)uses;
    }
    // Swift and clang with -fno-omit-frame-pointer set rbp up in nearly every function that
    // calls another; Debian's C libraries in almost none (libsqlite3: well under 1%).
    m->has_frame_pointers = m->fdes_checked > 0 && m->fdes_with_frame_pointer * 4 >= m->fdes_checked * 3;
}


static int collect_module(struct dl_phdr_info *info, size_t size, void *data) {
    module_table *table = data;
    if (size >= offsetof(struct dl_phdr_info, dlpi_subs) + sizeof(info->dlpi_subs)) {
        table->adds = info->dlpi_adds;
        table->subs = info->dlpi_subs;
    }
    if (table->count >= MAX_MODULES) return 0;
    roost_module m = {0};
    m.base = (uintptr_t)info->dlpi_addr;
    m.text_start = m.image_start = UINTPTR_MAX;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        uintptr_t start = m.base + header->p_vaddr, end = start + header->p_memsz;
        if (header->p_type == PT_LOAD) {
            if (start < m.image_start) m.image_start = start;
            if (end > m.image_end) m.image_end = end;
            if (header->p_flags & PF_X) {
                if (start < m.text_start) m.text_start = start;
                if (end > m.text_end) m.text_end = end;
            }
        } else if (header->p_type == PT_GNU_EH_FRAME) {
            m.eh_frame_hdr = (const uint8_t *)start;
        }
    }
    if (m.text_end == 0) return 0;
    m.path = info->dlpi_name != NULL ? info->dlpi_name : "";
    roost_read_eh_frame_hdr(&m);
    table->modules[table->count++] = m;
    return 0;
}

static int count_changes(struct dl_phdr_info *info, size_t size, void *data) {
    unsigned long long *changes = data;
    if (size >= offsetof(struct dl_phdr_info, dlpi_subs) + sizeof(info->dlpi_subs)) {
        changes[0] = info->dlpi_adds;
        changes[1] = info->dlpi_subs;
    }
    return 1;  // the counters are the same in every callback: one is enough
}

void roost_profile_refresh_modules(void) {
    pthread_mutex_lock(&refresh_lock);
    module_table *current = atomic_load_explicit(&current_table, memory_order_acquire);
    unsigned long long changes[2] = {0, 0};
    dl_iterate_phdr(count_changes, changes);
    if (current != NULL && current->adds == changes[0] && current->subs == changes[1]) {
        pthread_mutex_unlock(&refresh_lock);
        return;
    }
    module_table *table = roost_region_map(sizeof(module_table));
    if (table == NULL) {
        pthread_mutex_unlock(&refresh_lock);
        return;
    }
    dl_iterate_phdr(collect_module, table);
    // Sorted by address for the lookup.
    for (uint32_t i = 1; i < table->count; i++) {
        roost_module m = table->modules[i];
        uint32_t j = i;
        while (j > 0 && table->modules[j - 1].text_start > m.text_start) {
            table->modules[j] = table->modules[j - 1];
            j--;
        }
        table->modules[j] = m;
    }
    for (uint32_t i = 0; i < table->count; i++) judge_frame_pointers(&table->modules[i]);
    // The old table stays mapped: a walk on another thread may still read it (it is small,
    // and replaced only when libraries are loaded or unloaded).
    atomic_store_explicit(&current_table, table, memory_order_release);
    pthread_mutex_unlock(&refresh_lock);
}

const roost_module *roost_module_for(uintptr_t pc) {
    const module_table *table = atomic_load_explicit(&current_table, memory_order_acquire);
    if (table == NULL || table->count == 0) return NULL;
    uint32_t low = 0, high = table->count;
    while (high - low > 1) {
        uint32_t middle = low + (high - low) / 2;
        if (table->modules[middle].text_start <= pc) low = middle; else high = middle;
    }
    const roost_module *m = &table->modules[low];
    return pc >= m->text_start && pc < m->text_end ? m : NULL;
}

uint32_t roost_profile_module_count(void) {
    const module_table *table = atomic_load_explicit(&current_table, memory_order_acquire);
    return table == NULL ? 0 : table->count;
}

int roost_profile_module_info(uint32_t index, roost_profile_module *module) {
    const module_table *table = atomic_load_explicit(&current_table, memory_order_acquire);
    if (table == NULL || index >= table->count) return -1;
    const roost_module *m = &table->modules[index];
    *module = (roost_profile_module){
        .path = m->path, .base = m->base, .text_start = m->text_start, .text_end = m->text_end,
        .has_frame_pointers = m->has_frame_pointers, .fde_count = m->fde_count,
        .fdes_checked = m->fdes_checked, .fdes_with_frame_pointer = m->fdes_with_frame_pointer,
    };
    return 0;
}
