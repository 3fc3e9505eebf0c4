import Foundation

/// A session prints who it is for and when it expires, never its token: a session that
/// lands in a log or an error message gives no one the account. Its mirror (what `dump`,
/// debuggers and reflection-based loggers read) shows the same two fields and no more.
extension Session: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "Session(user: \(user.username) (id \(user.id.rawValue)), expires: \(expiresAt.formatted(.iso8601)))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["user": user, "expiresAt": expiresAt], displayStyle: .struct)
    }
}
