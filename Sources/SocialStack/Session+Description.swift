import Foundation

/// A session prints who it is for and when it expires, never its token: a session that
/// lands in a log or an error message gives no one the account.
extension Session: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        "Session(user: \(user.username) (id \(user.id.rawValue)), expires: \(expiresAt.formatted(.iso8601)))"
    }

    public var debugDescription: String { description }
}
