import SocialStack

/// The accounts and posts built before a variant is measured, deterministically from the
/// scenario's seed (the same seed gives the same users, follows, posts and likes).
public struct Dataset: Sendable {
    /// The password every dataset account has.
    public static let password = "password1"

    public let users: [UserID]
    public let usernames: [String]
    public let emails: [String]
    public let posts: [PostID]

    /// Builds `spec` on `stack` through its public API; not timed.
    public static func build(_ spec: DatasetSpec, seed: UInt64, on stack: SocialStack) throws -> Dataset {
        var random = SeededGenerator(seed: seed)
        var users: [UserID] = [], usernames: [String] = [], emails: [String] = []
        for index in 0..<spec.users {
            let username = "user\(index)", email = "user\(index)@roost.test"
            let image: [UInt8]? = spec.imageBytes > 0
                ? (0..<spec.imageBytes).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) } : nil
            let session = try stack.auth.signUp(email: email, password: password, username: username,
                                                fullName: "User \(index)", profileImage: image)
            users.append(session.user.id)
            usernames.append(username)
            emails.append(email)
        }
        for (index, user) in users.enumerated() {
            var chosen = Set<Int>()
            let wanted = min(spec.followsPerUser, users.count - 1)
            while chosen.count < wanted {
                let other = Int.random(in: 0..<users.count, using: &random)
                if other != index { chosen.insert(other) }
            }
            for other in chosen.sorted() { try stack.follows.follow(users[other], by: user) }
        }
        var posts: [PostID] = []
        for round in 0..<spec.postsPerUser {
            for (index, user) in users.enumerated() {
                let mention = usernames[Int.random(in: 0..<users.count, using: &random)]
                let text = round % 3 == 2
                    ? "round \(round) from user\(index): https://example.com/\(index)/\(round)"
                    : "round \(round) from user\(index) with @\(mention) #roost"
                posts.append(try stack.posts.compose(.post(text), by: user).id)
            }
        }
        if !posts.isEmpty {
            for user in users {
                for _ in 0..<spec.likesPerUser {
                    try stack.likes.like(posts[Int.random(in: 0..<posts.count, using: &random)], by: user)
                }
            }
        }
        return Dataset(users: users, usernames: usernames, emails: emails, posts: posts)
    }
}
