import Foundation
import Synchronization
import Testing
@testable import SocialStack

/// Runs `body(index)` on `count` real threads that are released together, and waits for all.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for index in 0..<count {
        done.enter()
        let thread = Thread {
            start.wait()
            body(index)
            done.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    for _ in 0..<count { start.signal() }
    done.wait()
}

/// The one successful sign-up of a race of 32, with every result; fails the test unless
/// exactly one succeeded.
private func onlyWinner(
    of all: [Int: Result<UserID, any Error>]
) throws -> (all: [Int: Result<UserID, any Error>], winnerIndex: Int, winner: UserID) {
    #expect(all.count == 32)
    let winners = all.compactMap { index, result in (try? result.get()).map { (index, $0) } }
    try #require(winners.count == 1, "expected one successful sign-up, got \(winners.count)")
    return (all, winners[0].0, winners[0].1)
}

@Suite struct ConcurrencyTests {
    static let storages: [SocialStack.Configuration.Storage] = [.temporaryFile, .memory]

    /// 32 users like and unlike one post at the same time: no like is lost or counted twice,
    /// and the count, the rows, the likers and the like notifications all agree with what
    /// each user did last.
    @Test(arguments: storages)
    func concurrentLikesAndUnlikesKeepTheCountExact(storage: SocialStack.Configuration.Storage) throws {
        let stack = try makeStack(storage: storage)
        let author = try signUp(stack, "author")
        let post = try stack.posts.compose(.post("like me"), as: stack.session(of: author)).id
        let likers = try (0..<32).map { try signUp(stack, "liker\($0)") }
        let finalState = Mutex<[UserID: Bool]>([:])
        let problems = Mutex<[String]>([])

        onThreads(32) { index in
            let user = likers[index]
            var liked = false
            // A per-thread LCG: a different but reproducible like/unlike pattern per user.
            var state = UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15
            for step in 0..<24 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let like = (state >> 33) % 3 != 0
                do {
                    if like {
                        let changed = try stack.likes.like(post, as: stack.session(of: user))
                        // Only this thread touches this user's like, so the answer is known.
                        if changed == liked { problems.withLock { $0.append("user \(index) step \(step): like returned \(changed)") } }
                        liked = true
                    } else {
                        let changed = try stack.likes.unlike(post, as: stack.session(of: user))
                        if changed != liked { problems.withLock { $0.append("user \(index) step \(step): unlike returned \(changed)") } }
                        liked = false
                    }
                } catch {
                    problems.withLock { $0.append("user \(index) step \(step): \(error)") }
                }
            }
            finalState.withLock { $0[user] = liked }
        }

        #expect(problems.withLock { $0 } == [])
        let states = finalState.withLock { $0 }
        #expect(states.count == 32)
        let likedUsers = Set(states.filter(\.value).keys)
        // The pattern ends in both states, so a lost like or a lost unlike would show.
        #expect(likedUsers.count > 0 && likedUsers.count < 32)

        let rows = try count(stack, "likes", where: "post_id = \(post.rawValue)")
        #expect(try stack.posts.post(post).likeCount == rows)
        #expect(rows == likedUsers.count)
        #expect(Set(try stack.likes.likers(of: post, limit: 200).items.map(\.id)) == likedUsers)
        for user in likers {
            #expect(try stack.likes.hasLiked(post, by: user) == likedUsers.contains(user))
        }
        // Unlike withdraws the notification: one like notification per current liker.
        #expect(try count(stack, "notifications", where: "post_id = \(post.rawValue) AND kind = 'like'") == likedUsers.count)
    }

    /// 32 people pick the same username (in different letter case) at the same moment:
    /// exactly one gets it, every other one is told it is taken.
    @Test(arguments: storages)
    func concurrentSignUpsOfOneUsernameCreateOneAccount(storage: SocialStack.Configuration.Storage) throws {
        let stack = try makeStack(storage: storage)
        let results = Mutex<[Int: Result<UserID, any Error>]>([:])
        onThreads(32) { index in
            let username = ["crowd", "Crowd", "CROWD", "cRoWd"][index % 4]
            let result = Result {
                try stack.auth.signUp(
                    email: "crowd\(index)@example.com", password: "secret-crowd-\(index)", username: username,
                    fullName: "Crowd \(index)"
                ).user.id
            }
            results.withLock { $0[index] = result }
        }

        let (all, winnerIndex, winner) = try onlyWinner(of: results.withLock { $0 })
        for (index, result) in all where index != winnerIndex {
            guard case let .failure(error) = result, case let .usernameTaken(name, suggestion)? = error as? AuthError else {
                Issue.record("sign-up \(index): expected usernameTaken, got \(result)")
                continue
            }
            #expect(name == "crowd")
            #expect(suggestion != "crowd")
            #expect(throws: UserError.usernameNotFound(suggestion)) { try stack.users.user(named: suggestion) }
        }
        #expect(try count(stack, "users") == 1)
        #expect(try stack.users.user(named: "CROWD").id == winner)
        // The account is the winner's, whole: its email and password log in.
        let session = try stack.auth.logIn(email: "crowd\(winnerIndex)@example.com", password: "secret-crowd-\(winnerIndex)")
        #expect(session.user.id == winner)
    }

    /// 32 sign-ups with one email written in different letter case: one account; the
    /// others are told the email is taken.
    @Test(arguments: storages)
    func concurrentSignUpsOfOneEmailInAnyCaseCreateOneAccount(storage: SocialStack.Configuration.Storage) throws {
        let stack = try makeStack(storage: storage)
        let email = "same.person@example.com"
        let results = Mutex<[Int: Result<UserID, any Error>]>([:])
        onThreads(32) { index in
            // Each thread its own casing: letter k is upper-cased when bit k % 5 of index is set.
            let variant = String(email.enumerated().map { offset, character in
                index >> (offset % 5) & 1 == 1 ? Character(character.uppercased()) : character
            })
            let result = Result {
                try stack.auth.signUp(
                    email: variant, password: "secret-same-\(index)", username: "same\(index)", fullName: "Same \(index)"
                ).user.id
            }
            results.withLock { $0[index] = result }
        }

        let (all, winnerIndex, winner) = try onlyWinner(of: results.withLock { $0 })
        for (index, result) in all where index != winnerIndex {
            guard case let .failure(error) = result, error as? AuthError == .emailTaken else {
                Issue.record("sign-up \(index): expected emailTaken, got \(result)")
                continue
            }
        }
        #expect(try count(stack, "users") == 1)
        #expect(try stack.users.user(named: "same\(winnerIndex)").id == winner)
        #expect(try stack.auth.logIn(email: email.uppercased(), password: "secret-same-\(winnerIndex)").user.id == winner)
    }
}
