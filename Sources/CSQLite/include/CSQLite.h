#ifndef ROOST_CSQLITE_H
#define ROOST_CSQLITE_H

// This target compiles SQLite itself (sqlite3.c, see README.md beside it) and declares nothing
// of its own: C code includes <sqlite3.h> (the system's, the same version) and Swift code
// imports GRDBSQLite. The definitions linked are this target's.

#endif
