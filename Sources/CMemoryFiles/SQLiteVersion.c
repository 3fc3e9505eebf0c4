#include <sqlite3.h>

#include "MemoryFiles.h"

// SQLITE_VERSION_NUMBER and SQLITE_VERSION are those of the sqlite3.h this target (and GRDB,
// which includes the same system header) was compiled against; sqlite3_libversion_number() is
// the library the dynamic linker loaded.
int roost_sqlite_header_version_number(void) { return SQLITE_VERSION_NUMBER; }

const char *roost_sqlite_header_version(void) { return SQLITE_VERSION; }
