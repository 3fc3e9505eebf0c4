import Foundation
import LoadHarness
import Testing

/// A step's text template is filled the way scenarios have always been written: each
/// placeholder replaced wherever it stands, everything else kept character for character.
@Suite struct TextTemplateTests {
    @Test func fillsEveryPlaceholderWhereverItStands() {
        let template = TextTemplate("hello from vu {vu}, iteration {iteration} #roost {seed}{vu}")
        #expect(template.render(vu: 3, iteration: 41, seed: 5) == "hello from vu 3, iteration 41 #roost 53")
        #expect(TextTemplate("{iteration}").render(vu: 0, iteration: 0, seed: 0) == "0")
        #expect(TextTemplate("no placeholder").render(vu: 1, iteration: 2, seed: 3) == "no placeholder")
        #expect(TextTemplate("").render(vu: 1, iteration: 2, seed: 3) == "")
    }

    @Test func keepsOtherBracesAndTextAsWritten() {
        #expect(TextTemplate("{x} {{vu}} {vu {iteration").render(vu: 7, iteration: 8, seed: 9) == "{x} {7} {vu {iteration")
        #expect(TextTemplate("café {vu} 🐦 {").render(vu: 12, iteration: 0, seed: 0) == "café 12 🐦 {")
        #expect(TextTemplate("{seed}").render(vu: 0, iteration: 0, seed: UInt64.max) == "18446744073709551615")
    }

    /// The same text as Foundation's three `replacingOccurrences` passes gave, on templates
    /// built from placeholders, broken placeholders, braces and non-ASCII text.
    @Test func givesTheTextTheFoundationPassesGave() {
        let pieces = ["{vu}", "{iteration}", "{seed}", "{", "}", "{v", "u}", "{{", "ation}", "é", "🐦", " ", "x"]
        var random = SeededGenerator(seed: 31)
        for _ in 0..<2_000 {
            let template = (0..<Int.random(in: 0...9, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let (vu, iteration, seed) = (Int.random(in: 0...999, using: &random), Int.random(in: 0...99_999, using: &random), UInt64(Int.random(in: 0...99, using: &random)))
            let reference = template.replacingOccurrences(of: "{vu}", with: String(vu))
                .replacingOccurrences(of: "{iteration}", with: String(iteration))
                .replacingOccurrences(of: "{seed}", with: String(seed))
            #expect(TextTemplate(template).render(vu: vu, iteration: iteration, seed: seed) == reference, "\(template)")
        }
    }
}
