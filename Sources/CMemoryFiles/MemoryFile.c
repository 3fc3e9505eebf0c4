// A memory file's bytes, locks and WAL index: the I/O methods of the "roost-memory" VFS.
//
// A file is an array of 256 KiB chunks reached through a two-level table. Chunk pointers are
// published with release stores and read with acquire loads, so connections copy pages out
// without a lock; SQLite's WAL protocol guarantees that no byte is read while another
// connection writes it. Growth, the database locks and the WAL index take the file's mutex.
// Locks and the WAL index keep os_unix.c's semantics between the connections of one process.

#include "MemoryFileStore.h"

#include <stdlib.h>
#include <string.h>

/// Bytes held in all files' chunks.
int64_t roost_memory_chunk_bytes;

// MARK: - Nodes

Node *roost_memory_node_create(const char *name) {
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
void roost_memory_node_free(Node *node) {
    if (node->previous) node->previous->next = node->next; else if (roost_memory_nodes == node) roost_memory_nodes = node->next;
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
    __atomic_sub_fetch(&roost_memory_chunk_bytes, freed, __ATOMIC_RELAXED);
    for (int i = 0; i < node->regionCount; i++) free(node->regions[i]);
    free(node->regions);
    pthread_mutex_destroy(&node->mutex);
    free(node->name);
    free(node);
}

/// The chunk holding byte `index << CHUNK_SHIFT`, made (zeroed) when `create` is set; NULL
/// when it is not there (or cannot be made).
unsigned char *roost_memory_chunk(Node *node, int64_t index, int create) {
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
        __atomic_add_fetch(&roost_memory_chunk_bytes, CHUNK_SIZE, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&node->mutex);
    return chunk;
}

/// Grows the recorded size to `end` when it is smaller.
static void sizeAtLeast(Node *node, int64_t end) {
    int64_t size = __atomic_load_n(&node->size, __ATOMIC_ACQUIRE);
    while (end > size && !__atomic_compare_exchange_n(&node->size, &size, end, 1, __ATOMIC_RELEASE, __ATOMIC_ACQUIRE)) {}
}

// MARK: - I/O methods

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
        unsigned char *chunk = roost_memory_chunk(node, at >> CHUNK_SHIFT, 0);
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
        unsigned char *chunk = roost_memory_chunk(node, at >> CHUNK_SHIFT, 1);
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
    unsigned char *chunk = roost_memory_chunk(node, index, 0);
    if (chunk) *pointer = chunk + (offset & (CHUNK_SIZE - 1));
    return SQLITE_OK;
}

static int memUnfetch(sqlite3_file *file, sqlite3_int64 offset, void *pointer) {
    (void)file;
    (void)offset;
    (void)pointer;
    return SQLITE_OK;
}

const sqlite3_io_methods roost_memory_io_methods = {
    3, memClose, memRead, memWrite, memTruncate, memSync, memFileSize, memLock, memUnlock,
    memCheckReservedLock, memFileControl, memSectorSize, memDeviceCharacteristics,
    memShmMap, memShmLock, memShmBarrier, memShmUnmap, memFetch, memUnfetch,
};

static int memClose(sqlite3_file *file) {
    Handle *handle = (Handle *)file;
    memShmUnmap(file, 0);
    memUnlock(file, SQLITE_LOCK_NONE);
    roost_memory_node_closed(handle->node, handle->deleteOnClose);
    handle->node = NULL;
    return SQLITE_OK;
}

