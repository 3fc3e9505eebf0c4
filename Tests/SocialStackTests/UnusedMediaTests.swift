import Foundation
import Testing
import SocialStack

/// Written as an outsider calls the public API: stored bytes no post or profile uses do not
/// stay forever. Bytes a post or an avatar used go in the same transaction as their last use
/// (`MediaLifetimeTests`); bytes stored with `media.store` that nothing comes to use go at the
/// server's maintenance once older than `unusedMediaLifetime`.
@Suite struct UnusedMediaTests {
    @Test func bytesNothingUsesGoAtTheFirstPurgeAfterTheirLifetime() throws {
        let clock = TestClock()
        var configuration = SocialStack.Configuration(passwordCost: .low)
        configuration.clock = { clock.now }
        let administration = try StackAdministration(opening: configuration)
        let stack = administration.stack
        let ada = try stack.auth.signUp(email: "ada@example.com", password: "secret-ada-1", username: "ada", fullName: "Ada")
        let unused = try stack.media.store(png([1]), as: ada)
        let usedByAPost = try stack.media.store(png([2]), as: ada)
        _ = try stack.posts.compose(.post("with a picture", image: png([2])), as: ada)
        let usedByAnAvatar = try stack.media.store(png([3]), as: ada)
        _ = try stack.users.setProfileImage(png([3]), as: ada)
        clock.advance(by: stack.configuration.unusedMediaLifetime - 1)
        let young = try stack.media.store(png([4]), as: ada)
        #expect(try administration.purgeExpired().unusedImages == 0, "nothing is old enough yet")
        clock.advance(by: 1)
        #expect(try administration.purgeExpired().unusedImages == 1)
        #expect(throws: MediaError.notFound(unused)) { try stack.media.bytes(unused) }
        #expect(try stack.media.bytes(usedByAPost) == png([2]))
        #expect(try stack.media.bytes(usedByAnAvatar) == png([3]))
        #expect(try stack.media.bytes(young) == png([4]))
        clock.advance(by: stack.configuration.unusedMediaLifetime)
        #expect(try administration.purgeExpired().unusedImages == 1)
        #expect(try !stack.media.contains(young))
    }
}
