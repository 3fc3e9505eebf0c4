import Testing
import MemoryProbes
import NoReflectionFixtures

private final class VisibleScreen {
    var hidden: HiddenHolder?
    var value = HiddenValue()
}

/// Without field records the walk is blind: it must say so, never answer "no cycles".
@Suite struct ReflectionMetadataTests {
    @Test func aCycleThroughATypeWithoutReflectionMetadataIsReportedAsUnknown() {
        let screen = VisibleScreen(), hidden = HiddenHolder()
        screen.hidden = hidden
        hidden.held = screen
        defer { hidden.held = nil }

        let report = RetainCycleDetector().report(from: screen)
        #expect(report.cycles.isEmpty)
        #expect(report.typesWithoutReflectionMetadata == ["HiddenHolder", "HiddenValue"])
        #expect(!report.isComplete)
        #expect(String(describing: report).contains("built without reflection metadata"))

        #expect(throws: RetainCycleDetector.Failure.self) { try RetainCycleDetector().cycles(from: screen) }
    }

    @Test func aTypeWithReflectionMetadataGivesACompleteAnswer() throws {
        let report = RetainCycleDetector().report(from: VisibleOnly())
        #expect(report.isComplete)
        #expect(try RetainCycleDetector().cycles(from: VisibleOnly()).isEmpty)
    }
}

private final class VisibleOnly {
    var name = "feed"
    var children: [VisibleOnly] = []
}
