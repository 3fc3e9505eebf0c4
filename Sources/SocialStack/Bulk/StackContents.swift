import GRDB

/// Every account and post of a stack, in id order: what a harness needs to address the
/// dataset in a database it restored rather than built.
public struct StackContents: Sendable, Hashable {
    /// Every user id, ascending.
    public let users: [UserID]
    /// Their usernames, in the same order.
    public let usernames: [String]
    /// Their emails, in the same order.
    public let emails: [String]
    /// Every post id (replies included), ascending.
    public let posts: [PostID]
}

extension SocialStack {
    /// Every account and post, in id order (one read); `StackAdministration.contents()`.
    func contents() throws -> StackContents {
        try store.read { db in
            var users: [UserID] = [], usernames: [String] = [], emails: [String] = []
            let rows = try Row.fetchCursor(db, sql: "SELECT id, username, email FROM users ORDER BY id")
            while let row = try rows.next() {
                users.append(UserID(rawValue: row[0]))
                usernames.append(row[1])
                emails.append(row[2])
            }
            let posts = try Int64.fetchAll(db, sql: "SELECT id FROM posts ORDER BY id").map(PostID.init(rawValue:))
            return StackContents(users: users, usernames: usernames, emails: emails, posts: posts)
        }
    }
}
