import Foundation
@testable import SocialStack

/// The calls a dataset is made of, on the services or on a bulk load.
protocol DatasetCalls {
    func signUp(email: String, password: String, username: String, fullName: String, profileImage: [UInt8]?) throws -> UserID
    func follow(_ user: UserID, by follower: UserID) throws -> Bool
    func compose(_ text: String, by author: UserID) throws -> PostID
    func like(_ post: PostID, by user: UserID) throws -> Bool
}

struct ServiceCalls: DatasetCalls {
    let stack: SocialStack
    func signUp(email: String, password: String, username: String, fullName: String, profileImage: [UInt8]?) throws -> UserID {
        register(try stack.auth.signUp(email: email, password: password, username: username, fullName: fullName, profileImage: profileImage), in: stack)
    }
    func follow(_ user: UserID, by follower: UserID) throws -> Bool { try stack.follows.follow(user, as: stack.session(of: follower)) }
    func compose(_ text: String, by author: UserID) throws -> PostID { try stack.posts.compose(.post(text), as: stack.session(of: author)).id }
    func like(_ post: PostID, by user: UserID) throws -> Bool { try stack.likes.like(post, as: stack.session(of: user)) }
}

struct BulkCalls: DatasetCalls {
    let load: BulkLoad
    func signUp(email: String, password: String, username: String, fullName: String, profileImage: [UInt8]?) throws -> UserID {
        try load.signUp(email: email, password: password, username: username, fullName: fullName, profileImage: profileImage)
    }
    func follow(_ user: UserID, by follower: UserID) throws -> Bool { try load.follow(user, by: follower) }
    func compose(_ text: String, by author: UserID) throws -> PostID { try load.compose(text, by: author) }
    func like(_ post: PostID, by user: UserID) throws -> Bool { try load.like(post, by: user) }
}

/// What each call answered, to compare the two paths.
struct DatasetAnswers: Equatable {
    var users: [UserID] = []
    var follows: [Bool] = []
    var posts: [PostID] = []
    var likes: [Bool] = []
}

/// A small dataset with every kind of row a harness dataset has, and the edge cases: shared
/// profile images (stored once), repeated follows and likes (ignored), self-likes and
/// self-mentions (no notification), a mention of nobody, two mentions in one post, links,
/// hashtags, padded text. The clock is set before each call (seconds since a fixed start),
/// so every timestamp says which call wrote it.
struct SmallDataset {
    static let password = "password1"
    let users: Int

    func play(on calls: some DatasetCalls, clock: TestClock?) throws -> DatasetAnswers {
        var answers = DatasetAnswers()
        func next() { clock?.advance(by: 1) }
        var random: UInt64 = 99
        func pick(_ bound: Int) -> Int {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Int((random >> 33) % UInt64(bound))
        }
        for index in 0..<users {
            next()
            let image: [UInt8]? = index % 3 == 0 ? nil : png((8..<512).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index % 50) })
            answers.users.append(try calls.signUp(email: "person\(index)@roost.test", password: Self.password,
                                                  username: index % 4 == 0 ? "Person\(index)" : "person\(index)",
                                                  fullName: "  Person Number \(index) ", profileImage: image))
        }
        for (index, user) in answers.users.enumerated() {
            for round in 0..<9 {
                next()
                let other = round == 8 ? (index + 1) % users : pick(users)  // the last repeats an earlier follow at times
                if other == index { continue }
                answers.follows.append(try calls.follow(answers.users[other], by: user))
            }
        }
        for round in 0..<4 {
            for (index, user) in answers.users.enumerated() {
                next()
                let text = switch (round + index) % 4 {
                case 0: "round \(round) by person\(index) with @person\(pick(users)) #roost"
                case 1: "  round \(round): see https://example.com/\(index)/\(round) and @nobody_here  "
                case 2: "round \(round) mentions @person\(index) and @PERSON\(pick(users)) and @person\(pick(users))"
                default: "round \(round), caf\u{e9} #mention #roost by person\(index)"
                }
                answers.posts.append(try calls.compose(text, by: user))
            }
        }
        for (index, user) in answers.users.enumerated() {
            for round in 0..<3 {
                next()
                let post = round == 2 ? answers.posts[index] : answers.posts[pick(answers.posts.count)]  // one own post
                answers.likes.append(try calls.like(post, by: user))
            }
            next()
            answers.likes.append(try calls.like(answers.posts[pick(20)], by: user))  // often liked already
        }
        return answers
    }
}
