import Testing
@testable import SocialStack

@Suite struct FollowTests {
    @Test func followIsIdempotentAndNotifiesOnce() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa"), b = try signUp(stack, "bbb")
        #expect(try stack.follows.follow(a, as: stack.session(of: b)) == true)
        #expect(try stack.follows.follow(a, as: stack.session(of: b)) == false)
        #expect(try stack.follows.isFollowing(a, by: b))
        #expect(try !stack.follows.isFollowing(b, by: a))
        #expect(try count(stack, "follows") == 1)
        #expect(try stack.users.stats(for: a).followers == 1)
        let notes = try stack.notifications.notifications(for: stack.session(of: a)).items
        #expect(notes.map(\.kind) == [.follow])
        #expect(notes.first?.actor == b)
    }

    @Test func selfFollowAndUnknownUsersAreErrors() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa")
        #expect(throws: FollowError.cannotFollowSelf(a)) { try stack.follows.follow(a, as: stack.session(of: a)) }
        #expect(throws: FollowError.userNotFound(99)) { try stack.follows.follow(99, as: stack.session(of: a)) }
        #expect(throws: SessionError.notFound(operation: "follow")) { try stack.follows.follow(a, as: stack.session(of: 98)) }
        #expect(try count(stack, "follows") == 0)
        #expect(try count(stack, "notifications") == 0)
    }

    @Test func unfollowIsIdempotentAndWithdrawsTheFollowNotification() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa"), b = try signUp(stack, "bbb")
        try stack.follows.follow(a, as: stack.session(of: b))
        #expect(try stack.follows.unfollow(a, as: stack.session(of: b)) == true)
        #expect(try stack.follows.unfollow(a, as: stack.session(of: b)) == false)
        #expect(try stack.users.stats(for: a) == UserStats(followers: 0, following: 0, posts: 0))
        #expect(try stack.users.stats(for: b) == UserStats(followers: 0, following: 0, posts: 0))
        #expect(try count(stack, "notifications") == 0)
    }

    @Test func listsAreNewestFollowFirst() throws {
        let stack = try makeStack()
        let star = try signUp(stack, "star")
        var fans: [UserID] = []
        for index in 0..<5 {
            let fan = try signUp(stack, "fan\(index)")
            try stack.follows.follow(star, as: stack.session(of: fan))
            fans.append(fan)
        }
        try stack.follows.follow(fans[0], as: stack.session(of: star))
        #expect(try stack.follows.followers(of: star).items.map(\.id) == fans.reversed())
        #expect(try stack.follows.following(of: star).items.map(\.id) == [fans[0]])
        #expect(try stack.follows.following(of: fans[3]).items.map(\.id) == [star])
        #expect(throws: FollowError.userNotFound(1234)) { try stack.follows.followers(of: 1234) }
    }
}
