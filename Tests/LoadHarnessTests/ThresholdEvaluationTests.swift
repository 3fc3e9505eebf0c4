import Foundation
@testable import LoadHarness
import Testing

/// Thresholds judged against a real (small) run: the shared `WrittenRun.get()` (two variants,
/// three iterations; each iteration opens one real profile and one that does not exist).
@Suite struct ThresholdEvaluationTests {
    private func verdicts(_ result: RunResult, _ source: String) -> [ThresholdVerdict] {
        result.thresholds.filter { $0.threshold.source == source }
    }

    @Test func eachThresholdIsJudgedPerVariantItNamesInOrder() async throws {
        let result = try await WrittenRun.get().result
        #expect(result.variants.map(\.variant) == ["weak", "strong"])
        #expect(result.thresholds.map { "\($0.threshold.source) [\($0.variant)]" } == [
            "leaked_objects{variant:weak} == 0 [weak]",
            "p99(login) < 60s [weak]", "p99(login) < 60s [strong]",
            "errors(open_profile) == 3 [weak]", "errors(open_profile) == 3 [strong]",
            "leaked_objects{variant:strong} == 0 [strong]",
            "errors(open_profile) == 0 [weak]", "errors(open_profile) == 0 [strong]",
            "error_rate(open_profile) == 50% [weak]", "error_rate(open_profile) == 50% [strong]",
            "allocs_per_op(login){variant:strong} > 0 [strong]",
            "retained_bytes(open_profile) < 1GB [weak]", "retained_bytes(open_profile) < 1GB [strong]",
            "errors <= 3 [weak]", "errors <= 3 [strong]",
            "p99(close_post) < 1s [weak]", "p99(close_post) < 1s [strong]",
            "mean(open_feed){variant:weak} < 1s [weak]",
        ])
    }

    @Test func passingThresholdsPassWithTheRunsFigures() async throws {
        let result = try await WrittenRun.get().result
        for verdict in verdicts(result, "p99(login) < 60s") {
            let login = try #require(result.variants.first { $0.variant == verdict.variant }?.steps.first { $0.step == "login" })
            #expect(verdict.passed)
            #expect(verdict.observed == login.percentileMicroseconds(99))
            #expect((verdict.observed ?? 0) > 0)
        }
        #expect(verdicts(result, "errors(open_profile) == 3").map(\.observed) == [3, 3])
        // Two open_profile per iteration, one of which always fails: exactly half.
        #expect(verdicts(result, "error_rate(open_profile) == 50%").map(\.observed) == [0.5, 0.5])
        #expect(verdicts(result, "error_rate(open_profile) == 50%").allSatisfy { $0.passed })
        let weakLeaks = verdicts(result, "leaked_objects{variant:weak} == 0")
        #expect(weakLeaks.map(\.passed) == [true] && weakLeaks.first?.observed == 0)
        let allocs = verdicts(result, "allocs_per_op(login){variant:strong} > 0")
        #expect(allocs.count == 1 && allocs.first?.passed == true)
        // Over all steps of a variant: the three failed open_profile.
        #expect(verdicts(result, "errors <= 3").map(\.observed) == [3, 3])
        #expect(verdicts(result, "errors <= 3").allSatisfy { $0.passed })
        // Retained bytes per step (the loader accepts a step here, so the run must measure it).
        let retained = verdicts(result, "retained_bytes(open_profile) < 1GB")
        #expect(retained.count == 2)
        #expect(retained.allSatisfy { $0.observed != nil && $0.passed }, "\(retained)")
        let weak = try #require(result.variants.first)
        #expect(retained.first?.observed == Double(try #require(weak.steps.first { $0.step == "open_profile" }).netBytes))
    }

    @Test func failingThresholdsFailWithWhatWasObserved() async throws {
        let result = try await WrittenRun.get().result
        let errors = verdicts(result, "errors(open_profile) == 0")
        #expect(errors.map(\.observed) == [3, 3])
        #expect(errors.allSatisfy { !$0.passed })
        let strongLeaks = verdicts(result, "leaked_objects{variant:strong} == 0")
        #expect(strongLeaks.count == 1 && strongLeaks.first?.passed == false)
        let strong = try #require(result.variants.first { $0.variant == "strong" })
        #expect(strongLeaks.first?.observed == Double(strong.leakedObjects))
        #expect(strong.leakedObjects > 0)
        // Some thresholds fail, so the run does.
        #expect(!result.passed)
    }

    /// Every observed value is printed in its metric's unit, never as a bare number.
    @Test func observedValuesArePrintedWithTheirUnits() async throws {
        let result = try await WrittenRun.get().result
        let lines = RunSummary.render(result, folder: nil, format: .text).split(separator: "\n").map(String.init)
        func observed(_ source: String) -> [String] {
            lines.filter { $0.contains("  \(source)  [") }.map { line in
                String(line[line.range(of: ": ", options: .backwards)!.upperBound...].dropLast())
            }
        }
        let latency = try #require(observed("p99(login) < 60s").first)
        #expect(latency.hasSuffix("us") || latency.hasSuffix("ms") || latency.hasSuffix("s"), "\(latency)")
        #expect(Double(latency.trimmingCharacters(in: CharacterSet.letters)) != nil, "\(latency)")
        #expect(observed("error_rate(open_profile) == 50%") == ["50%", "50%"])
        #expect(observed("retained_bytes(open_profile) < 1GB").allSatisfy { $0.hasSuffix("B") }, "\(lines)")
        #expect(observed("errors(open_profile) == 3") == ["3", "3"], "counts have no unit")
        // The formatting itself, at each scale.
        #expect(RunSummary.observed(.time, 200.513) == "200.5us")
        #expect(RunSummary.observed(.time, 2_283.4) == "2.28ms")
        #expect(RunSummary.observed(.time, 61_500_000) == "61.5s")
        #expect(RunSummary.observed(.fraction, 0.125) == "12.5%")
    }

    @Test func aThresholdOnAStepThatDidNotRunFails() async throws {
        let result = try await WrittenRun.get().result
        let closePost = verdicts(result, "p99(close_post) < 1s")
        #expect(closePost.map(\.variant) == ["weak", "strong"])
        #expect(closePost.allSatisfy { $0.observed == nil && !$0.passed })
        let feed = verdicts(result, "mean(open_feed){variant:weak} < 1s")
        #expect(feed.count == 1 && feed.first?.observed == nil && feed.first?.passed == false)
    }

    @Test func aRunWhoseThresholdsAllPassPasses() async throws {
        let result = try await InProcessRun.run(ScenarioLoader.parse(yaml: """
            name: passing
            stack: { storage: memory }
            dataset: { users: 3, posts_per_user: 1, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
            load: { virtual_users: 1, iterations: 2 }
            steps:
              - login
              - open_profile: { user: random }
              - close_profile
            thresholds:
              - "leaked_objects == 0"
              - "errors == 0"
              - "p99(open_profile) < 60s"
              - "ops_per_s(login) > 0"
            """, path: "passing.yaml"))
        #expect(result.thresholds.count == 4)
        #expect(result.thresholds.allSatisfy { $0.passed && $0.observed != nil && $0.variant == "weak" })
        #expect(result.passed)
    }

    @Test func metricTableLooksUpPerStepAndVariantWideValues() async throws {
        let result = try await WrittenRun.get().result
        let table = result.metrics
        let weak = try #require(result.variants.first)
        let login = try #require(weak.steps.first)
        #expect(table.value(.allocsPerOp, step: "login", variant: "weak") == login.allocationsPerOperation)
        #expect(table.value(.errors, step: "open_profile", variant: "strong") == 3)
        #expect(table.value(.leakedObjects, step: nil, variant: "weak") == 0)
        #expect(table.value(.p99, step: "close_post", variant: "weak") == nil)
        #expect(table.value(.p99, step: "login", variant: "nobody") == nil)
        #expect(table.value(.retainedBytes, step: nil, variant: "weak") == Double(weak.retainedBytes))
        // The variant-wide retained bytes are the steps' sum.
        let perStep = weak.steps.compactMap { table.value(.retainedBytes, step: $0.step, variant: "weak") }
        #expect(perStep.count == weak.steps.count)
        #expect(perStep.reduce(0, +) == Double(weak.retainedBytes))
    }
}
