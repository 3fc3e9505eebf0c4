import Testing
@testable import SocialStack

@Suite struct PostTests {
    @Test func textIsTrimmedAndLimitedTo280Characters() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa")
        #expect(try stack.posts.compose(.post("  \n hello \t"), as: stack.session(of: a)).text == "hello")
        #expect(throws: PostError.invalidText(.empty)) { try stack.posts.compose(.post(" \n "), as: stack.session(of: a)) }
        #expect(throws: PostError.invalidText(.containsNul)) { try stack.posts.compose(.post("nul\u{0}inside"), as: stack.session(of: a)) }
        let family = "👨‍👩‍👧‍👦" // one character, many bytes
        #expect(try stack.posts.compose(.post(String(repeating: family, count: 280)), as: stack.session(of: a)).text.count == 280)
        #expect(throws: PostError.invalidText(.tooLong(count: 281, limit: 280))) {
            try stack.posts.compose(.post(String(repeating: "x", count: 281)), as: stack.session(of: a))
        }
        #expect(try count(stack, "posts") == 2)
    }

    @Test(arguments: ["'; DROP TABLE posts; --", "emoji 🐦‍🔥 and \"quotes\" and 'single'", "tab\tinside\r\nlines", "e\u{301} versus é"])
    func textRoundTripsByteForByte(_ text: String) throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa")
        let post = try stack.posts.compose(.post(text), as: stack.session(of: a))
        let stored = try stack.posts.post(post.id).text
        #expect(Array(stored.utf8) == Array(text.utf8))
        #expect(try count(stack, "posts") == 1)
    }

    @Test func composeChecksTheAuthorAndTheParent() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa")
        #expect(throws: SessionError.notFound(operation: "compose")) { try stack.posts.compose(.post("hi"), as: stack.session(of: 50)) }
        #expect(throws: PostError.parentNotFound(60)) { try stack.posts.compose(.reply(to: 60, "hi"), as: stack.session(of: a)) }
        #expect(try count(stack, "posts") == 0)
    }

    @Test func aPostImageIsStoredInTheSameTransaction() throws {
        var configuration = SocialStack.Configuration(passwordCost: .low)
        configuration.mediaSizeLimit = 12
        let stack = try SocialStack(configuration)
        let a = try signUp(stack, "aaa")
        let post = try stack.posts.compose(.post("pic", image: png([9, 9])), as: stack.session(of: a))
        #expect(try stack.media.bytes(try #require(post.image)) == png([9, 9]))
        #expect(throws: PostError.imageRejected(.tooLarge(bytes: 13, limit: 12))) {
            try stack.posts.compose(.post("too big", image: png([1, 2, 3, 4, 5])), as: stack.session(of: a))
        }
        #expect(try count(stack, "posts") == 1)
    }

    @Test func onlyTheAuthorMayEditOrDelete() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa"), b = try signUp(stack, "bbb")
        let post = try stack.posts.compose(.post("mine"), as: stack.session(of: a))
        #expect(throws: PostError.notAuthor(post: post.id, user: b)) { try stack.posts.edit(post.id, text: "yours now", as: stack.session(of: b)) }
        #expect(throws: PostError.notAuthor(post: post.id, user: b)) { try stack.posts.delete(post.id, as: stack.session(of: b)) }
        #expect(try stack.posts.post(post.id).text == "mine")
        let edited = try stack.posts.edit(post.id, text: "still mine", as: stack.session(of: a))
        #expect(edited.text == "still mine")
        #expect(edited.editedAt != nil)
        #expect(throws: PostError.invalidText(.empty)) { try stack.posts.edit(post.id, text: "", as: stack.session(of: a)) }
        #expect(throws: PostError.postNotFound(999)) { try stack.posts.edit(999, text: "x", as: stack.session(of: a)) }
    }

    @Test func aReplyNotifiesTheParentsAuthorButASelfReplyNobody() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa"), b = try signUp(stack, "bbb")
        let post = try stack.posts.compose(.post("question"), as: stack.session(of: a))
        let reply = try stack.posts.compose(.reply(to: post.id, "answer"), as: stack.session(of: b))
        #expect(reply.replyTo == post.id && reply.isReply)
        let notes = try stack.notifications.notifications(for: stack.session(of: a)).items
        #expect(notes.map(\.kind) == [.reply])
        #expect(notes.first?.post == reply.id && notes.first?.actor == b)
        try stack.posts.compose(.reply(to: post.id, "talking to myself"), as: stack.session(of: a))
        #expect(try count(stack, "notifications") == 1)
        #expect(try stack.posts.post(post.id).replyCount == 2)
        #expect(try stack.posts.replies(to: post.id).items.map(\.text) == ["answer", "talking to myself"])
    }

    @Test func aMentionNotifiesTheMentionedUserOnce() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa"), b = try signUp(stack, "bbb"), c = try signUp(stack, "ccc")
        let post = try stack.posts.compose(.post("hi @BBB and @bbb, @nobody, mail x@ccc.com, me @aaa"), as: stack.session(of: a))
        #expect(try stack.posts.mentions(in: post.id) == [a, b])
        #expect(try stack.notifications.notifications(for: stack.session(of: b)).items.map(\.kind) == [.mention])
        #expect(try stack.notifications.notifications(for: stack.session(of: c)).items.isEmpty)
        #expect(try stack.notifications.notifications(for: stack.session(of: a)).items.isEmpty)
    }

    @Test func aReplyThatMentionsTheParentsAuthorNotifiesThemOnce() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa"), b = try signUp(stack, "bbb")
        let post = try stack.posts.compose(.post("question"), as: stack.session(of: a))
        try stack.posts.compose(.reply(to: post.id, "@aaa here you go"), as: stack.session(of: b))
        #expect(try stack.notifications.notifications(for: stack.session(of: a)).items.map(\.kind) == [.reply])
    }

    @Test func editingMentionsNotifiesNewOnesAndWithdrawsRemovedOnes() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa"), b = try signUp(stack, "bbb"), c = try signUp(stack, "ccc")
        let post = try stack.posts.compose(.post("hey @bbb"), as: stack.session(of: a))
        try stack.posts.edit(post.id, text: "hey @ccc and @bbb", as: stack.session(of: a))
        #expect(try stack.notifications.notifications(for: stack.session(of: b)).items.count == 1)
        #expect(try stack.notifications.notifications(for: stack.session(of: c)).items.count == 1)
        try stack.posts.edit(post.id, text: "hey @ccc", as: stack.session(of: a))
        #expect(try stack.notifications.notifications(for: stack.session(of: b)).items.isEmpty)
        #expect(try stack.posts.mentions(in: post.id) == [c])
    }

    @Test(arguments: FeedStrategy.allCases)
    func deletingAPostLeavesNothingDangling(_ strategy: FeedStrategy) throws {
        let stack = try makeStack(feed: strategy)
        let a = try signUp(stack, "aaa"), b = try signUp(stack, "bbb"), c = try signUp(stack, "ccc")
        try stack.follows.follow(a, as: stack.session(of: b))
        let post = try stack.posts.compose(.post("zeppelin news for @ccc"), as: stack.session(of: a))
        let keep = try stack.posts.compose(.post("zeppelin keeper"), as: stack.session(of: a))
        try stack.likes.like(post.id, as: stack.session(of: b))
        try stack.likes.like(post.id, as: stack.session(of: c))
        try stack.comments.comment(on: post.id, text: "nice", as: stack.session(of: b))
        let reply = try stack.posts.compose(.reply(to: post.id, "zeppelin reply"), as: stack.session(of: c))
        #expect(try stack.feed.homeFeed(for: stack.session(of: b)).items.map(\.id) == [keep.id, post.id])
        #expect(try stack.search.posts(matching: "zeppelin").count == 3)

        try stack.posts.delete(post.id, as: stack.session(of: a))

        #expect(throws: PostError.postNotFound(post.id)) { try stack.posts.post(post.id) }
        #expect(try count(stack, "likes") == 0)
        #expect(try count(stack, "comments") == 0)
        #expect(try count(stack, "mentions") == 0)
        #expect(try count(stack, "feed_entries", where: "post_id = \(post.id)") == 0)
        // What remains: b's follow of a, and c's reply to the deleted post.
        #expect(try count(stack, "notifications", where: "post_id = \(post.id) OR comment_id IS NOT NULL") == 0)
        #expect(try stack.notifications.notifications(for: stack.session(of: a)).items.map(\.kind) == [.reply, .follow])
        #expect(try stack.feed.homeFeed(for: stack.session(of: b)).items.map(\.id) == [keep.id])
        #expect(try stack.search.posts(matching: "zeppelin").map(\.id).sorted() == [keep.id, reply.id])
        let orphan = try stack.posts.post(reply.id)
        #expect(orphan.replyTo == nil && orphan.isReply)
        #expect(try stack.users.stats(for: a).posts == 1)
        #expect(try stack.posts.liked(by: b).items.isEmpty)
    }

    @Test func deletingAReplyUpdatesItsParent() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa"), b = try signUp(stack, "bbb")
        let post = try stack.posts.compose(.post("q"), as: stack.session(of: a))
        let reply = try stack.posts.compose(.reply(to: post.id, "a"), as: stack.session(of: b))
        try stack.posts.delete(reply.id, as: stack.session(of: b))
        #expect(try stack.posts.post(post.id).replyCount == 0)
        #expect(try stack.notifications.notifications(for: stack.session(of: a)).items.isEmpty)
        #expect(try stack.users.stats(for: b).posts == 0)
    }

    @Test func profilePostsExcludeRepliesUnlessAsked() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa")
        let first = try stack.posts.compose(.post("one"), as: stack.session(of: a))
        let reply = try stack.posts.compose(.reply(to: first.id, "two"), as: stack.session(of: a))
        let third = try stack.posts.compose(.post("three"), as: stack.session(of: a))
        #expect(try stack.posts.posts(by: a).items.map(\.id) == [third.id, first.id])
        #expect(try stack.posts.posts(by: a, includingReplies: true).items.map(\.id) == [third.id, reply.id, first.id])
    }
}
