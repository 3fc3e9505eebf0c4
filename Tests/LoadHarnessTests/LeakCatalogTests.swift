import LoadHarness
import Testing

/// The bundled leak catalog, shortened to two iterations: every strong edge of the
/// reference-policy table leaks through the harness (or, for the link-preview cache, keeps
/// memory), and all-weak leaks nothing. Its own thresholds say so.
@Suite struct LeakCatalogTests {
    @Test func everyStrongEdgeLeaksAndAllWeakDoesNot() throws {
        let path = ScenarioTestSupport.scenariosFolder.appendingPathComponent("leak-catalog.yaml").path
        var scenario = try ScenarioLoader.load(path: path)
        scenario.load = .closed(.init(virtualUsers: 1, iterations: 2, warmup: 1))
        let result = try ScenarioRunner(scenario: scenario).run()
        #expect(result.variants.count == 8)
        for verdict in result.thresholds {
            let observed = verdict.observed.map { String($0) } ?? "not measured"
            #expect(verdict.passed, "\(verdict.threshold.source) [\(verdict.variant)]: \(observed)")
        }
        // The sheet's views stay in the window (alive as long as the app is): held from
        // outside the screen, not by a cycle.
        let sheet = try #require(result.variants.first { $0.variant == "action-sheet" })
        let views = sheet.leaks.filter { $0.type.hasPrefix("View") && $0.leaked > 0 }
        #expect(views.map(\.leaked).reduce(0, +) == 2 * 5, "\(sheet.leaks)")
        #expect(views.allSatisfy { $0.cycle.hasPrefix("no cycle: held from outside the screen") }, "\(views)")
    }
}
