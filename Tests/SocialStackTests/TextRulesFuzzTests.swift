import Foundation
import Testing
@testable import SocialStack

/// A seeded generator (SplitMix64): every run replays the same inputs.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The text rules over seeded random input: ASCII, any scalar of any plane, white space,
/// NULs, emoji sequences and huge runs of combining marks. Every accepted value is within
/// both limits and comes back from the database byte for byte; every refused one is refused
/// with a typed error whose message is short.
@Suite struct TextRulesFuzzTests {
    /// One random piece of text: a few runs, each of one kind.
    private static func text(_ random: inout SeededRandom) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            switch Int.random(in: 0..<8, using: &random) {
            case 0: text += String(repeating: "word ", count: Int.random(in: 0...80, using: &random))
            case 1: // any scalar, surrogates skipped
                for _ in 0..<Int.random(in: 0...60, using: &random) {
                    let value = UInt32.random(in: 1...0x10FFFF, using: &random)
                    if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
                }
            case 2: text += String(repeating: "\u{0301}", count: Int.random(in: 0...(Bool.random(using: &random) ? 50 : 200_000), using: &random))
            case 3: text += "\0"
            case 4: text += String(repeating: "👨‍👩‍👧", count: Int.random(in: 0...300, using: &random))
            case 5: text += [" ", "\n", "\t", "\u{200B}", "\u{3000}"].randomElement(using: &random)!
            case 6: text += String(repeating: "é", count: Int.random(in: 0...1_200, using: &random))
            default: text += String(repeating: "\u{1F1EB}\u{1F1F7}", count: Int.random(in: 0...600, using: &random))
            }
        }
        return text
    }

    private struct Field {
        let name: String
        let limit: Int
        let byteLimit: Int
        /// Stores the text and returns it as read back, or throws the service's error.
        let roundTrip: (String) throws -> String
    }

    @Test func acceptedTextRoundTripsAndRefusedTextHasAShortTypedError() throws {
        let stack = try makeStack()
        let ada = try signUp(stack, "ada")
        let anchor = try stack.posts.compose(.post("anchor"), as: stack.session(of: ada))
        let fields = [
            Field(name: "post", limit: TextLimits.post, byteLimit: TextLimits.postBytes) {
                let id = try stack.posts.compose(.post($0), as: stack.session(of: ada)).id
                return try stack.posts.post(id).text
            },
            Field(name: "edit", limit: TextLimits.post, byteLimit: TextLimits.postBytes) {
                try stack.posts.edit(anchor.id, text: $0, as: stack.session(of: ada))
                return try stack.posts.post(anchor.id).text
            },
            Field(name: "comment", limit: TextLimits.comment, byteLimit: TextLimits.commentBytes) {
                let id = try stack.comments.comment(on: anchor.id, text: $0, as: stack.session(of: ada)).id
                return try #require(try stack.comments.comments(on: anchor.id, limit: 100).items.first { $0.id == id }).text
            },
            Field(name: "bio", limit: TextLimits.bio, byteLimit: TextLimits.bioBytes) {
                try stack.users.updateProfile(as: stack.session(of: ada), bio: $0)
                return try stack.users.user(ada).bio
            },
            Field(name: "full name", limit: TextLimits.fullName, byteLimit: TextLimits.fullNameBytes) {
                try stack.users.updateProfile(as: stack.session(of: ada), fullName: $0)
                return try stack.users.user(ada).fullName
            },
        ]
        var random = SeededRandom(seed: 20)
        var accepted = 0, refused = 0
        for round in 0..<400 {
            let field = fields[round % fields.count]
            let input = Self.text(&random)
            let (expected, problem) = TextRules.trimmed(input, limit: field.limit, byteLimit: field.byteLimit)
            do {
                let stored = try field.roundTrip(input)
                accepted += 1
                // An empty bio clears the bio: the one empty value a field accepts.
                #expect(problem == nil || (field.name == "bio" && problem == .empty), "\(field.name) accepted \(problem.map { "\($0)" } ?? "")")
                #expect(Array(stored.utf8) == Array(expected.utf8), "\(field.name): round \(round) came back changed")
                #expect(stored.utf8.count <= field.byteLimit && stored.count <= field.limit)
                #expect(!stored.utf8.contains(0))
            } catch let error as DescribedError {
                refused += 1
                #expect(problem != nil, "\(field.name) refused valid text: \(error)")
                #expect("\(error)".count < 200, "\(field.name): \("\(error)".prefix(300))")
                switch error {
                case let error as PostError: #expect(error == .invalidText(problem!))
                case let error as CommentError: #expect(error == .invalidText(problem!))
                case let error as UserError: #expect(error == .invalidBio(problem!) || error == .invalidFullName(problem!))
                default: Issue.record("\(field.name): untyped error \(error)")
                }
            }
        }
        // Both outcomes are exercised, or the test proves nothing.
        #expect(accepted > 50 && refused > 50, "accepted \(accepted), refused \(refused)")
    }

    @Test func quotedValuesAreShortAndEscaped() {
        var random = SeededRandom(seed: 21)
        for _ in 0..<200 {
            let value = Self.text(&random)
            let quoted = TextRules.quoted(value)
            // Each quoted scalar is at most `\u{10FFFF}` (10 characters) once escaped.
            #expect(quoted.unicodeScalars.count <= 10 * TextLimits.quotedPrefix + 40)
            #expect(!quoted.utf8.contains(0))
        }
        #expect(TextRules.quoted("ada") == "ada")
        #expect(TextRules.quoted("a\0b") == "a\\0b")
        #expect(TextRules.quoted(String(repeating: "z", count: 40)) == String(repeating: "z", count: 32) + "… (40 bytes in all)")
    }
}
