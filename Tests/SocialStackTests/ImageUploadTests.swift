import Foundation
import Testing
import SocialStack

/// Written as an outsider calls the public API: media is stored only when its bytes begin as
/// an image the apps upload (PNG, JPEG, GIF, WebP, HEIC); anything else is refused with a
/// typed error that quotes its first bytes, on every path that takes image bytes, and nothing
/// is stored.
@Suite struct ImageUploadTests {
    static let html = Array("<!DOCTYPE html><script>alert(1)</script>".utf8)

    /// One file's first bytes per format, as cameras and encoders write them, then filler.
    static let images: [(ImageFormat, [UInt8])] = [
        (.png, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)),
        (.jpeg, [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8)),
        (.gif, Array("GIF89a".utf8) + [1, 0, 1, 0]),
        (.gif, Array("GIF87a".utf8) + [1, 0, 1, 0]),
        (.webp, Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8)),
        (.heic, [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)),
        (.heic, [0, 0, 0, 0x18] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)),
    ]

    /// Near misses: a signature cut short or bent, another container's brand.
    static let notImages: [[UInt8]] = [
        html, Array("%PDF-1.7".utf8), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A],  // PNG's signature less a byte
        [0xFF, 0xD8], Array("GIF90a".utf8), Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVEfmt ".utf8),
        [0, 0, 0, 0x18] + Array("ftypavif".utf8), [0, 0, 0, 0x18] + Array("ftypisom".utf8), [0],
    ]

    private func stackWithAda() throws -> (SocialStack, Session) {
        let stack = try SocialStack(.init(passwordCost: .low))
        let ada = try stack.auth.signUp(email: "ada@example.com", password: "secret-ada-1", username: "ada", fullName: "Ada")
        return (stack, ada)
    }

    @Test func eachFormatTheAppsUploadIsStored() throws {
        let (stack, ada) = try stackWithAda()
        for (format, bytes) in Self.images {
            #expect(ImageFormat(of: bytes) == format)
            let id = try stack.media.store(bytes, as: ada)
            #expect(try stack.media.bytes(id) == bytes, "\(format)")
        }
    }

    @Test func anythingElseIsRefusedAndNothingStored() throws {
        let (stack, ada) = try stackWithAda()
        for bytes in Self.notImages {
            #expect(ImageFormat(of: bytes) == nil)
            #expect(throws: MediaError.notAnImage(leadingBytes: Array(bytes.prefix(12)))) { try stack.media.store(bytes, as: ada) }
            #expect(try !stack.media.contains(MediaService.id(of: bytes)))
        }
    }

    @Test func theRefusalNamesTheProblemAndQuotesTheFirstBytes() {
        let error = MediaError.notAnImage(leadingBytes: Array(Self.html.prefix(12)))
        #expect(error.description == "the bytes are not an image (expected PNG, JPEG, GIF, WebP or HEIC, told by their first bytes); "
            + "they begin 3c 21 44 4f 43 54 59 50 45 20 68 74 (\"<!DOCTYPE ht\")")
        #expect(MediaError.notAnImage(leadingBytes: [0, 1]).description.hasSuffix("they begin 00 01"))
    }

    /// Posts, avatars, sign-ups and the dataset path all go through the same check.
    @Test func everyPathThatTakesAnImageRefusesOtherBytes() throws {
        let (stack, ada) = try stackWithAda()
        let refusal = MediaError.notAnImage(leadingBytes: Array(Self.html.prefix(12)))
        #expect(throws: PostError.imageRejected(refusal)) { try stack.posts.compose(.post("look", image: Self.html), as: ada) }
        #expect(try stack.posts.posts(by: ada.user.id).items.isEmpty)
        #expect(throws: UserError.imageRejected(refusal)) { try stack.users.setProfileImage(Self.html, as: ada) }
        #expect(try stack.users.user(ada.user.id).profileImage == nil)
        #expect(throws: AuthError.imageRejected(refusal)) {
            try stack.auth.signUp(email: "bob@example.com", password: "secret-bob-1", username: "bob", fullName: "Bob", profileImage: Self.html)
        }
        #expect(throws: UserError.usernameNotFound("bob")) { try stack.users.user(named: "bob") }

        let administration = try StackAdministration(opening: .init(passwordCost: .low))
        #expect(throws: AuthError.imageRejected(refusal)) {
            try administration.bulkLoad { load in
                try load.signUp(email: "cyd@example.com", password: "secret-cyd-1", username: "cyd", fullName: "Cyd", profileImage: Self.html)
            }
        }
        #expect(throws: PostError.imageRejected(refusal)) {
            try administration.bulkLoad { load in
                let cyd = try load.signUp(email: "cyd@example.com", password: "secret-cyd-1", username: "cyd", fullName: "Cyd")
                try load.compose("look", image: Self.html, by: cyd)
            }
        }
        #expect(try administration.contents().users.isEmpty)
        #expect(try !stack.media.contains(MediaService.id(of: Self.html)))
    }
}
