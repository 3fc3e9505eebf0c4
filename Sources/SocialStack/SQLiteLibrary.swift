import GRDBSQLite

/// A SQLite version as `SQLITE_VERSION_NUMBER` writes it: major x 1,000,000 + minor x 1,000 + patch.
public struct SQLiteVersion: Hashable, Sendable, CustomStringConvertible {
    /// The version as one number (3.40.1 is 3040001).
    public let number: Int

    /// The version `number` (as `SQLITE_VERSION_NUMBER` writes it) stands for.
    public init(number: Int) { self.number = number }

    /// "3.40.1".
    public var description: String { "\(number / 1_000_000).\(number / 1_000 % 1_000).\(number % 1_000)" }
}

/// The one SQLite a Roost process runs: the system's `libsqlite3`, which GRDB links and whose
/// `sqlite3.h` Roost and GRDB were compiled against (docs/sqlite.md).
public enum SQLiteLibrary {
    /// The version of the `sqlite3.h` Roost was compiled against (the system's, through GRDB's
    /// `GRDBSQLite`: `SQLITE_VERSION_NUMBER` is fixed when this module is compiled).
    public static var compiledVersion: SQLiteVersion { SQLiteVersion(number: Int(SQLITE_VERSION_NUMBER)) }

    /// The version of the library the process loaded.
    public static var runningVersion: SQLiteVersion { SQLiteVersion(number: Int(sqlite3_libversion_number())) }

    /// Throws unless the library loaded is the version Roost was compiled against: code compiled
    /// against one version's declarations and run on another's may misuse it (a function or
    /// option the running one lacks), and a database is the thing at risk.
    public static func check() throws(SQLiteLibraryError) {
        try check(compiled: compiledVersion, running: runningVersion)
    }

    /// The rule of `check()` on given versions.
    public static func check(compiled: SQLiteVersion, running: SQLiteVersion) throws(SQLiteLibraryError) {
        guard compiled == running else { throw .versionMismatch(compiled: compiled, running: running) }
    }
}

/// Why the process will not use the SQLite it loaded.
public enum SQLiteLibraryError: Error, Hashable, Sendable {
    /// The library loaded (`running`) is not the version of the header Roost was built with.
    case versionMismatch(compiled: SQLiteVersion, running: SQLiteVersion)
}

extension SQLiteLibraryError: DescribedError {
    public var description: String {
        switch self {
        case let .versionMismatch(compiled, running):
            "SQLite \(running) is loaded, but Roost was compiled against SQLite \(compiled)'s sqlite3.h: "
                + "rebuild Roost on this machine (swift build -c release) so that it compiles against the "
                + "system's libsqlite3-dev, or install libsqlite3 \(compiled)"
        }
    }
}
