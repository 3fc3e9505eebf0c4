import Foundation
import Testing
@testable import SocialStack

/// `TextRules.trimmed` skips Foundation's trimming when a text's ends are not white space:
/// it must still trim exactly what `.whitespacesAndNewlines` trims.
@Suite struct TextRulesTrimTests {
    /// Every scalar of the Basic Multilingual Plane below the surrogates, plus the ones
    /// above it that Unicode counts as white space or nearly.
    private static let scalars: [Unicode.Scalar] = (UInt32(0)..<0xD800).compactMap(Unicode.Scalar.init)
        + [0xFEFF, 0xFFFC, 0x1D159, 0xE0020].compactMap(Unicode.Scalar.init)

    @Test func trimsWhatFoundationTrimsAtEitherEnd() {
        for scalar in Self.scalars where scalar != "\0" {
            for text in ["\(scalar)post", "post\(scalar)", "\(scalar)"] {
                let expected = text.trimmingCharacters(in: .whitespacesAndNewlines)
                let (trimmed, problem) = TextRules.trimmed(text, limit: TextLimits.post, byteLimit: TextLimits.postBytes)
                #expect(trimmed == expected, "U+\(String(scalar.value, radix: 16))")
                #expect((problem == .empty) == expected.isEmpty, "U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    @Test func countsCharactersAgainstTheLimit() {
        // 280 four-byte characters fit; 281 do not, though both are far over 280 bytes.
        #expect(TextRules.trimmed(String(repeating: "😀", count: 280), limit: 280, byteLimit: TextLimits.postBytes).problem == nil)
        #expect(TextRules.trimmed(String(repeating: "😀", count: 281), limit: 280, byteLimit: TextLimits.postBytes).problem == .tooLong(count: 281, limit: 280))
        #expect(TextRules.trimmed(String(repeating: "a", count: 281), limit: 280, byteLimit: TextLimits.postBytes).problem == .tooLong(count: 281, limit: 280))
        #expect(TextRules.trimmed("  \u{200B}a b\n", limit: 280, byteLimit: TextLimits.postBytes).text == "a b")
    }
}
