import SocialStack

/// Where a dataset's sign-ups, follows, posts and likes go: the services one call at a
/// time, or a bulk load. Both get the same calls in the same order.
protocol DatasetWriter {
    /// Signs the accounts up in order; their ids.
    func signUp(_ accounts: [BulkLoad.Account]) throws -> [UserID]
    /// `follower` follows each of `users`, in order.
    func follow(_ users: [UserID], by follower: UserID) throws
    /// Writes the posts in order; their ids.
    func compose(_ drafts: [BulkLoad.Draft]) throws -> [PostID]
    /// `user` likes each of `posts`, in order.
    func like(_ posts: [PostID], by user: UserID) throws
}

/// A dataset written through the stack's public services: each account acts through the
/// session its sign-up opened, as the app would.
final class ServicesDatasetWriter: DatasetWriter {
    let stack: SocialStack
    private var sessions: [UserID: Session] = [:]

    init(stack: SocialStack) { self.stack = stack }

    func signUp(_ accounts: [BulkLoad.Account]) throws -> [UserID] {
        try accounts.map { account in
            let session = try stack.auth.signUp(email: account.email, password: account.password, username: account.username,
                                                fullName: account.fullName, profileImage: account.profileImage)
            sessions[session.user.id] = session
            return session.user.id
        }
    }

    func follow(_ users: [UserID], by follower: UserID) throws {
        let session = try self.session(of: follower, for: "dataset follow")
        for user in users { try stack.follows.follow(user, as: session) }
    }

    func compose(_ drafts: [BulkLoad.Draft]) throws -> [PostID] {
        try drafts.map { draft in
            try stack.posts.compose(.post(draft.text, image: draft.image), as: try session(of: draft.author, for: "dataset post")).id
        }
    }

    func like(_ posts: [PostID], by user: UserID) throws {
        let session = try self.session(of: user, for: "dataset like")
        for post in posts { try stack.likes.like(post, as: session) }
    }

    /// The session `user`'s sign-up through this writer opened.
    private func session(of user: UserID, for operation: String) throws -> Session {
        guard let session = sessions[user] else { throw SessionError.notFound(operation: operation) }
        return session
    }
}

/// A dataset written through one `BulkLoad`.
struct BulkDatasetWriter: DatasetWriter {
    let load: BulkLoad

    func signUp(_ accounts: [BulkLoad.Account]) throws -> [UserID] { try load.signUp(accounts) }

    func follow(_ users: [UserID], by follower: UserID) throws { try load.follow(users, by: follower) }
    func compose(_ drafts: [BulkLoad.Draft]) throws -> [PostID] { try load.compose(drafts) }
    func like(_ posts: [PostID], by user: UserID) throws { try load.like(posts, by: user) }
}
