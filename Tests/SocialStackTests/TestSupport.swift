import Foundation
import Synchronization
import GRDB
import Testing
@testable import SocialStack

/// A fresh in-memory stack with the cheap password cost and a controllable clock.
func makeStack(
    feed: FeedStrategy = .fanOutOnRead, storage: SocialStack.Configuration.Storage = .memory, clock: TestClock = TestClock()
) throws -> SocialStack {
    var configuration = SocialStack.Configuration(storage: storage, feed: feed, passwordCost: .low)
    configuration.clock = { clock.now }
    return try SocialStack(configuration)
}

/// Signs up `username` with a valid email and password derived from it; returns the user's
/// id, and keeps the session sign-up opened for `stack.session(of:)`.
@discardableResult
func signUp(_ stack: SocialStack, _ username: String, fullName: String? = nil) throws -> UserID {
    register(try stack.auth.signUp(
        email: "\(username)@example.com", password: "secret-\(username)-1", username: username,
        fullName: fullName ?? username.capitalized
    ), in: stack)
}

/// Keeps `session` as the one `stack.session(of:)` returns for its user; returns the user's id.
@discardableResult
func register(_ session: Session, in stack: SocialStack) -> UserID {
    SignUpSessions.shared.withLock { $0[Key(stack: stack, user: session.user.id)] = Entry(stack: stack, session: session) }
    return session.user.id
}

private struct Key: Hashable {
    let stack: ObjectIdentifier
    let user: UserID
    init(stack: SocialStack, user: UserID) { self.stack = ObjectIdentifier(stack); self.user = user }
}

private struct Entry: @unchecked Sendable {
    weak var stack: SocialStack?
    let session: Session
}

private enum SignUpSessions {
    static let shared = Mutex<[Key: Entry]>([:])
}

extension SocialStack {
    /// The session the user's last `signUp` (or `register`) on this stack opened. Tests
    /// name users by id and act through their sessions, as the app does. For an existing
    /// user signed up no such way (a bulk load, a reopened file), a new session the stack
    /// opens as a login would (kept for later calls); for an unknown id, a forged session
    /// nobody issued, which every operation refuses with `SessionError.notFound`.
    func session(of user: UserID) -> Session {
        let entry = SignUpSessions.shared.withLock { $0[Key(stack: self, user: user)] }
        if let entry, entry.stack === self { return entry.session }
        let opened = try? store.write { db, _ in
            try AuthService.openSession(for: try UserService.fetch(user, in: db), in: db, store: store)
        }
        guard let opened else { return forgedSession(for: user) }
        register(opened, in: self)
        return opened
    }

    /// A well-formed session for `user` with a random token this stack never issued.
    func forgedSession(for user: UserID) -> Session {
        let profile = (try? users.user(user)) ?? User(
            id: user, username: "forged", fullName: "Forged", bio: "", profileImage: nil, createdAt: Date())
        let token = (0..<32).map { _ in String(UInt8.random(in: 0...255), radix: 16) }.joined()
        return Session(token: token, user: profile, expiresAt: Date.distantFuture)
    }
}

/// A clock that moves only when told.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_700_000_000))

    init() {}

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0.addTimeInterval(seconds) }
    }
}

/// Counts rows of a table, optionally filtered, straight from SQLite.
func count(_ stack: SocialStack, _ table: String, where filter: String = "1") throws -> Int {
    try stack.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE \(filter)") ?? 0 }
}

/// `bytes` made an image the stack stores (`ImageFormat`): a PNG signature, then `bytes`.
func png(_ bytes: [UInt8] = []) -> [UInt8] { pngSignature + bytes }

/// An image of exactly `count` bytes (at least 8): a PNG signature, then `filler`.
func png(count: Int, filler: UInt8 = 7) -> [UInt8] {
    pngSignature + [UInt8](repeating: filler, count: count - pngSignature.count)
}

let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

/// `bytes` made a JPEG as far as the stack looks (`ImageFormat`): its 3-byte signature, then `bytes`.
func jpeg(_ bytes: [UInt8] = []) -> [UInt8] { [0xFF, 0xD8, 0xFF] + bytes }

extension SocialStack {
    /// An administration of this stack, for tests of the stack itself (the product gives one
    /// only to whoever opens a stack through `StackAdministration(opening:)`).
    var administration: StackAdministration { StackAdministration(administering: self) }
}

/// Reads held open on `stack`, each on a thread and a connection of its own, until `finish()`:
/// what a stack closed under reads must let them complete.
struct ReadsUnderWay {
    private let release = DispatchSemaphore(value: 0)
    private let readers = DispatchGroup()
    private let counts = Locked<[Int]>([])
    private let count: Int

    /// Starts `count` reads of `SELECT count(*) FROM posts` and returns once each is inside its
    /// transaction (each waits there for `finish()`).
    init(on stack: SocialStack, count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        self.count = count
        let entered = DispatchSemaphore(value: 0)
        for _ in 0..<count {
            readers.enter()
            Thread { [readers, release, counts] in
                defer { readers.leave() }
                let posts = try? stack.store.read { db -> Int in
                    entered.signal()
                    release.wait()
                    return try Int.fetchOne(db, sql: "SELECT count(*) FROM posts") ?? -1
                }
                counts.withLock { $0.append(posts ?? -2) }
            }.start()
        }
        for _ in 0..<count { #expect(entered.wait(timeout: .now() + 30) == .success, sourceLocation: sourceLocation) }
    }

    /// Lets the reads finish and returns what each read (-2 for a read that threw).
    func finish() -> [Int] {
        for _ in 0..<count { release.signal() }
        readers.wait()
        return counts.withLock { $0 }
    }
}

/// What is wrong with `reader`'s first home-feed page read now, or nil: the page must be whole
/// (20 posts and a cursor, as the tests' datasets give every reader) and newest first, whatever
/// other users write meanwhile.
func fullFeedPageProblem(of reader: UserID, on stack: SocialStack) -> String? {
    do {
        let page = try stack.feed.homeFeed(for: stack.session(of: reader))
        let ids = page.items.map(\.id.rawValue)
        guard page.items.count != 20 || page.nextCursor == nil || ids != ids.sorted(by: >) else { return nil }
        return "\(ids), cursor \(String(describing: page.nextCursor))"
    } catch {
        return "\(error)"
    }
}
