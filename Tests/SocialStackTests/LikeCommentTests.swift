import Testing
@testable import SocialStack

@Suite struct LikeTests {
    @Test func likeIsIdempotentAndCountEqualsRows() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa"), b = try signUp(stack, "bbb")
        let post = try stack.posts.compose(.post("like me"), as: stack.session(of: a))
        #expect(try stack.likes.like(post.id, as: stack.session(of: b)) == true)
        #expect(try stack.likes.like(post.id, as: stack.session(of: b)) == false)
        #expect(try stack.likes.like(post.id, as: stack.session(of: a)) == true)
        #expect(try stack.posts.post(post.id).likeCount == 2)
        #expect(try stack.likes.hasLiked(post.id, by: b))
        #expect(try stack.likes.liked([post.id, 999], by: b) == [post.id])
        #expect(try stack.likes.likers(of: post.id).items.map(\.id) == [a, b])
        // Only b's like notifies; liking your own post does not.
        #expect(try stack.notifications.notifications(for: stack.session(of: a)).items.map(\.actor) == [b])
        #expect(try stack.likes.unlike(post.id, as: stack.session(of: b)) == true)
        #expect(try stack.likes.unlike(post.id, as: stack.session(of: b)) == false)
        #expect(try stack.posts.post(post.id).likeCount == 1)
        #expect(try stack.notifications.notifications(for: stack.session(of: a)).items.isEmpty)
        #expect(try stack.posts.liked(by: a).items.map(\.id) == [post.id])
    }

    @Test func unknownPostsAndUsersAreErrors() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa")
        let post = try stack.posts.compose(.post("p"), as: stack.session(of: a))
        #expect(throws: LikeError.postNotFound(77)) { try stack.likes.like(77, as: stack.session(of: a)) }
        #expect(throws: SessionError.notFound(operation: "like")) { try stack.likes.like(post.id, as: stack.session(of: 88)) }
        #expect(try count(stack, "likes") == 0)
    }
}

@Suite struct CommentTests {
    @Test func commentsListNewestFirstAndNotifyTheAuthor() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa"), b = try signUp(stack, "bbb")
        let post = try stack.posts.compose(.post("photo"), as: stack.session(of: a))
        let first = try stack.comments.comment(on: post.id, text: " wow ", as: stack.session(of: b))
        let second = try stack.comments.comment(on: post.id, text: "thanks!", as: stack.session(of: a))
        #expect(first.text == "wow")
        #expect(try stack.comments.comments(on: post.id).items.map(\.id) == [second.id, first.id])
        #expect(try stack.posts.post(post.id).commentCount == 2)
        let notes = try stack.notifications.notifications(for: stack.session(of: a)).items
        #expect(notes.map(\.kind) == [.comment])
        #expect(notes.first?.comment == first.id)
        #expect(try stack.notifications.notifications(for: stack.session(of: b)).items.isEmpty)
    }

    @Test func onlyTheCommentsOrThePostsAuthorDeletesAComment() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa"), b = try signUp(stack, "bbb"), c = try signUp(stack, "ccc")
        let post = try stack.posts.compose(.post("photo"), as: stack.session(of: a))
        let comment = try stack.comments.comment(on: post.id, text: "mine", as: stack.session(of: b))
        #expect(throws: CommentError.notAuthor(comment: comment.id, user: c)) { try stack.comments.delete(comment.id, as: stack.session(of: c)) }
        // The post's author removes another of b's comments on it.
        let other = try stack.comments.comment(on: post.id, text: "rude", as: stack.session(of: b))
        try stack.comments.delete(other.id, as: stack.session(of: a))
        try stack.comments.delete(comment.id, as: stack.session(of: b))
        #expect(try stack.comments.comments(on: post.id).items.isEmpty)
        #expect(try stack.posts.post(post.id).commentCount == 0)
        #expect(try count(stack, "notifications") == 0)
        #expect(throws: CommentError.commentNotFound(comment.id)) { try stack.comments.delete(comment.id, as: stack.session(of: b)) }
    }

    @Test func invalidCommentsAreRejected() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa")
        let post = try stack.posts.compose(.post("photo"), as: stack.session(of: a))
        #expect(throws: CommentError.invalidText(.empty)) { try stack.comments.comment(on: post.id, text: "  ", as: stack.session(of: a)) }
        #expect(throws: CommentError.invalidText(.tooLong(count: 1001, limit: 1000))) {
            try stack.comments.comment(on: post.id, text: String(repeating: "a", count: 1001), as: stack.session(of: a))
        }
        #expect(throws: CommentError.postNotFound(5)) { try stack.comments.comment(on: 5, text: "hi", as: stack.session(of: a)) }
        #expect(throws: SessionError.notFound(operation: "comment")) { try stack.comments.comment(on: post.id, text: "hi", as: stack.session(of: 6)) }
        #expect(try count(stack, "comments") == 0)
    }
}
