import Foundation
@testable import LoadHarness
import MemoryProbes
import Testing

/// The names a population's measured steps are recorded under (design section 20), made once
/// per population and step before its users play: each nested step's name after its prefix,
/// and looking one up on a user's thread joins nothing (no allocation).
@Suite struct RecordedStepNamesTests {
    private static let yaml = """
        name: recorded-names
        stack: { storage: memory }
        dataset: { users: 4, posts_per_user: 1, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
        populations:
          - name: notification-watchers
            load: { virtual_users: 1, iterations: 1 }
            setup: [login]
            steps:
              - open_feed
              - choose:
                  - { weight: 1, steps: [ { repeat: { times: 2, steps: [ open_notifications, close_notifications ] } } ] }
                  - { weight: 1, steps: [ { think: 1ms }, { open_profile: { user: random } } ] }
              - close_feed
        """

    private static func population() throws -> Population {
        try #require(try ScenarioLoader.parse(yaml: yaml, path: "recorded-names.yaml").populations.first)
    }

    @Test func everyMeasuredStepIsNamedAfterItsPopulationNestedOnesToo() throws {
        let population = try Self.population()
        let prefix = PopulationStepName.prefix(of: population.name)
        let names = RecordedStepNames(prefix: prefix, steps: population.steps)
        let types = ScenarioSteps.measuredTypes(in: population.steps)
        #expect(types.map { $0.name } == ["open_feed", "open_notifications", "close_notifications", "open_profile", "close_feed"])
        #expect(types.map { names.name(of: $0) } == ScenarioSteps.measuredNames(in: population.steps).map { prefix + $0 })
        #expect(names.name(of: types[1]) == "notification-watchers.open_notifications")
        let setup = RecordedStepNames(prefix: prefix + ScenarioSteps.setupPrefix, steps: population.setup)
        #expect(ScenarioSteps.measuredTypes(in: population.setup).map { setup.name(of: $0) } == ["notification-watchers.setup.login"])
        // The unnamed population's steps keep their own names.
        #expect(types.map { RecordedStepNames.own.name(of: $0) } == types.map { $0.name })
    }

    @Test func lookingANameUpAllocatesNothing() throws {
        let population = try Self.population()
        let names = RecordedStepNames(prefix: PopulationStepName.prefix(of: population.name), steps: population.steps)
        let types = ScenarioSteps.measuredTypes(in: population.steps)
        // Past 15 UTF-8 bytes a String is allocated: joining one name per lookup would count here.
        var lengths = 0
        for type in types {
            let joined = AllocationCounters.measure { lengths &+= (names.prefix + type.name).utf8.count }
            #expect(joined.allocations > 0, "\(type.name): a joined name is allocated")
            let measured = AllocationCounters.measure { for _ in 0..<100 { lengths &+= names.name(of: type).utf8.count } }
            #expect(measured.allocations == 0, "\(type.name): \(measured.allocations) allocations in 100 lookups")
        }
        #expect(lengths > 0)
    }
}
