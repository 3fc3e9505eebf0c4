import Foundation
import GRDBSQLite
import Testing
@testable import SocialStack

/// One SQLite per process, the system's, and the version Roost was compiled against.
@Suite struct SQLiteLibraryTests {
    @Test func theLoadedSQLiteIsTheOneRoostWasCompiledAgainst() throws {
        #expect(SQLiteLibrary.compiledVersion == SQLiteLibrary.runningVersion)
        try SQLiteLibrary.check()
    }

    /// A definition of SQLite's API inside the process's own binary (a vendored copy, which takes
    /// precedence over the system's library in the dynamic linker's lookup) would be what the
    /// process's lookup finds instead of the library's own. The function is one Roost never
    /// calls, so the binary holds no reference of its own to it.
    @Test func sqlitesFunctionsComeFromTheSystemsLibrary() throws {
        let library = try #require(dlopen("libsqlite3.so.0", RTLD_LAZY | RTLD_NOLOAD), "libsqlite3.so.0 is not loaded")
        defer { dlclose(library) }
        let own = try #require(dlsym(library, "sqlite3_wal_checkpoint_v2"))
        let found = try #require(dlsym(nil, "sqlite3_wal_checkpoint_v2"))
        #expect(found == own, "sqlite3_wal_checkpoint_v2 resolves outside the system's libsqlite3.so.0")
    }

    @Test func aVersionReadsAsSQLiteWritesIt() {
        #expect(SQLiteVersion(number: 3_040_001).description == "3.40.1")
        #expect(SQLiteVersion(number: 3_045_001).description == "3.45.1")
    }

    @Test func anotherVersionIsRefusedNamingBothAndTheFix() {
        let compiled = SQLiteVersion(number: 3_045_001), running = SQLiteVersion(number: 3_040_001)
        #expect(throws: SQLiteLibraryError.versionMismatch(compiled: compiled, running: running)) {
            try SQLiteLibrary.check(compiled: compiled, running: running)
        }
        let message = SQLiteLibraryError.versionMismatch(compiled: compiled, running: running).description
        #expect(message.contains("SQLite 3.40.1 is loaded"))
        #expect(message.contains("compiled against SQLite 3.45.1"))
        #expect(message.contains("swift build -c release"))
        #expect(!message.contains("\n"))
    }
}
