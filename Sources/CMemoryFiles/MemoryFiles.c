// An SQLite VFS whose files are chunks of this process's heap ("roost-memory").
//
// Why: a `.memory` stack must let reads run in parallel on several connections while one
// writer writes, as a WAL database does, without a disk. WAL needs files and a shared-memory
// index; on a memory file system (/dev/shm) every page written or re-read is a system call,
// which cost write-heavy scenarios 40% of their speed (docs/social-stack.md). Here a file is
// an array of 256 KiB chunks, the WAL index is heap regions and the locks are counters under
// a mutex, with the semantics of SQLite's own unix VFS between connections of one process.
//
// Concurrency: a file's chunk pointers are published with release stores and read with
// acquire loads, so readers copy pages without a lock; SQLite's WAL protocol guarantees that
// no byte is read while another connection writes it. Growth, locks and the WAL index's
// regions take the file's mutex; opening, deleting and looking files up take the registry's.

#include "MemoryFiles.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CHUNK_SHIFT 18
#define CHUNK_SIZE ((int64_t)1 << CHUNK_SHIFT)
#define LEAF_SHIFT 12
#define LEAF_COUNT (1 << LEAF_SHIFT)
#define ROOT_COUNT 256 /* 256 leaves of 4,096 chunks of 256 KiB: files up to 256 GiB */

const char *const roost_memory_vfs_name = "roost-memory";

typedef struct Node Node;
typedef struct Handle Handle;

/// One file: its bytes, its locks and (for a database) its WAL index.
struct Node {
    Node *next, *previous;      /* every node alive: registered, or removed but still open */
    char *name;                 /* NULL for an anonymous (temporary) file */
    int registered;             /* whether `name` finds it */
    int openCount;              /* handles open on it (registry mutex) */
    pthread_mutex_t mutex;      /* growth, database locks, the WAL index */
    int64_t size;               /* atomic */
    unsigned char **root[ROOT_COUNT]; /* leaves, published atomically */
    /* Database-file locks, as the unix VFS keeps them between handles of one process. */
    int lockLevel;              /* the strongest lock any handle holds */
    int sharedCount;            /* handles holding SHARED or more */
    /* The WAL index: regions of equal size, and its eight locks (>0 shared count, -1 exclusive). */
    void **regions;
    int regionCount;
    int regionSize;
    int shmMapCount;
    int shmLocks[SQLITE_SHM_NLOCK];
};

/// One connection's open file.
struct Handle {
    sqlite3_file base;
    Node *node;
    int lockLevel;
    int deleteOnClose;
    int shmMapped;
    unsigned shmShared, shmExclusive; /* bit masks of the WAL index locks this handle holds */
};

static pthread_mutex_t registry = PTHREAD_MUTEX_INITIALIZER;
static Node *nodes;             /* every node alive (registry mutex) */
static int64_t chunkBytes;      /* atomic: bytes in all chunks */
static sqlite3_vfs *fallback;   /* the default VFS, for time, randomness and sleep */

// MARK: - Nodes

static Node *nodeCreate(const char *name) {
    Node *node = calloc(1, sizeof(Node));
    if (!node) return NULL;
    if (name && !(node->name = strdup(name))) {
        free(node);
        return NULL;
    }
    pthread_mutex_init(&node->mutex, NULL);
    return node;
}

/// Frees a node no handle has open and the registry no longer lists (registry mutex held).
static void nodeFree(Node *node) {
    if (node->previous) node->previous->next = node->next; else if (nodes == node) nodes = node->next;
    if (node->next) node->next->previous = node->previous;
    int64_t freed = 0;
    for (int r = 0; r < ROOT_COUNT; r++) {
        unsigned char **leaf = node->root[r];
        if (!leaf) continue;
        for (int l = 0; l < LEAF_COUNT; l++) {
            if (leaf[l]) {
                free(leaf[l]);
                freed += CHUNK_SIZE;
            }
        }
        free(leaf);
    }
    __atomic_sub_fetch(&chunkBytes, freed, __ATOMIC_RELAXED);
    for (int i = 0; i < node->regionCount; i++) free(node->regions[i]);
    free(node->regions);
    pthread_mutex_destroy(&node->mutex);
    free(node->name);
    free(node);
}

static void nodeLink(Node *node) {
    node->next = nodes;
    node->previous = NULL;
    if (nodes) nodes->previous = node;
    nodes = node;
}

/// The registered node named `name` (registry mutex held).
static Node *nodeNamed(const char *name) {
    for (Node *node = nodes; node; node = node->next) {
        if (node->registered && strcmp(node->name, name) == 0) return node;
    }
    return NULL;
}

/// The chunk holding byte `index << CHUNK_SHIFT`, made (zeroed) when `create` is set; NULL
/// when it is not there (or cannot be made).
static unsigned char *chunkAt(Node *node, int64_t index, int create) {
    int64_t r = index >> LEAF_SHIFT, l = index & (LEAF_COUNT - 1);
    if (r >= ROOT_COUNT) return NULL;
    unsigned char **leaf = __atomic_load_n(&node->root[r], __ATOMIC_ACQUIRE);
    unsigned char *chunk = leaf ? __atomic_load_n(&leaf[l], __ATOMIC_ACQUIRE) : NULL;
    if (chunk || !create) return chunk;
    pthread_mutex_lock(&node->mutex);
    leaf = node->root[r];
    if (!leaf && (leaf = calloc(LEAF_COUNT, sizeof(unsigned char *)))) {
        __atomic_store_n(&node->root[r], leaf, __ATOMIC_RELEASE);
    }
    if (leaf && !(chunk = leaf[l]) && (chunk = calloc(1, CHUNK_SIZE))) {
        __atomic_store_n(&leaf[l], chunk, __ATOMIC_RELEASE);
        __atomic_add_fetch(&chunkBytes, CHUNK_SIZE, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&node->mutex);
    return chunk;
}

/// Grows the recorded size to `end` when it is smaller.
static void sizeAtLeast(Node *node, int64_t end) {
    int64_t size = __atomic_load_n(&node->size, __ATOMIC_ACQUIRE);
    while (end > size && !__atomic_compare_exchange_n(&node->size, &size, end, 1, __ATOMIC_RELEASE, __ATOMIC_ACQUIRE)) {}
}

// MARK: - File methods

static int memClose(sqlite3_file *file);
static int memShmUnmap(sqlite3_file *file, int deleteFlag);
static int memUnlock(sqlite3_file *file, int level);

static int memRead(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    Node *node = ((Handle *)file)->node;
    int64_t size = __atomic_load_n(&node->size, __ATOMIC_ACQUIRE);
    int64_t available = offset >= size ? 0 : (size - offset < amount ? size - offset : amount);
    unsigned char *out = buffer;
    int64_t done = 0;
    while (done < available) {
        int64_t at = offset + done, within = at & (CHUNK_SIZE - 1);
        int64_t count = CHUNK_SIZE - within < available - done ? CHUNK_SIZE - within : available - done;
        unsigned char *chunk = chunkAt(node, at >> CHUNK_SHIFT, 0);
        if (chunk) memcpy(out + done, chunk + within, (size_t)count); else memset(out + done, 0, (size_t)count);
        done += count;
    }
    if (available < amount) {
        memset(out + available, 0, (size_t)(amount - available));
        return SQLITE_IOERR_SHORT_READ;
    }
    return SQLITE_OK;
}

static int memWrite(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    Node *node = ((Handle *)file)->node;
    const unsigned char *in = buffer;
    int64_t done = 0;
    while (done < amount) {
        int64_t at = offset + done, within = at & (CHUNK_SIZE - 1);
        int64_t count = CHUNK_SIZE - within < amount - done ? CHUNK_SIZE - within : amount - done;
        unsigned char *chunk = chunkAt(node, at >> CHUNK_SHIFT, 1);
        if (!chunk) return SQLITE_FULL;
        memcpy(chunk + within, in + done, (size_t)count);
        done += count;
    }
    sizeAtLeast(node, offset + amount);
    return SQLITE_OK;
}

/// Bytes past the new end read as zeros if the file grows again, as on a disk.
static int memTruncate(sqlite3_file *file, sqlite3_int64 size) {
    Node *node = ((Handle *)file)->node;
    pthread_mutex_lock(&node->mutex);
    int64_t old = __atomic_load_n(&node->size, __ATOMIC_ACQUIRE);
    for (int64_t at = size; at < old;) {
        int64_t within = at & (CHUNK_SIZE - 1);
        int64_t count = CHUNK_SIZE - within < old - at ? CHUNK_SIZE - within : old - at;
        int64_t index = at >> CHUNK_SHIFT;
        unsigned char **leaf = node->root[index >> LEAF_SHIFT];
        unsigned char *chunk = leaf ? leaf[index & (LEAF_COUNT - 1)] : NULL;
        if (chunk) memset(chunk + within, 0, (size_t)count);
        at += count;
    }
    __atomic_store_n(&node->size, size, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&node->mutex);
    return SQLITE_OK;
}

static int memSync(sqlite3_file *file, int flags) {
    (void)file;
    (void)flags;
    return SQLITE_OK;
}

static int memFileSize(sqlite3_file *file, sqlite3_int64 *size) {
    *size = __atomic_load_n(&((Handle *)file)->node->size, __ATOMIC_ACQUIRE);
    return SQLITE_OK;
}

/// Database-file locks between this process's handles, as os_unix.c keeps them per inode.
static int memLock(sqlite3_file *file, int level) {
    Handle *handle = (Handle *)file;
    Node *node = handle->node;
    if (handle->lockLevel >= level) return SQLITE_OK;
    int rc = SQLITE_OK;
    pthread_mutex_lock(&node->mutex);
    if (handle->lockLevel != node->lockLevel && (node->lockLevel >= SQLITE_LOCK_PENDING || level > SQLITE_LOCK_SHARED)) {
        rc = SQLITE_BUSY;
    } else if (level == SQLITE_LOCK_SHARED) {
        node->sharedCount++;
        if (node->lockLevel == SQLITE_LOCK_NONE) node->lockLevel = SQLITE_LOCK_SHARED;
        handle->lockLevel = SQLITE_LOCK_SHARED;
    } else if (level == SQLITE_LOCK_EXCLUSIVE && node->sharedCount > 1) {
        /* Others still read: hold PENDING so that no new reader starts, and report busy. */
        handle->lockLevel = node->lockLevel = SQLITE_LOCK_PENDING;
        rc = SQLITE_BUSY;
    } else {
        handle->lockLevel = node->lockLevel = level;
    }
    pthread_mutex_unlock(&node->mutex);
    return rc;
}

static int memUnlock(sqlite3_file *file, int level) {
    Handle *handle = (Handle *)file;
    Node *node = handle->node;
    if (handle->lockLevel <= level) return SQLITE_OK;
    pthread_mutex_lock(&node->mutex);
    if (handle->lockLevel > SQLITE_LOCK_SHARED) node->lockLevel = SQLITE_LOCK_SHARED;
    if (level == SQLITE_LOCK_NONE) {
        if (--node->sharedCount == 0) node->lockLevel = SQLITE_LOCK_NONE;
    }
    handle->lockLevel = level;
    pthread_mutex_unlock(&node->mutex);
    return SQLITE_OK;
}

static int memCheckReservedLock(sqlite3_file *file, int *result) {
    Node *node = ((Handle *)file)->node;
    pthread_mutex_lock(&node->mutex);
    *result = node->lockLevel > SQLITE_LOCK_SHARED;
    pthread_mutex_unlock(&node->mutex);
    return SQLITE_OK;
}

static int memFileControl(sqlite3_file *file, int op, void *argument) {
    (void)file;
    (void)argument;
    (void)op;
    return SQLITE_NOTFOUND;
}

static int memSectorSize(sqlite3_file *file) {
    (void)file;
    return 4096;
}

static int memDeviceCharacteristics(sqlite3_file *file) {
    (void)file;
    return SQLITE_IOCAP_POWERSAFE_OVERWRITE | SQLITE_IOCAP_SAFE_APPEND | SQLITE_IOCAP_SEQUENTIAL;
}

static int memShmMap(sqlite3_file *file, int region, int regionSize, int extend, void volatile **pointer) {
    Handle *handle = (Handle *)file;
    Node *node = handle->node;
    int rc = SQLITE_OK;
    pthread_mutex_lock(&node->mutex);
    if (!handle->shmMapped) {
        handle->shmMapped = 1;
        node->shmMapCount++;
    }
    if (node->regionCount == 0) node->regionSize = regionSize;
    if (region >= node->regionCount && extend && regionSize == node->regionSize) {
        void **grown = realloc(node->regions, sizeof(void *) * (size_t)(region + 1));
        if (grown) {
            node->regions = grown;
            while (node->regionCount <= region) {
                void *made = calloc(1, (size_t)regionSize);
                if (!made) break;
                node->regions[node->regionCount++] = made;
            }
        }
        if (region >= node->regionCount) rc = SQLITE_IOERR_NOMEM;
    }
    *pointer = region < node->regionCount ? node->regions[region] : NULL;
    pthread_mutex_unlock(&node->mutex);
    return rc;
}

/// The WAL index's locks with os_unix.c's semantics between one process's connections: a
/// shared lock fails while another holds it exclusively, an exclusive lock while another
/// holds any; never blocks.
static int memShmLock(sqlite3_file *file, int offset, int count, int flags) {
    Handle *handle = (Handle *)file;
    Node *node = handle->node;
    unsigned mask = (1u << (offset + count)) - (1u << offset);
    int rc = SQLITE_OK;
    pthread_mutex_lock(&node->mutex);
    if (flags & SQLITE_SHM_UNLOCK) {
        for (int i = offset; i < offset + count; i++) {
            unsigned bit = 1u << i;
            if (handle->shmShared & bit) {
                node->shmLocks[i]--;
            } else if (handle->shmExclusive & bit) {
                node->shmLocks[i] = 0;
            }
        }
        handle->shmShared &= ~mask;
        handle->shmExclusive &= ~mask;
    } else if (flags & SQLITE_SHM_SHARED) {
        if (!(handle->shmShared & mask)) {
            if (node->shmLocks[offset] < 0) {
                rc = SQLITE_BUSY;
            } else {
                node->shmLocks[offset]++;
                handle->shmShared |= mask;
            }
        }
    } else {
        for (int i = offset; i < offset + count; i++) {
            if (node->shmLocks[i] != 0) {
                rc = SQLITE_BUSY;
                break;
            }
        }
        if (rc == SQLITE_OK) {
            for (int i = offset; i < offset + count; i++) node->shmLocks[i] = -1;
            handle->shmExclusive |= mask;
        }
    }
    pthread_mutex_unlock(&node->mutex);
    return rc;
}

static void memShmBarrier(sqlite3_file *file) {
    (void)file;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/// The last handle to unmap the WAL index frees it: the next connection rebuilds it from
/// the WAL (SQLite's recovery), as it would from a -shm file that was deleted.
static int memShmUnmap(sqlite3_file *file, int deleteFlag) {
    (void)deleteFlag;
    Handle *handle = (Handle *)file;
    Node *node = handle->node;
    pthread_mutex_lock(&node->mutex);
    if (handle->shmMapped) {
        for (int i = 0; i < SQLITE_SHM_NLOCK; i++) {
            unsigned bit = 1u << i;
            if (handle->shmShared & bit) node->shmLocks[i]--;
            if (handle->shmExclusive & bit) node->shmLocks[i] = 0;
        }
        handle->shmShared = handle->shmExclusive = 0;
        handle->shmMapped = 0;
        if (--node->shmMapCount == 0) {
            for (int i = 0; i < node->regionCount; i++) free(node->regions[i]);
            free(node->regions);
            node->regions = NULL;
            node->regionCount = 0;
            memset(node->shmLocks, 0, sizeof(node->shmLocks));
        }
    }
    pthread_mutex_unlock(&node->mutex);
    return SQLITE_OK;
}

/// A page's bytes in place (no copy) when it lies within one chunk; the chunk stays put for
/// as long as the file lives, so there is nothing to release.
static int memFetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **pointer) {
    Node *node = ((Handle *)file)->node;
    *pointer = NULL;
    if (offset + amount > __atomic_load_n(&node->size, __ATOMIC_ACQUIRE)) return SQLITE_OK;
    int64_t index = offset >> CHUNK_SHIFT;
    if ((offset + amount - 1) >> CHUNK_SHIFT != index) return SQLITE_OK;
    unsigned char *chunk = chunkAt(node, index, 0);
    if (chunk) *pointer = chunk + (offset & (CHUNK_SIZE - 1));
    return SQLITE_OK;
}

static int memUnfetch(sqlite3_file *file, sqlite3_int64 offset, void *pointer) {
    (void)file;
    (void)offset;
    (void)pointer;
    return SQLITE_OK;
}

static const sqlite3_io_methods methods = {
    3, memClose, memRead, memWrite, memTruncate, memSync, memFileSize, memLock, memUnlock,
    memCheckReservedLock, memFileControl, memSectorSize, memDeviceCharacteristics,
    memShmMap, memShmLock, memShmBarrier, memShmUnmap, memFetch, memUnfetch,
};

static int memClose(sqlite3_file *file) {
    Handle *handle = (Handle *)file;
    Node *node = handle->node;
    memShmUnmap(file, 0);
    memUnlock(file, SQLITE_LOCK_NONE);
    pthread_mutex_lock(&registry);
    if (handle->deleteOnClose) node->registered = 0;
    if (--node->openCount == 0 && !node->registered) nodeFree(node);
    pthread_mutex_unlock(&registry);
    handle->node = NULL;
    return SQLITE_OK;
}

// MARK: - VFS methods

static int memOpen(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *outFlags) {
    (void)vfs;
    Handle *handle = (Handle *)file;
    memset(handle, 0, sizeof(Handle));
    Node *node;
    pthread_mutex_lock(&registry);
    node = name ? nodeNamed(name) : NULL;
    if (!node) {
        if (name && !(flags & SQLITE_OPEN_CREATE)) {
            pthread_mutex_unlock(&registry);
            return SQLITE_CANTOPEN;
        }
        if (!(node = nodeCreate(name))) {
            pthread_mutex_unlock(&registry);
            return SQLITE_NOMEM;
        }
        node->registered = name != NULL;
        nodeLink(node);
    }
    node->openCount++;
    pthread_mutex_unlock(&registry);
    handle->node = node;
    handle->deleteOnClose = !name || (flags & SQLITE_OPEN_DELETEONCLOSE);
    handle->base.pMethods = &methods;
    if (outFlags) *outFlags = flags;
    return SQLITE_OK;
}

static int memDelete(sqlite3_vfs *vfs, const char *name, int syncDirectory) {
    (void)vfs;
    (void)syncDirectory;
    pthread_mutex_lock(&registry);
    Node *node = nodeNamed(name);
    if (node) {
        node->registered = 0;
        if (node->openCount == 0) nodeFree(node);
    }
    pthread_mutex_unlock(&registry);
    return node ? SQLITE_OK : SQLITE_IOERR_DELETE_NOENT;
}

/// As the unix VFS answers: a file "exists" when it is there and not empty.
static int memAccess(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    (void)vfs;
    pthread_mutex_lock(&registry);
    Node *node = nodeNamed(name);
    if (flags == SQLITE_ACCESS_EXISTS) {
        *result = node && __atomic_load_n(&node->size, __ATOMIC_ACQUIRE) > 0;
    } else {
        *result = node != NULL;
    }
    pthread_mutex_unlock(&registry);
    return SQLITE_OK;
}

static int memFullPathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    (void)vfs;
    sqlite3_snprintf(size, out, "%s", name);
    return SQLITE_OK;
}

static void *memDlOpen(sqlite3_vfs *vfs, const char *path) {
    (void)vfs;
    return fallback->xDlOpen(fallback, path);
}

static void memDlError(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    fallback->xDlError(fallback, size, message);
}

static void (*memDlSym(sqlite3_vfs *vfs, void *library, const char *symbol))(void) {
    (void)vfs;
    return fallback->xDlSym(fallback, library, symbol);
}

static void memDlClose(sqlite3_vfs *vfs, void *library) {
    (void)vfs;
    fallback->xDlClose(fallback, library);
}

static int memRandomness(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    return fallback->xRandomness(fallback, size, out);
}

static int memSleep(sqlite3_vfs *vfs, int microseconds) {
    (void)vfs;
    return fallback->xSleep(fallback, microseconds);
}

static int memCurrentTime(sqlite3_vfs *vfs, double *now) {
    (void)vfs;
    return fallback->xCurrentTime(fallback, now);
}

static int memGetLastError(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    (void)size;
    (void)message;
    return 0;
}

static int memCurrentTimeInt64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
    (void)vfs;
    return fallback->xCurrentTimeInt64(fallback, now);
}

static sqlite3_vfs vfs = {
    2, sizeof(Handle), 512, NULL, "roost-memory", NULL,
    memOpen, memDelete, memAccess, memFullPathname, memDlOpen, memDlError, memDlSym, memDlClose,
    memRandomness, memSleep, memCurrentTime, memGetLastError, memCurrentTimeInt64,
    NULL, NULL, NULL,
};

static pthread_once_t registration = PTHREAD_ONCE_INIT;
static int registrationResult = SQLITE_OK;

static void registerOnce(void) {
    registrationResult = sqlite3_initialize();
    if (registrationResult != SQLITE_OK) return;
    fallback = sqlite3_vfs_find(NULL);
    registrationResult = fallback ? sqlite3_vfs_register(&vfs, 0) : SQLITE_ERROR;
}

int roost_memory_vfs_register(void) {
    pthread_once(&registration, registerOnce);
    return registrationResult;
}

// MARK: - Files from outside SQLite

int roost_memory_file_remove(const char *name) {
    static const char *const suffixes[] = {"", "-wal", "-journal"};
    int removed = 0;
    size_t length = strlen(name);
    char *path = malloc(length + 9);
    if (!path) return 0;
    for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
        memcpy(path, name, length);
        strcpy(path + length, suffixes[i]);
        removed += memDelete(&vfs, path, 0) == SQLITE_OK;
    }
    free(path);
    return removed;
}

int roost_memory_file_load(const char *name, const char *source, int64_t *bytes) {
    Node *node = nodeCreate(name);
    if (!node) return SQLITE_NOMEM;
    int descriptor = open(source, O_RDONLY | O_CLOEXEC);
    struct stat status;
    int rc = descriptor < 0 || fstat(descriptor, &status) != 0 ? SQLITE_CANTOPEN : SQLITE_OK;
    int64_t size = 0, wanted = rc == SQLITE_OK ? (int64_t)status.st_size : 0;
    while (rc == SQLITE_OK && size < wanted) {
        unsigned char *chunk = chunkAt(node, size >> CHUNK_SHIFT, 1);
        int64_t within = size & (CHUNK_SIZE - 1);
        int64_t want = wanted - size < CHUNK_SIZE - within ? wanted - size : CHUNK_SIZE - within;
        if (!chunk) {
            rc = SQLITE_NOMEM;
            break;
        }
        ssize_t got = read(descriptor, chunk + within, (size_t)want);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
            rc = SQLITE_CANTOPEN; /* a read error, or the file shrank meanwhile */
            if (got == 0) errno = EIO;
            break;
        }
        size += got;
    }
    int saved = errno;
    if (descriptor >= 0) close(descriptor);
    node->size = size;
    pthread_mutex_lock(&registry);
    if (rc == SQLITE_OK && nodeNamed(name)) rc = SQLITE_ERROR;
    nodeLink(node);
    if (rc == SQLITE_OK) {
        node->registered = 1;
    } else {
        nodeFree(node);
    }
    pthread_mutex_unlock(&registry);
    if (bytes) *bytes = rc == SQLITE_OK ? size : 0;
    errno = saved;
    return rc;
}

int64_t roost_memory_file_size(const char *name) {
    pthread_mutex_lock(&registry);
    Node *node = nodeNamed(name);
    int64_t size = node ? __atomic_load_n(&node->size, __ATOMIC_ACQUIRE) : -1;
    pthread_mutex_unlock(&registry);
    return size;
}

int roost_memory_file_count(const char *prefix) {
    size_t length = strlen(prefix);
    int count = 0;
    pthread_mutex_lock(&registry);
    for (Node *node = nodes; node; node = node->next) {
        if (node->name && strncmp(node->name, prefix, length) == 0) count++;
    }
    pthread_mutex_unlock(&registry);
    return count;
}

int64_t roost_memory_bytes(void) { return __atomic_load_n(&chunkBytes, __ATOMIC_RELAXED); }

/// Before SQLite starts (a constructor runs before main): no global statistics mutex around
/// every SQLite allocation (SQLITE_CONFIG_MEMSTATUS; two connections on two threads
/// contended for it), and URIs understood whatever SQLite was compiled with, so that a
/// database can name this VFS (`file:/NAME?vfs=roost-memory`).
__attribute__((constructor)) static void configureSQLite(void) {
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    sqlite3_config(SQLITE_CONFIG_URI, 1);
}
