#ifndef ROOST_MEMORY_FILES_H
#define ROOST_MEMORY_FILES_H

#include <stdint.h>

/// The name of the SQLite VFS whose files live in this process's heap ("roost-memory"): a
/// database opened through it (`file:/NAME?vfs=roost-memory`) is shared by every connection
/// of the process that opens the same name, supports WAL (its shared-memory index is heap
/// memory too, its locks are counters under a mutex), and makes no system call.
extern const char *const roost_memory_vfs_name;

/// Registers the VFS with SQLite (once; later calls do nothing). Returns an SQLite result code.
int roost_memory_vfs_register(void);

/// Removes the file `name` and its `-wal` and `-journal` files: memory no connection holds
/// is freed now, the rest when its last connection closes. Returns how many files were there.
int roost_memory_file_remove(const char *name);

/// Creates the file `name` (which must not exist) with the bytes of the file at `source`
/// (an ordinary file), read in chunks straight into the memory the VFS keeps. Returns
/// SQLITE_OK, SQLITE_CANTOPEN (the source cannot be opened or read: `errno` says why),
/// SQLITE_NOMEM, or SQLITE_ERROR when `name` exists already.
int roost_memory_file_load(const char *name, const char *source, int64_t *bytes);

/// Creates the file `name` (which must not exist) with a copy of `size` bytes at `bytes`.
/// Returns SQLITE_OK, SQLITE_NOMEM, or SQLITE_ERROR when `name` exists already.
int roost_memory_file_create(const char *name, const void *bytes, int64_t size);

/// The size of the file `name` in bytes, or -1 when there is none.
int64_t roost_memory_file_size(const char *name);

/// How many files whose names start with `prefix` the VFS still holds, counting removed
/// files that a connection still has open.
int roost_memory_file_count(const char *prefix);

/// The bytes the VFS holds in all its files' chunks.
int64_t roost_memory_bytes(void);

/// The name of the SQLite VFS for database files on disk that keep their memory map
/// (`PRAGMA mmap_size`) across read transactions while the file's size stays the same
/// ("roost-mapped"; the system's "unix" VFS otherwise; MappedFileVFS.c).
extern const char *const roost_mapped_vfs_name;

/// Registers the "roost-mapped" VFS with SQLite (once; later calls do nothing). Returns an
/// SQLite result code.
int roost_mapped_vfs_register(void);

#endif
