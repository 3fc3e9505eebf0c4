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

/// A dataset written through the stack's public services.
struct ServicesDatasetWriter: DatasetWriter {
    let stack: SocialStack

    func signUp(_ accounts: [BulkLoad.Account]) throws -> [UserID] {
        try accounts.map { account in
            try stack.auth.signUp(email: account.email, password: account.password, username: account.username,
                                  fullName: account.fullName, profileImage: account.profileImage).user.id
        }
    }

    func follow(_ users: [UserID], by follower: UserID) throws {
        for user in users { try stack.follows.follow(user, by: follower) }
    }

    func compose(_ drafts: [BulkLoad.Draft]) throws -> [PostID] {
        try drafts.map { draft in try stack.posts.compose(.post(draft.text, image: draft.image), by: draft.author).id }
    }

    func like(_ posts: [PostID], by user: UserID) throws {
        for post in posts { try stack.likes.like(post, by: user) }
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
