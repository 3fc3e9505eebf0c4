import Foundation
@testable import SocialStack

/// The calls a dataset is made of, in batches: one call per batch on a bulk load, one
/// service call per item on the services.
protocol DatasetBatchCalls {
    func signUp(_ accounts: [BulkLoad.Account]) throws -> [UserID]
    func follow(_ users: [UserID], by follower: UserID) throws -> Int
    func compose(_ drafts: [BulkLoad.Draft]) throws -> [PostID]
    func like(_ posts: [PostID], by user: UserID) throws -> Int
}

extension ServiceCalls: DatasetBatchCalls {
    func signUp(_ accounts: [BulkLoad.Account]) throws -> [UserID] {
        try accounts.map { try signUp(email: $0.email, password: $0.password, username: $0.username, fullName: $0.fullName,
                                      profileImage: $0.profileImage) }
    }
    func follow(_ users: [UserID], by follower: UserID) throws -> Int {
        try users.filter { try follow($0, by: follower) }.count
    }
    func compose(_ drafts: [BulkLoad.Draft]) throws -> [PostID] {
        try drafts.map { try stack.posts.compose(.post($0.text, image: $0.image), as: stack.session(of: $0.author)).id }
    }
    func like(_ posts: [PostID], by user: UserID) throws -> Int {
        try posts.filter { try like($0, by: user) }.count
    }
}

extension BulkCalls: DatasetBatchCalls {
    func signUp(_ accounts: [BulkLoad.Account]) throws -> [UserID] { try load.signUp(accounts) }
    func follow(_ users: [UserID], by follower: UserID) throws -> Int { try load.follow(users, by: follower) }
    func compose(_ drafts: [BulkLoad.Draft]) throws -> [PostID] { try load.compose(drafts) }
    func like(_ posts: [PostID], by user: UserID) throws -> Int { try load.like(posts, by: user) }
}

/// What each batch answered, to compare the two paths.
struct BatchAnswers: Equatable {
    var users: [UserID] = []
    var follows: [Int] = []
    var posts: [PostID] = []
    var likes: [Int] = []
}

extension SmallDataset {
    /// The dataset's kinds of rows and edge cases in batches larger than one statement takes
    /// (sign-ups in batches of 100, posts in batches of one round, 300 posts with images,
    /// repeated follows and likes inside a batch). The clock moves before each batch, so a
    /// batch's rows share their time.
    func playInBatches(on calls: some DatasetBatchCalls, clock: TestClock?) throws -> BatchAnswers {
        var answers = BatchAnswers()
        func next() { clock?.advance(by: 1) }
        var random: UInt64 = 5
        func pick(_ bound: Int) -> Int {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Int((random >> 33) % UInt64(bound))
        }
        for first in stride(from: 0, to: users, by: 100) {
            next()
            answers.users += try calls.signUp((first..<min(users, first + 100)).map { index in
                BulkLoad.Account(email: "person\(index)@roost.test", password: Self.password,
                                 username: index % 4 == 0 ? "Person\(index)" : "person\(index)",
                                 fullName: "  Person Number \(index) ",
                                 profileImage: index % 3 == 0 ? nil : png((8..<512).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index % 50) }))
            })
        }
        for (index, user) in answers.users.enumerated() {
            next()
            let others = (0..<9).map { round in round == 8 ? (index + 1) % users : pick(users) }.filter { $0 != index }
            answers.follows.append(try calls.follow(others.map { answers.users[$0] } + [answers.users[others[0]]], by: user))
        }
        for round in 0..<4 {
            next()
            answers.posts += try calls.compose(answers.users.enumerated().map { index, user in
                let text = switch (round + index) % 3 {
                case 0: "round \(round) by person\(index) with @person\(pick(users)) and @person\(index) #roost"
                case 1: "  round \(round): https://example.com/\(index) @PERSON\(pick(users)) @nobody_here  "
                default: "round \(round), caf\u{e9} #mention"
                }
                return BulkLoad.Draft(text, image: round == 1 ? png([UInt8(index % 7), 1, 2]) : nil, by: user)
            })
        }
        for (index, user) in answers.users.enumerated() {
            next()
            let posts = [answers.posts[index], answers.posts[pick(answers.posts.count)], answers.posts[pick(40)], answers.posts[index]]
            answers.likes.append(try calls.like(posts, by: user))
        }
        return answers
    }
}
