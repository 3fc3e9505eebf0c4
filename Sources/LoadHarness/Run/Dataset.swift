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
        /// `StackAdministration.bulkLoad`: one transaction, prepared statements, derived rows set-based.
        case bulk
        /// One public service call per sign-up, follow, post and like (what the bulk path must equal).
        case services
    }

    /// How far a build is: rows written of the dataset's total (sign-ups, follows, posts, likes).
    public struct Progress: Sendable {
        public let done: Int
        public let total: Int
    }

    /// Builds `spec` on the administered stack through `path`; not timed. `progress` is told
    /// every few thousand rows; `timings`, how long each step of a bulk load took (not called
    /// for `.services`). The bulk path writes as each user with no session, so it takes the
    /// stack's administration.
    public static func build(_ spec: DatasetSpec, seed: UInt64, on administration: StackAdministration, path: Path = .bulk,
                             progress: (Progress) -> Void = { _ in },
                             timings: @escaping (BulkLoadTiming) -> Void = { _ in }) throws -> Dataset {
        switch path {
        case .services:
            return try generate(spec, seed: seed, into: ServicesDatasetWriter(stack: administration.stack), progress: progress)
        case .bulk:
            return try administration.bulkLoad(timings: timings) { load in
                try generate(spec, seed: seed, into: BulkDatasetWriter(load: load), progress: progress)
            }
        }
    }

    /// The dataset already in the administered stack (restored from a cache): its users and
    /// posts in id order, which is the order `build` made them in.
    public static func read(from administration: StackAdministration) throws -> Dataset {
        let contents = try administration.contents()
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
        // Sign-ups go in batches (the bulk path hashes a batch's passwords on every core),
        // small enough that a batch's profile images stay under 64 MiB.
        let batchSize = max(1, min(1024, (64 << 20) / max(spec.imageBytes, 1)))
        var batch: [BulkLoad.Account] = []
        batch.reserveCapacity(batchSize)
        for index in 0..<spec.users {
            let username = "user\(index)", email = "user\(index)@roost.test"
            let image = spec.imageBytes > 0 ? DatasetImage.bytes(count: spec.imageBytes, variation: index) : nil
            batch.append(BulkLoad.Account(email: email, password: password, username: username,
                                          fullName: "User \(index)", profileImage: image))
            usernames.append(username)
            emails.append(email)
            if batch.count == batchSize || index == spec.users - 1 {
                for id in try writer.signUp(batch) {
                    users.append(id)
                    step()
                }
                batch.removeAll(keepingCapacity: true)
            }
        }
        // Each user's followees: `wanted` distinct others drawn in turn, written in id order.
        // `marked` stands for the set of those drawn so far (cleared after each user).
        var marked = [Bool](repeating: false, count: users.count)
        var chosen: [Int] = []
        var followees: [UserID] = []
        for (index, user) in users.enumerated() {
            let wanted = min(spec.followsPerUser, users.count - 1)
            while chosen.count < wanted {
                let other = Int.random(in: 0..<users.count, using: &random)
                if other != index, !marked[other] {
                    marked[other] = true
                    chosen.append(other)
                }
            }
            chosen.sort()
            for other in chosen {
                marked[other] = false
                followees.append(users[other])
            }
            try writer.follow(followees, by: user)
            for _ in followees { step() }
            chosen.removeAll(keepingCapacity: true)
            followees.removeAll(keepingCapacity: true)
        }
        var posts: [PostID] = []
        posts.reserveCapacity(spec.users * spec.postsPerUser)
        var drafts: [BulkLoad.Draft] = []
        drafts.reserveCapacity(1024)
        func writeDrafts() throws {
            for id in try writer.compose(drafts) {
                posts.append(id)
                step()
            }
            drafts.removeAll(keepingCapacity: true)
        }
        for round in 0..<spec.postsPerUser {
            for (index, user) in users.enumerated() {
                let mention = usernames[Int.random(in: 0..<users.count, using: &random)]
                let text = round % 3 == 2
                    ? "round \(round) from user\(index): https://example.com/\(index)/\(round)"
                    : "round \(round) from user\(index) with @\(mention) #roost"
                drafts.append(BulkLoad.Draft(text, by: user))
                if drafts.count == 1024 { try writeDrafts() }
            }
        }
        try writeDrafts()
        if !posts.isEmpty {
            var liked: [PostID] = []
            for user in users {
                for _ in 0..<spec.likesPerUser {
                    liked.append(posts[Int.random(in: 0..<posts.count, using: &random)])
                }
                try writer.like(liked, by: user)
                for _ in liked { step() }
                liked.removeAll(keepingCapacity: true)
            }
        }
        progress(Progress(done: total, total: total))
        return Dataset(users: users, usernames: usernames, emails: emails, posts: posts)
    }
}
