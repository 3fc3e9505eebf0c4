import Foundation
import GRDB
import Testing
@testable import SocialStack

/// Deleted content takes its media with it: a deleted post's image and a replaced avatar are
/// no longer stored nor served, unless another post or profile uses the same bytes.
@Suite struct MediaLifetimeTests {
    private let image: [UInt8] = png(Array("a png, honestly".utf8))
    private let other: [UInt8] = png(Array("another png".utf8))

    @Test func deletingAPostDeletesItsImage() throws {
        let stack = try makeStack()
        let ada = try signUp(stack, "ada")
        let post = try stack.posts.compose(.post("look", image: image), as: stack.session(of: ada))
        let id = try #require(post.image)
        #expect(try stack.media.bytes(id) == image)
        try stack.posts.delete(post.id, as: stack.session(of: ada))
        #expect(throws: MediaError.notFound(id)) { try stack.media.bytes(id) }
        #expect(try count(stack, "media") == 0)
    }

    @Test func sharedBytesStayWhileAnythingUsesThem() throws {
        let stack = try makeStack()
        let ada = try signUp(stack, "ada")
        let bob = try signUp(stack, "bob")
        let first = try stack.posts.compose(.post("one", image: image), as: stack.session(of: ada))
        let second = try stack.posts.compose(.post("two", image: image), as: stack.session(of: bob))
        try stack.users.setProfileImage(image, as: stack.session(of: bob))
        let id = try #require(first.image)
        try stack.posts.delete(first.id, as: stack.session(of: ada))
        #expect(try stack.media.bytes(id) == image)
        try stack.posts.delete(second.id, as: stack.session(of: bob))
        #expect(try stack.media.bytes(id) == image, "bob's avatar still uses it")
        try stack.users.setProfileImage(nil, as: stack.session(of: bob))
        #expect(try !stack.media.contains(id))
    }

    /// Deliberate: `media.store` stands alone. Bytes stored directly stay while a post's image
    /// comes and goes; the same bytes used by a post go with its last user, like any image.
    @Test func bytesStoredDirectlyStayWhenAnotherImageGoes() throws {
        let stack = try makeStack()
        let ada = stack.session(of: try signUp(stack, "ada"))
        let stored = try stack.media.store(other, as: ada)
        let post = try stack.posts.compose(.post("look", image: image), as: ada)
        try stack.posts.delete(post.id, as: ada)
        #expect(try stack.media.bytes(stored) == other)
        #expect(try count(stack, "media") == 1)
        let reuse = try stack.posts.compose(.post("again", image: other), as: ada)
        #expect(reuse.image == stored)
        try stack.posts.delete(reuse.id, as: ada)
        #expect(try !stack.media.contains(stored))
    }

    @Test func replacingOrRemovingAnAvatarDeletesTheOldOne() throws {
        let stack = try makeStack()
        let ada = try signUp(stack, "ada")
        let firstID = try #require(try stack.users.setProfileImage(image, as: stack.session(of: ada)).profileImage)
        // Setting the same bytes again keeps them.
        #expect(try stack.users.setProfileImage(image, as: stack.session(of: ada)).profileImage == firstID)
        #expect(try stack.media.contains(firstID))
        let secondID = try #require(try stack.users.setProfileImage(other, as: stack.session(of: ada)).profileImage)
        #expect(try !stack.media.contains(firstID))
        #expect(throws: MediaError.notFound(firstID)) { try stack.media.bytes(firstID) }
        try stack.users.setProfileImage(nil, as: stack.session(of: ada))
        #expect(try !stack.media.contains(secondID))
        #expect(try count(stack, "media") == 0)
    }

    @Test func aSignUpImageIsFreedWhenReplaced() throws {
        let stack = try makeStack()
        let session = try stack.auth.signUp(email: "c@example.com", password: "secret-c-1", username: "cat", fullName: "Cat",
                                            profileImage: image)
        let id = try #require(session.user.profileImage)
        try stack.users.setProfileImage(other, as: session)
        #expect(try !stack.media.contains(id))
        #expect(try count(stack, "media") == 1)
    }

    /// The reference checks are index seeks, not scans of every post and user.
    @Test func theReferenceChecksUseThePartialIndexes() throws {
        let stack = try makeStack()
        let plan = try stack.database.read { db in
            try Row.fetchAll(db, sql: """
                EXPLAIN QUERY PLAN DELETE FROM media WHERE id = ?1
                AND NOT EXISTS (SELECT 1 FROM posts WHERE image_id = ?1)
                AND NOT EXISTS (SELECT 1 FROM users WHERE profile_image_id = ?1)
                """, arguments: ["x"]).map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("USING COVERING INDEX posts_by_image") }, "\(plan)")
        #expect(plan.contains { $0.contains("USING COVERING INDEX users_by_profile_image") }, "\(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(plan)")
    }
}
