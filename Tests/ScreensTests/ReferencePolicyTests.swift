import Testing
import Screens

@Suite struct ReferencePolicyTests {
    @Test func basesApplyToEveryEdge() {
        for edge in ReferenceEdge.allCases {
            #expect(ReferencePolicy.allWeak.strength(of: edge) == .weak)
            #expect(ReferencePolicy.allStrong.isStrong(edge))
        }
    }

    @Test func anOverrideChangesOnlyItsEdge() {
        let mixed = ReferencePolicy.allWeak.with(.profileHeaderDelegate, .strong)
        for edge in ReferenceEdge.allCases {
            #expect(mixed.isStrong(edge) == (edge == .profileHeaderDelegate))
        }
        #expect(mixed.description == "allWeak + profileHeaderDelegate=strong")
        #expect(mixed.with(.profileHeaderDelegate, .weak) == .allWeak)
    }
}
