// The "roost-mapped" SQLite VFS: the system's "unix" VFS, except that a database file's
// memory map outlives a read transaction that finds the database changed, as long as the
// file's size did not change.
//
// Why: with `PRAGMA mmap_size`, SQLite's pager unmaps the whole database
// (`sqlite3OsUnfetch(fd, 0, 0)`) whenever a read transaction begins after another
// connection committed, so on a WAL database written once an iteration every read mapped the
// file again and faulted its pages in one by one (slower than `pread`, docs/storage.md). A
// WAL reader's snapshot never reads a page of the database file that a checkpoint may still
// overwrite (a checkpoint copies only frames every reader has), and pages written since map
// in through the same shared file pages, so the map stays valid while the size stays the
// same; when the size changed, SQLite's own unfetch unmaps and the next read maps it anew.

#include "MemoryFiles.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stddef.h>

const char *const roost_mapped_vfs_name = "roost-mapped";

/// What this VFS keeps beside the unix VFS's own file object.
typedef struct {
    /// The file's size when the map was last dropped (the next fetch maps about this much), -1 before.
    sqlite3_int64 mappedSize;
} MapState;

static sqlite3_vfs *unix_vfs;
static sqlite3_vfs mapped;
static int stateOffset;
static pthread_mutex_t capture = PTHREAD_MUTEX_INITIALIZER;
/// The unix VFS's methods for a database file, and the same with `keptUnfetch`.
static const sqlite3_io_methods *original;
static sqlite3_io_methods kept;

static MapState *stateOf(sqlite3_file *file) { return (MapState *)((char *)file + stateOffset); }

static int keptUnfetch(sqlite3_file *file, sqlite3_int64 offset, void *page) {
    if (page == NULL && offset == 0) {
        MapState *state = stateOf(file);
        sqlite3_int64 size;
        if (original->xFileSize(file, &size) != SQLITE_OK) {
            state->mappedSize = -1;
        } else if (size == state->mappedSize) {
            return SQLITE_OK;
        } else {
            state->mappedSize = size;
        }
    }
    return original->xUnfetch(file, offset, page);
}

static int mappedOpen(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *outFlags) {
    (void)vfs;
    int rc = unix_vfs->xOpen(unix_vfs, name, file, flags, outFlags);
    if (rc != SQLITE_OK || !(flags & SQLITE_OPEN_MAIN_DB) || !file->pMethods || file->pMethods->iVersion < 3) return rc;
    pthread_mutex_lock(&capture);
    if (!original) {
        original = file->pMethods;
        kept = *original;
        kept.xUnfetch = keptUnfetch;
    }
    /* Another kind of file (SQLite picks the methods by locking style) keeps its own methods. */
    if (file->pMethods == original) {
        stateOf(file)->mappedSize = -1;
        file->pMethods = &kept;
    }
    pthread_mutex_unlock(&capture);
    return rc;
}

static pthread_once_t registration = PTHREAD_ONCE_INIT;
static int registrationResult = SQLITE_OK;

static void registerOnce(void) {
    registrationResult = sqlite3_initialize();
    if (registrationResult != SQLITE_OK) return;
    unix_vfs = sqlite3_vfs_find("unix");
    if (!unix_vfs || unix_vfs->iVersion < 1) {
        registrationResult = SQLITE_ERROR;
        return;
    }
    mapped = *unix_vfs;
    mapped.pNext = NULL;
    mapped.zName = roost_mapped_vfs_name;
    stateOffset = (unix_vfs->szOsFile + 7) & ~7;
    mapped.szOsFile = stateOffset + (int)sizeof(MapState);
    mapped.xOpen = mappedOpen;
    registrationResult = sqlite3_vfs_register(&mapped, 0);
}

int roost_mapped_vfs_register(void) {
    pthread_once(&registration, registerOnce);
    return registrationResult;
}
