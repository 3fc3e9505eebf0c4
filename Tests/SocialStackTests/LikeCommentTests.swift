import Testing
@testable import SocialStack

@Suite struct LikeTests {
    @Test func likeIsIdempotentAndCountEqualsRows() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa"), b = try signUp(stack, "bbb")
        let post = try stack.posts.compose(.post("like me"), by: a)
        #expect(try stack.likes.like(post.id, by: b) == true)
        #expect(try stack.likes.like(post.id, by: b) == false)
        #expect(try stack.likes.like(post.id, by: a) == true)
        #expect(try stack.posts.post(post.id).likeCount == 2)
        #expect(try stack.likes.hasLiked(post.id, by: b))
        #expect(try stack.likes.liked([post.id, 999], by: b) == [post.id])
        #expect(try stack.likes.likers(of: post.id).items.map(\.id) == [a, b])
        // Only b's like notifies; liking your own post does not.
        #expect(try stack.notifications.notifications(for: a).items.map(\.actor) == [b])
        #expect(try stack.likes.unlike(post.id, by: b) == true)
        #expect(try stack.likes.unlike(post.id, by: b) == false)
        #expect(try stack.posts.post(post.id).likeCount == 1)
        #expect(try stack.notifications.notifications(for: a).items.isEmpty)
        #expect(try stack.posts.liked(by: a).items.map(\.id) == [post.id])
    }

    @Test func unknownPostsAndUsersAreErrors() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa")
        let post = try stack.posts.compose(.post("p"), by: a)
        #expect(throws: LikeError.postNotFound(77)) { try stack.likes.like(77, by: a) }
        #expect(throws: LikeError.userNotFound(88)) { try stack.likes.like(post.id, by: 88) }
        #expect(try count(stack, "likes") == 0)
    }
}

@Suite struct CommentTests {
    @Test func commentsListNewestFirstAndNotifyTheAuthor() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa"), b = try signUp(stack, "bbb")
        let post = try stack.posts.compose(.post("photo"), by: a)
        let first = try stack.comments.comment(on: post.id, text: " wow ", by: b)
        let second = try stack.comments.comment(on: post.id, text: "thanks!", by: a)
        #expect(first.text == "wow")
        #expect(try stack.comments.comments(on: post.id).items.map(\.id) == [second.id, first.id])
        #expect(try stack.posts.post(post.id).commentCount == 2)
        let notes = try stack.notifications.notifications(for: a).items
        #expect(notes.map(\.kind) == [.comment])
        #expect(notes.first?.comment == first.id)
        #expect(try stack.notifications.notifications(for: b).items.isEmpty)
    }

    @Test func onlyTheAuthorDeletesAComment() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa"), b = try signUp(stack, "bbb")
        let post = try stack.posts.compose(.post("photo"), by: a)
        let comment = try stack.comments.comment(on: post.id, text: "mine", by: b)
        #expect(throws: CommentError.notAuthor(comment: comment.id, user: a)) { try stack.comments.delete(comment.id, by: a) }
        try stack.comments.delete(comment.id, by: b)
        #expect(try stack.comments.comments(on: post.id).items.isEmpty)
        #expect(try stack.posts.post(post.id).commentCount == 0)
        #expect(try count(stack, "notifications") == 0)
        #expect(throws: CommentError.commentNotFound(comment.id)) { try stack.comments.delete(comment.id, by: b) }
    }

    @Test func invalidCommentsAreRejected() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa")
        let post = try stack.posts.compose(.post("photo"), by: a)
        #expect(throws: CommentError.invalidText(.empty)) { try stack.comments.comment(on: post.id, text: "  ", by: a) }
        #expect(throws: CommentError.invalidText(.tooLong(count: 1001, limit: 1000))) {
            try stack.comments.comment(on: post.id, text: String(repeating: "a", count: 1001), by: a)
        }
        #expect(throws: CommentError.postNotFound(5)) { try stack.comments.comment(on: 5, text: "hi", by: a) }
        #expect(throws: CommentError.userNotFound(6)) { try stack.comments.comment(on: post.id, text: "hi", by: 6) }
        #expect(try count(stack, "comments") == 0)
    }
}
