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

    /// How a dataset is written to a stack.
    public enum Path: String, Sendable, CaseIterable {
        /// `SocialStack.bulkLoad`: one transaction, prepared statements, derived rows set-based.
        case bulk
        /// One public service call per sign-up, follow, post and like (what the bulk path must equal).
        case services
    }

    /// How far a build is: rows written of the dataset's total (sign-ups, follows, posts, likes).
    public struct Progress: Sendable {
        public let done: Int
        public let total: Int
    }

    /// Builds `spec` on `stack` through `path`; not timed. `progress` is told every few
    /// thousand rows.
    public static func build(_ spec: DatasetSpec, seed: UInt64, on stack: SocialStack, path: Path = .bulk,
                             progress: (Progress) -> Void = { _ in }) throws -> Dataset {
        switch path {
        case .services:
            return try generate(spec, seed: seed, into: ServicesDatasetWriter(stack: stack), progress: progress)
        case .bulk:
            return try stack.bulkLoad { load in
                try generate(spec, seed: seed, into: BulkDatasetWriter(load: load), progress: progress)
            }
        }
    }

    /// The dataset already in `stack` (restored from a cache): its users and posts in id order,
    /// which is the order `build` made them in.
    public static func read(from stack: SocialStack) throws -> Dataset {
        let contents = try stack.contents()
        return Dataset(users: contents.users, usernames: contents.usernames, emails: contents.emails, posts: contents.posts)
    }

    /// The one sequence of sign-ups, follows, posts and likes `spec` and `seed` stand for,
    /// written to `writer` in that order.
    private static func generate(_ spec: DatasetSpec, seed: UInt64, into writer: some DatasetWriter,
                                 progress: (Progress) -> Void) throws -> Dataset {
        var random = SeededGenerator(seed: seed)
        let total = spec.users * (1 + min(spec.followsPerUser, spec.users - 1) + spec.postsPerUser
            + (spec.postsPerUser > 0 ? spec.likesPerUser : 0))
        var done = 0
        func step() {
            done += 1
            if done % 4096 == 0 { progress(Progress(done: done, total: total)) }
        }
        var users: [UserID] = [], usernames: [String] = [], emails: [String] = []
        users.reserveCapacity(spec.users)
        var image = [UInt8](repeating: 0, count: spec.imageBytes)
        for index in 0..<spec.users {
            let username = "user\(index)", email = "user\(index)@roost.test"
            for byte in image.indices { image[byte] = UInt8(truncatingIfNeeded: byte &* 31 &+ index) }
            users.append(try writer.signUp(email: email, password: password, username: username,
                                           fullName: "User \(index)", profileImage: spec.imageBytes > 0 ? image : nil))
            usernames.append(username)
            emails.append(email)
            step()
        }
        var chosen = Set<Int>()
        for (index, user) in users.enumerated() {
            chosen.removeAll(keepingCapacity: true)
            let wanted = min(spec.followsPerUser, users.count - 1)
            while chosen.count < wanted {
                let other = Int.random(in: 0..<users.count, using: &random)
                if other != index { chosen.insert(other) }
            }
            for other in chosen.sorted() {
                try writer.follow(users[other], by: user)
                step()
            }
        }
        var posts: [PostID] = []
        posts.reserveCapacity(spec.users * spec.postsPerUser)
        for round in 0..<spec.postsPerUser {
            for (index, user) in users.enumerated() {
                let mention = usernames[Int.random(in: 0..<users.count, using: &random)]
                let text = round % 3 == 2
                    ? "round \(round) from user\(index): https://example.com/\(index)/\(round)"
                    : "round \(round) from user\(index) with @\(mention) #roost"
                posts.append(try writer.compose(text, by: user))
                step()
            }
        }
        if !posts.isEmpty {
            for user in users {
                for _ in 0..<spec.likesPerUser {
                    try writer.like(posts[Int.random(in: 0..<posts.count, using: &random)], by: user)
                    step()
                }
            }
        }
        progress(Progress(done: total, total: total))
        return Dataset(users: users, usernames: usernames, emails: emails, posts: posts)
    }
}
