#ifndef ROOST_CJEMALLOC_SHIM_H
#define ROOST_CJEMALLOC_SHIM_H

// Debian's jemalloc is built without a `je_` prefix: linking it replaces malloc,
// free and friends for the whole process (Swift runtime, Foundation, SQLite).
#include <jemalloc/jemalloc.h>

#endif
