import Screens
import SocialStack

/// A small world for screen tests: a stack with five users (profile images, follows,
/// posts with mentions and links, likes, comments, notifications), and an app signed in
/// as the first user.
struct ScreenWorld {
    let stack: SocialStack
    /// ada (signed in), bob, cyd, dee, eve.
    let users: [UserID]
    let posts: [PostID]
    /// Each user's sign-up session, in the order of `users`.
    let sessions: [Session]

    init() throws {
        stack = try SocialStack(.init(storage: .memory, feed: .fanOutOnRead, passwordCost: .low))
        let names = ["ada", "bob", "cyd", "dee", "eve"]
        var sessions: [Session] = []
        for (index, name) in names.enumerated() {
            // A PNG signature, then filler: the stack stores only images (`ImageFormat`).
            let image = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (8..<2_048).map { UInt8(truncatingIfNeeded: $0 &* (index + 3)) }
            sessions.append(try stack.auth.signUp(email: "\(name)@example.com", password: "password1", username: name,
                                                  fullName: name.capitalized, profileImage: image))
        }
        let users = sessions.map(\.user.id)
        func session(of user: UserID) throws -> Session { try Self.session(of: user, in: sessions) }
        for follower in users {
            for followee in users where followee != follower && (followee.rawValue + follower.rawValue) % 3 != 0 {
                try stack.follows.follow(followee, as: session(of: follower))
            }
        }
        var posts: [PostID] = []
        for round in 0..<4 {
            for (index, author) in users.enumerated() {
                let mention = names[(index + 1) % names.count]
                let text = round % 2 == 0
                    ? "post \(round) by \(names[index]) for @\(mention) #roost"
                    : "read https://example.com/\(names[index])/\(round) now"
                posts.append(try stack.posts.compose(.post(text), as: session(of: author)).id)
            }
        }
        for (index, post) in posts.enumerated() {
            try stack.likes.like(post, as: session(of: users[index % users.count]))
            if index % 4 == 0 { _ = try stack.comments.comment(on: post, text: "nice one", as: session(of: users[(index + 2) % users.count])) }
        }
        _ = try stack.posts.compose(.reply(to: posts[0], "a reply to the first post"), as: session(of: users[1]))
        self.users = users
        self.posts = posts
        self.sessions = sessions
    }

    /// The sign-up session of `user`, one of this world's users.
    func session(of user: UserID) throws -> Session { try Self.session(of: user, in: sessions) }

    private static func session(of user: UserID, in sessions: [Session]) throws -> Session {
        guard let session = sessions.first(where: { $0.user.id == user }) else {
            throw SessionError.notFound(operation: "screen world: user \(user) is not one of the world's users")
        }
        return session
    }

    /// An app on this world's stack, signed in as ada.
    func app(_ policy: ReferencePolicy) throws -> App {
        let app = App(stack: stack, policy: policy)
        let login = LoginController(app: app)
        login.email = "ada@example.com"
        login.password = "password1"
        try login.signIn()
        return app
    }
}

extension ScreenWorld {
    /// The signed-in user, and the others by name. ada follows cyd and dee (not bob, not eve).
    var ada: UserID { users[0] }
    /// ada's sign-up session (what the stack asks before it says anything about her observations).
    var adaSession: Session { sessions[0] }
    var bob: UserID { users[1] }
    var cyd: UserID { users[2] }
    var dee: UserID { users[3] }
    var eve: UserID { users[4] }

    /// An app on this world's stack with nobody signed in.
    func signedOutApp(_ policy: ReferencePolicy = .allWeak) -> App {
        App(stack: stack, policy: policy)
    }
}

/// SocialStack's comment (Swift Testing also has a `Comment`; files importing both use this).
typealias PostComment = Comment
