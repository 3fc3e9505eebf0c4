import Testing
import LoadHarness

/// Leaks and peak memory are measured per variant: a threshold naming a step on them could
/// never be evaluated, so the loader rejects it (it used to fail at run time as "not measured").
@Suite struct VariantWideThresholdTests {
    @Test func aStepOnAVariantWideMetricIsRejectedWithItsPosition() {
        let problems = ScenarioTestSupport.problems("""
            name: s2
            steps:
              - login
            thresholds:
              - "leaked_objects(login) == 0"
              - "retained_bytes(login) < 1GB"
              - "rss_peak_bytes(login) < 1GB"
            """)
        #expect(problems.map(\.description) == [
            "t.yaml:5:21: 'leaked_objects' is measured per variant, not per step: remove '(login)'",
            "t.yaml:7:21: 'rss_peak_bytes' is measured per variant, not per step: remove '(login)'",
        ])
    }
}
