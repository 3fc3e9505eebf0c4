import LoadHarness
import Testing

/// A threshold on a variant that did not run is neither passed nor failed: the summary says
/// it was skipped. A run in which no variant ran has shown nothing, so it has not passed.
@Suite struct UnjudgedThresholdTests {
    private let yaml = """
        name: partial
        dataset: { users: 4, posts_per_user: 1, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
        variants:
          - { name: weak, references: weak }
          - { name: strong, references: strong }
        steps: [login]
        thresholds:
          - "errors{variant:strong} == 0"
          - "errors{variant:weak} == 0"
          - "errors == 0"
        """

    @Test func aThresholdOnAVariantLeftOutIsReportedAsSkipped() throws {
        var runner = ScenarioRunner(scenario: try ScenarioLoader.parse(yaml: yaml, path: "partial.yaml"))
        runner.variants = ["weak"]
        let result = try runner.run()
        #expect(result.variants.map(\.variant) == ["weak"])
        #expect(result.unjudged.map(\.source) == ["errors{variant:strong} == 0"])
        #expect(result.thresholds.map { "\($0.threshold.source) [\($0.variant)]" }
            == ["errors{variant:weak} == 0 [weak]", "errors == 0 [weak]"])
        #expect(result.passed)
        let summary = RunSummary.render(result, folder: nil, format: .text)
        #expect(summary.contains("  skip  errors{variant:strong} == 0  [variant strong did not run]"), "\(summary)")
    }

    @Test func aRunStoppedBeforeAnyVariantHasNotPassed() throws {
        let runner = ScenarioRunner(scenario: try ScenarioLoader.parse(yaml: yaml, path: "partial.yaml"))
        runner.stop.set()
        let result = try runner.run()
        #expect(result.variants.isEmpty)
        #expect(result.wasInterrupted)
        #expect(!result.passed)
        #expect(result.unjudged.count == 2)
    }
}
