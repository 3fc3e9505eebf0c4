import Testing
@testable import SocialStack

@Suite struct MediaTests {
    @Test func identicalBytesAreStoredOnce() throws {
        let stack = try makeStack()
        let uploader = stack.session(of: try signUp(stack, "uploader"))
        let bytes: [UInt8] = png(Array("not really a png".utf8))
        let first = try stack.media.store(bytes, as: uploader)
        let second = try stack.media.store(bytes, as: uploader)
        #expect(first == second)
        #expect(first == MediaService.id(of: bytes))
        #expect(first.rawValue.count == 64)
        #expect(try count(stack, "media") == 1)
        #expect(try stack.media.bytes(first) == bytes)
    }

    @Test func rejectsEmptyAndOversizedImages() throws {
        var configuration = SocialStack.Configuration(passwordCost: .low)
        configuration.mediaSizeLimit = 1024
        let stack = try SocialStack(configuration)
        let uploader = stack.session(of: try signUp(stack, "uploader"))
        #expect(throws: MediaError.empty) { try stack.media.store([], as: uploader) }
        #expect(throws: MediaError.tooLarge(bytes: 1025, limit: 1024)) { try stack.media.store([UInt8](repeating: 7, count: 1025), as: uploader) }
        #expect(try stack.media.store(png(count: 1024), as: uploader).rawValue.count == 64)
        #expect(try count(stack, "media") == 1)
    }

    @Test func unknownIDIsNotFound() throws {
        let stack = try makeStack()
        let missing = MediaID(rawValue: String(repeating: "0", count: 64))
        #expect(throws: MediaError.notFound(missing)) { try stack.media.bytes(missing) }
        #expect(try stack.media.contains(missing) == false)
    }
}
