import Foundation
import LoadHarness
import Testing

/// `Scenarios/roost.schema.json` must describe exactly what the loader accepts.
@Suite struct ScenarioSchemaTests {
    private let schema: [String: Any]

    init() throws {
        let url = ScenarioTestSupport.scenariosFolder.appendingPathComponent("roost.schema.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        schema = try #require(object as? [String: Any])
    }

    /// The object at a path of keys (a string) and indices (an int).
    private func node(_ path: Any...) -> Any? {
        var current: Any? = schema
        for step in path {
            switch (current, step) {
            case let (dictionary as [String: Any], key as String): current = dictionary[key]
            case let (array as [Any], index as Int): current = index < array.count ? array[index] : nil
            default: return nil
            }
        }
        return current
    }

    private func keys(_ path: Any...) -> Set<String> {
        var current: Any? = schema
        for step in path {
            switch (current, step) {
            case let (dictionary as [String: Any], key as String): current = dictionary[key]
            case let (array as [Any], index as Int): current = index < array.count ? array[index] : nil
            default: current = nil
            }
        }
        return Set((current as? [String: Any])?.keys.map { $0 } ?? [])
    }

    private func strings(_ value: Any?) -> [String] { value as? [String] ?? [] }

    @Test func isDraft202012() {
        #expect(node("$schema") as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(node("additionalProperties") as? Bool == false)
    }

    @Test func keysMatchTheLoader() {
        #expect(keys("properties") == Set(ScenarioFormat.topLevelKeys))
        #expect(Set(strings(node("required"))) == Set(ScenarioFormat.requiredTopLevelKeys))
        #expect(keys("$defs", "stack", "properties") == Set(ScenarioFormat.stackKeys))
        #expect(keys("properties", "dataset", "properties") == Set(ScenarioFormat.datasetKeys))
        #expect(keys("properties", "variants", "items", "properties") == Set(ScenarioFormat.variantKeys))
        #expect(keys("properties", "load", "oneOf", 0, "properties") == Set(ScenarioFormat.closedLoadKeys))
        #expect(keys("properties", "load", "oneOf", 1, "properties") == Set(ScenarioFormat.openLoadKeys))
        #expect(Set(strings(node("properties", "load", "oneOf", 1, "required"))) == Set(ScenarioFormat.openLoadKeys))
        #expect(keys("properties", "populations", "items", "properties") == Set(ScenarioFormat.populationKeys))
        #expect(node("properties", "populations", "items", "properties", "load", "$ref") as? String == "#/properties/load")
    }

    @Test func enumsMatchTheLoader() {
        let stack = "stack"
        #expect(strings(node("$defs", stack, "properties", "feed", "enum")) == ScenarioFormat.feeds)
        #expect(strings(node("$defs", stack, "properties", "storage", "enum")) == ScenarioFormat.storages)
        #expect(strings(node("$defs", stack, "properties", "password_cost", "enum")) == ScenarioFormat.passwordCosts)
        #expect(strings(node("$defs", "strength", "enum")) == ScenarioFormat.strengths)
        #expect(strings(node("$defs", "edge", "enum")) == ScenarioFormat.edges)
        #expect(keys("properties", "variants", "items", "properties", "overrides", "properties") == Set(ScenarioFormat.edges))
        #expect(strings(node("$defs", "metric", "anyOf", 1, "enum")) == ScenarioFormat.namedMetrics)
        #expect(node("$defs", "metric", "anyOf", 0, "pattern") as? String == "^p[0-9]+(\\.[0-9]+)?$")
        #expect(strings(node("$defs", "userTarget", "anyOf", 0, "enum")) == ScenarioFormat.targets)
        #expect(strings(node("$defs", "postTarget", "anyOf", 0, "enum")) == ScenarioFormat.targets)
    }

    @Test func patternsMatchTheLoader() throws {
        let threshold = try #require(node("$defs", "threshold", "pattern") as? String)
        let metricGroup = "^\\s*(p[0-9]+(\\.[0-9]+)?|" + ScenarioFormat.namedMetrics.joined(separator: "|") + ")"
        #expect(threshold.hasPrefix(metricGroup))
        #expect(node("$defs", "duration", "pattern") as? String
            == "^[0-9]+(\\.[0-9]+)?(" + ScenarioFormat.durationUnits.joined(separator: "|") + ")$")
        #expect(node("properties", "load", "oneOf", 1, "properties", "arrival_rate", "pattern") as? String
            == "^[0-9]+(\\.[0-9]+)?/(" + ScenarioFormat.rateUnits.joined(separator: "|") + ")$")
        #expect(node("$defs", "name", "pattern") as? String == "^[a-z0-9-]+$")

        let thresholdRegex = try NSRegularExpression(pattern: threshold)
        for text in ["p99(open_profile) < 20ms", "leaked_objects{variant:weak} == 0", "error_rate < 5%", "bytes_per_op < 2MB",
                     "p95(open_feed) < 50ms", "p99.9 < 1s", "allocs_p50(login) == 12", "bytes_p50 < 1MB"] {
            #expect(Self.matches(thresholdRegex, text), "\(text)")
            #expect(throws: Never.self) { try Threshold(parsing: text) }
        }
        for text in ["latency < 3ms", "p99 = 3ms", "p99(open_profile < 3ms", "p99. < 3ms"] {
            #expect(!Self.matches(thresholdRegex, text), "\(text)")
        }
        let textRegex = try NSRegularExpression(pattern: try #require(node("$defs", "text", "pattern") as? String))
        #expect(Self.matches(textRegex, "post {vu}-{iteration} {seed} {"))
        #expect(!Self.matches(textRegex, "hi {user}"))
    }

    @Test func stepNamesMatchTheLoader() {
        let stepMap = ("$defs", "stepWithArguments", "properties")
        #expect(keys(stepMap.0, stepMap.1, stepMap.2) == Set(Step.names))
        #expect(StepCatalog.all.map(\.name) == Step.names)
        #expect(strings(node("$defs", "step", "anyOf", 0, "enum")) == StepCatalog.all.filter(\.canBeBare).map(\.name))
    }

    @Test func stepArgumentsMatchTheLoader() {
        for syntax in StepCatalog.all {
            let step = node("$defs", "stepWithArguments", "properties", syntax.name) as? [String: Any] ?? [:]
            let written: [String: Any]
            switch syntax.form {
            case .plain, .block: written = step["properties"] as? [String: Any] ?? [:]
            case .branches: written = (step["items"] as? [String: Any])?["properties"] as? [String: Any] ?? [:]
            case .duration:
                written = [:]
                #expect(step["$ref"] as? String == "#/$defs/duration")
            }
            #expect(Set(written.keys) == Set(syntax.argumentNames), "\(syntax.name)")
            for argument in syntax.arguments {
                let property = written[argument.name] as? [String: Any] ?? [:]
                #expect(property["default"].map { "\($0)" } == argument.defaultValue, "\(syntax.name).\(argument.name) default")
                if case let .integer(minimum) = argument.kind {
                    #expect(property["minimum"] as? Int == minimum, "\(syntax.name).\(argument.name) minimum")
                }
            }
            let required = Set(syntax.arguments.filter { $0.defaultValue == nil }.map(\.name))
            let schemaRequired: Any? = syntax.form == .branches ? (step["items"] as? [String: Any])?["required"] : step["required"]
            #expect(Set(strings(schemaRequired)) == required, "\(syntax.name) required")
        }
    }

    private static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
