// What MemoryFile.c (a file's bytes, locks and WAL index: the I/O methods) and MemoryVFS.c
// (the registry of files by name, the VFS methods, the public functions) share.

#ifndef ROOST_MEMORY_FILE_STORE_H
#define ROOST_MEMORY_FILE_STORE_H

#include <pthread.h>
#include <sqlite3.h>
#include <stdint.h>

#define CHUNK_SHIFT 18
#define CHUNK_SIZE ((int64_t)1 << CHUNK_SHIFT)
#define LEAF_SHIFT 12
#define LEAF_COUNT (1 << LEAF_SHIFT)
#define ROOT_COUNT 256 /* 256 leaves of 4,096 chunks of 256 KiB: files up to 256 GiB */

typedef struct Node Node;
typedef struct Handle Handle;

/// One file: its bytes, its locks and (for a database) its WAL index.
struct Node {
    Node *next, *previous;      /* every node alive: registered, or removed but still open */
    char *name;                 /* NULL for an anonymous (temporary) file */
    int registered;             /* whether its name finds it */
    int openCount;              /* handles open on it (registry mutex) */
    pthread_mutex_t mutex;      /* growth, database locks, the WAL index */
    int64_t size;               /* atomic */
    unsigned char **root[ROOT_COUNT]; /* leaves of chunk pointers, published atomically */
    /* Database-file locks, kept between the process's handles as os_unix.c keeps them per inode. */
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
    unsigned shmShared, shmExclusive; /* the WAL index locks this handle holds, as bit masks */
};

/// The I/O methods of every open file (MemoryFile.c).
extern const sqlite3_io_methods roost_memory_io_methods;

/// Guards the list of nodes, their names and open counts (MemoryVFS.c).
extern pthread_mutex_t roost_memory_registry;

/// Every node alive: listed by name, or removed but still open (registry mutex).
extern Node *roost_memory_nodes;

/// Bytes held in all files' chunks (atomic; MemoryFile.c).
extern int64_t roost_memory_chunk_bytes;

/// A new node (not yet listed), named `name` (NULL: anonymous); NULL when out of memory.
Node *roost_memory_node_create(const char *name);

/// Frees a node no handle has open, taking it off the list (registry mutex held).
void roost_memory_node_free(Node *node);

/// The chunk holding byte `index << CHUNK_SHIFT`, made (zeroed) when `create` is set; NULL
/// when it is not there or cannot be made.
unsigned char *roost_memory_chunk(Node *node, int64_t index, int create);

/// Called by a handle's close: the node is freed if nothing else holds it (MemoryVFS.c).
void roost_memory_node_closed(Node *node, int deleteOnClose);

#endif
