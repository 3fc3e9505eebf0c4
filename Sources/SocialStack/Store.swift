import Foundation
import GRDB

/// The database and what every service shares: the clock, the configuration and the live
/// notification hub. Each public operation is one `read` or one `write` (one transaction).
final class Store: Sendable {
    let writer: any DatabaseWriter
    let configuration: SocialStack.Configuration
    let hub = NotificationHub()

    init(writer: any DatabaseWriter, configuration: SocialStack.Configuration) {
        self.writer = writer
        self.configuration = configuration
    }

    /// The clock's time in stored form (milliseconds since 1970).
    var nowMillis: Int64 { Timestamp.milliseconds(configuration.clock()) }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.read(body)
    }

    /// Runs `body` in one write transaction; after it commits, delivers the notifications
    /// it wrote to live observers, on this thread and outside the database.
    func write<T>(_ body: (Database, inout Outbox) throws -> T) throws -> T {
        let (value, outbox) = try writer.write { db in
            var outbox = Outbox()
            let value = try body(db, &outbox)
            return (value, outbox)
        }
        hub.deliver(outbox.notifications)
        return value
    }
}

/// What a write produced that must be announced once it commits.
struct Outbox {
    var notifications: [SocialNotification] = []
}

extension Database {
    /// Whether a row with this id exists in `table`.
    func exists(_ table: String, id: Int64) throws -> Bool {
        try Bool.fetchOne(self, sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE id = ?)", arguments: [id]) ?? false
    }
}

extension DatabaseError {
    var isUniqueViolation: Bool { extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE }
}
