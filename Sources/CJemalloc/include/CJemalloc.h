#ifndef ROOST_CJEMALLOC_H
#define ROOST_CJEMALLOC_H

// jemalloc and the few C-level helpers MemoryProbes needs.
//
// Debian's jemalloc is built without a `je_` prefix: linking it replaces malloc, free and
// friends for the whole process (Swift runtime, Foundation, SQLite). This target links
// it (Package.swift: linkedLibrary "jemalloc").
#include <stddef.h>
#include <stdint.h>
#include <jemalloc/jemalloc.h>

/// Bytes this thread has allocated since it started: a volatile load through jemalloc's
/// `thread.allocatedp` (looked up once per thread, without allocating). 0 if unavailable.
uint64_t roost_thread_bytes_allocated(void);
/// 1 when the process's `malloc` is this jemalloc: a 64 KiB malloc through the C
/// library's symbol moves this thread's `thread.allocated`.
int roost_malloc_is_jemalloc(void);
/// Bytes this thread has freed since it started (`thread.deallocatedp`). 0 if unavailable.
uint64_t roost_thread_bytes_freed(void);

// Per-thread allocation and free counts, fed by jemalloc 5.3's
// `experimental.hooks.install` hooks while they are installed. Installed hooks slow every
// malloc in the process (jemalloc's slow path), so they are installed for measuring only.

/// Starts counting (installs the hooks if nobody counts yet). 0 on success, else the code
/// `mallctl` returned; then counting did not start and `end` must not be called.
int roost_allocation_counting_begin(void);
/// Stops one `begin` (removes the hooks when it was the last).
void roost_allocation_counting_end(void);
/// 1 while at least one `begin` is not yet ended.
int roost_allocation_counting_is_on(void);
/// Allocation calls made on this thread while the hooks were installed (malloc, calloc,
/// realloc, posix_memalign, aligned_alloc, mallocx, rallocx, in-place resizes included).
uint64_t roost_thread_allocation_calls(void);
/// Free calls made on this thread while the hooks were installed (free, sdallocx, and
/// the old block of a moving realloc).
uint64_t roost_thread_free_calls(void);

// Swift runtime entry points MemoryProbes reads (declared here so Swift code calls them
// with the C convention they have on x86_64 and arm64 Linux).

/// The strong retain count of a native Swift object.
size_t swift_retainCount(void *object);
/// Metadata for a mangled type name (symbolic references resolved relative to `name`).
/// A Swift-convention function whose four pointer-sized arguments and single result use
/// the same registers as C on x86_64 and arm64.
const void *swift_getTypeByMangledNameInContext(const char *name, size_t length,
                                                const void *context,
                                                const void *const *genericArguments);

#endif
