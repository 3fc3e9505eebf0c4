// The "roost-memory" SQLite VFS: files named in a registry of this process, each kept in
// heap chunks by MemoryFile.c. A database opened through it by several connections is one
// shared file, with WAL, and no system call is made; a killed process leaves nothing behind.
//
// Why: a `.memory` stack must let reads run in parallel on several connections while one
// writer writes, as a WAL database does, without a disk. On a memory file system (/dev/shm)
// every page written or re-read is a system call, which made write-heavy scenarios slower
// than the one in-memory connection they replace (docs/storage.md).

#include "MemoryFiles.h"
#include "MemoryFileStore.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *const roost_memory_vfs_name = "roost-memory";

pthread_mutex_t roost_memory_registry = PTHREAD_MUTEX_INITIALIZER;
Node *roost_memory_nodes;
static sqlite3_vfs *fallback; /* the default VFS, for time, randomness and sleep */

/// The bytes a WAL file reserves when it is made: SQLite's default checkpoint interval
/// (1,000 frames) of 4 KiB pages with their 24-byte frame headers, and the 32-byte WAL header.
#define WAL_RESERVE ((int64_t)1000 * (4096 + 24) + 32)

// MARK: - Registry

static void nodeLink(Node *node) {
    node->next = roost_memory_nodes;
    node->previous = NULL;
    if (roost_memory_nodes) roost_memory_nodes->previous = node;
    roost_memory_nodes = node;
}

/// The registered node named `name` (registry mutex held).
static Node *nodeNamed(const char *name) {
    for (Node *node = roost_memory_nodes; node; node = node->next) {
        if (node->registered && strcmp(node->name, name) == 0) return node;
    }
    return NULL;
}

void roost_memory_node_closed(Node *node, int deleteOnClose) {
    pthread_mutex_lock(&roost_memory_registry);
    if (deleteOnClose) node->registered = 0;
    if (--node->openCount == 0 && !node->registered) roost_memory_node_free(node);
    pthread_mutex_unlock(&roost_memory_registry);
}

// MARK: - VFS methods

static int memOpen(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *outFlags) {
    (void)vfs;
    Handle *handle = (Handle *)file;
    memset(handle, 0, sizeof(Handle));
    Node *node;
    pthread_mutex_lock(&roost_memory_registry);
    node = name ? nodeNamed(name) : NULL;
    if (!node) {
        if (name && !(flags & SQLITE_OPEN_CREATE)) {
            pthread_mutex_unlock(&roost_memory_registry);
            return SQLITE_CANTOPEN;
        }
        if (!(node = roost_memory_node_create(name))) {
            pthread_mutex_unlock(&roost_memory_registry);
            return SQLITE_NOMEM;
        }
        node->registered = name != NULL;
        nodeLink(node);
        if (flags & SQLITE_OPEN_WAL) {
            /* A WAL file grows to about a checkpoint's worth of frames (1,000 frames of a
             * 4 KiB page) and is then written over from its start: its memory is taken once,
             * here, rather than chunk by chunk inside whichever calls first write that far. */
            for (int64_t index = 0; index * CHUNK_SIZE < WAL_RESERVE; index++) roost_memory_chunk(node, index, 1);
        }
    }
    node->openCount++;
    pthread_mutex_unlock(&roost_memory_registry);
    handle->node = node;
    handle->deleteOnClose = !name || (flags & SQLITE_OPEN_DELETEONCLOSE);
    handle->base.pMethods = &roost_memory_io_methods;
    if (outFlags) *outFlags = flags;
    return SQLITE_OK;
}

static int memDelete(sqlite3_vfs *vfs, const char *name, int syncDirectory) {
    (void)vfs;
    (void)syncDirectory;
    pthread_mutex_lock(&roost_memory_registry);
    Node *node = nodeNamed(name);
    if (node) {
        node->registered = 0;
        if (node->openCount == 0) roost_memory_node_free(node);
    }
    pthread_mutex_unlock(&roost_memory_registry);
    return node ? SQLITE_OK : SQLITE_IOERR_DELETE_NOENT;
}

/// As the unix VFS answers: a file "exists" when it is there and not empty.
static int memAccess(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    (void)vfs;
    pthread_mutex_lock(&roost_memory_registry);
    Node *node = nodeNamed(name);
    if (flags == SQLITE_ACCESS_EXISTS) {
        *result = node && __atomic_load_n(&node->size, __ATOMIC_ACQUIRE) > 0;
    } else {
        *result = node != NULL;
    }
    pthread_mutex_unlock(&roost_memory_registry);
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

/// Lists `node` under its name unless `rc` is an error or the name is taken; frees it otherwise.
static int publish(Node *node, int rc) {
    pthread_mutex_lock(&roost_memory_registry);
    if (rc == SQLITE_OK && nodeNamed(node->name)) rc = SQLITE_ERROR;
    nodeLink(node);
    if (rc == SQLITE_OK) {
        node->registered = 1;
    } else {
        roost_memory_node_free(node);
    }
    pthread_mutex_unlock(&roost_memory_registry);
    return rc;
}

int roost_memory_file_load(const char *name, const char *source, int64_t *bytes) {
    Node *node = roost_memory_node_create(name);
    if (!node) return SQLITE_NOMEM;
    int descriptor = open(source, O_RDONLY | O_CLOEXEC);
    struct stat status;
    int rc = descriptor < 0 || fstat(descriptor, &status) != 0 ? SQLITE_CANTOPEN : SQLITE_OK;
    int64_t size = 0, wanted = rc == SQLITE_OK ? (int64_t)status.st_size : 0;
    while (rc == SQLITE_OK && size < wanted) {
        unsigned char *chunk = roost_memory_chunk(node, size >> CHUNK_SHIFT, 1);
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
    rc = publish(node, rc);
    if (bytes) *bytes = rc == SQLITE_OK ? size : 0;
    errno = saved;
    return rc;
}

int roost_memory_file_create(const char *name, const void *bytes, int64_t size) {
    Node *node = roost_memory_node_create(name);
    if (!node) return SQLITE_NOMEM;
    int rc = SQLITE_OK;
    for (int64_t done = 0; done < size;) {
        unsigned char *chunk = roost_memory_chunk(node, done >> CHUNK_SHIFT, 1);
        if (!chunk) {
            rc = SQLITE_NOMEM;
            break;
        }
        int64_t count = size - done < CHUNK_SIZE ? size - done : CHUNK_SIZE;
        memcpy(chunk, (const unsigned char *)bytes + done, (size_t)count);
        done += count;
    }
    node->size = rc == SQLITE_OK ? size : 0;
    return publish(node, rc);
}

int64_t roost_memory_file_size(const char *name) {
    pthread_mutex_lock(&roost_memory_registry);
    Node *node = nodeNamed(name);
    int64_t size = node ? __atomic_load_n(&node->size, __ATOMIC_ACQUIRE) : -1;
    pthread_mutex_unlock(&roost_memory_registry);
    return size;
}

int roost_memory_file_count(const char *prefix) {
    size_t length = strlen(prefix);
    int count = 0;
    pthread_mutex_lock(&roost_memory_registry);
    for (Node *node = roost_memory_nodes; node; node = node->next) {
        if (node->name && strncmp(node->name, prefix, length) == 0) count++;
    }
    pthread_mutex_unlock(&roost_memory_registry);
    return count;
}

int64_t roost_memory_bytes(void) { return __atomic_load_n(&roost_memory_chunk_bytes, __ATOMIC_RELAXED); }

/// Before SQLite starts (a constructor runs before main): no global statistics mutex around
/// every SQLite allocation (SQLITE_CONFIG_MEMSTATUS; two connections on two threads
/// contended for it), and URIs understood whatever SQLite was compiled with, so that a
/// database can name this VFS (`file:/NAME?vfs=roost-memory`).
__attribute__((constructor)) static void configureSQLite(void) {
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    sqlite3_config(SQLITE_CONFIG_URI, 1);
}
