import GRDB

/// A typed row identifier: `UserID`, `PostID`, `CommentID` and `NotificationID` cannot be mixed up.
public struct Identifier<Entity>: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    CustomStringConvertible, ExpressibleByIntegerLiteral, DatabaseValueConvertible
{
    /// The SQLite rowid.
    public let rawValue: Int64

    /// Wraps a rowid.
    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// Wraps a literal rowid, for tests and scenarios.
    public init(integerLiteral value: Int64) { self.rawValue = value }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { String(rawValue) }

    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        Int64.fromDatabaseValue(dbValue).map(Self.init(rawValue:))
    }
}

/// Identifies a user.
public typealias UserID = Identifier<User>
/// Identifies a post or a reply.
public typealias PostID = Identifier<Post>
/// Identifies a comment.
public typealias CommentID = Identifier<Comment>
/// Identifies a notification.
public typealias NotificationID = Identifier<SocialNotification>

/// Identifies stored image bytes: the lowercase hex SHA-256 of the bytes.
public struct MediaID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
    DatabaseValueConvertible
{
    /// 64 lowercase hex digits.
    public let rawValue: String

    /// Wraps a hex digest.
    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    /// Whether the id is 64 lowercase hex digits, the only form `MediaService` stores.
    var isWellFormed: Bool {
        rawValue.utf8.count == 64 && rawValue.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> MediaID? {
        String.fromDatabaseValue(dbValue).map(MediaID.init(rawValue:))
    }
}
