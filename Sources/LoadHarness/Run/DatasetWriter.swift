import SocialStack

/// Where a dataset's sign-ups, follows, posts and likes go: the services one call at a
/// time, or a bulk load. Both get the same calls in the same order.
protocol DatasetWriter {
    func signUp(email: String, password: String, username: String, fullName: String, profileImage: [UInt8]?) throws -> UserID
    func follow(_ user: UserID, by follower: UserID) throws
    func compose(_ text: String, by author: UserID) throws -> PostID
    func like(_ post: PostID, by user: UserID) throws
}

/// A dataset written through the stack's public services.
struct ServicesDatasetWriter: DatasetWriter {
    let stack: SocialStack

    func signUp(email: String, password: String, username: String, fullName: String, profileImage: [UInt8]?) throws -> UserID {
        try stack.auth.signUp(email: email, password: password, username: username, fullName: fullName,
                              profileImage: profileImage).user.id
    }

    func follow(_ user: UserID, by follower: UserID) throws { try stack.follows.follow(user, by: follower) }
    func compose(_ text: String, by author: UserID) throws -> PostID { try stack.posts.compose(.post(text), by: author).id }
    func like(_ post: PostID, by user: UserID) throws { try stack.likes.like(post, by: user) }
}

/// A dataset written through one `BulkLoad`.
struct BulkDatasetWriter: DatasetWriter {
    let load: BulkLoad

    func signUp(email: String, password: String, username: String, fullName: String, profileImage: [UInt8]?) throws -> UserID {
        try load.signUp(email: email, password: password, username: username, fullName: fullName, profileImage: profileImage)
    }

    func follow(_ user: UserID, by follower: UserID) throws { try load.follow(user, by: follower) }
    func compose(_ text: String, by author: UserID) throws -> PostID { try load.compose(text, by: author) }
    func like(_ post: PostID, by user: UserID) throws { try load.like(post, by: user) }
}
