import ArgumentParser
import Foundation
import LoadHarness

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the bundled scenarios and every step with its arguments.",
        discussion: """
            Scenarios come from `Scenarios/` in the current directory or the nearest parent that \
            has one, else next to the roost executable's package (or from --scenarios DIR).
            """
    )

    @Option(name: .customLong("scenarios"), help: "The folder of scenario files (default: the nearest Scenarios/).")
    var directory: String?

    func run() throws {
        printScenarios()
        print("")
        printSteps()
    }

    private func printScenarios() {
        guard let folder = directory ?? Self.bundledFolder() else {
            print("Scenarios: no Scenarios/ folder here or in a parent folder (pass --scenarios DIR)")
            return
        }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
            .sorted()
        print("Scenarios (\(folder)):")
        if files.isEmpty { print("  none") }
        var rows: [(String, String)] = []
        for file in files {
            let path = (folder as NSString).appendingPathComponent(file)
            do {
                let scenario = try ScenarioLoader.load(path: path)
                let profile = scenario.allocationProfile == .sampled ? "" : " [allocation_profile: \(scenario.allocationProfile.rawValue)]"
                rows.append((scenario.name, scenario.description + profile))
            } catch {
                rows.append((file, "invalid (\(error.lines.count) problem\(error.lines.count == 1 ? "" : "s")): roost validate \(path)"))
            }
        }
        let width = rows.map(\.0.count).max() ?? 0
        for (name, description) in rows {
            print("  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + description)
        }
    }

    private func printSteps() {
        print("Steps:")
        let registry = StepRegistry.current
        let width = StepCatalog.all.map(\.name.count).max() ?? 0
        let rows = StepCatalog.all.map { syntax -> (StepSyntax, String) in
            let entry = registry.entries.first { $0.type.name == syntax.name }
            let origin = entry.map { $0.origin == RoostExtension.builtIn.name ? "" : " [\($0.origin)]" } ?? ""
            return (syntax, (entry?.type.summary ?? "") + origin)
        }
        let summaryWidth = rows.map(\.1.count).max() ?? 0
        for (syntax, summary) in rows {
            let name = syntax.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let described = summary.isEmpty ? "" : summary.padding(toLength: summaryWidth, withPad: " ", startingAt: 0) + "  "
            print(("  " + name + "  " + described + Self.usage(of: syntax)).trimmingTrailingSpaces())
        }
        print("")
        print("Targets: user: random, self, followed, from_feed or a username; post: random, self, followed, from_feed or a post id.")
        print("Text placeholders: " + TextTemplate.placeholders.map { "{\($0)}" }.joined(separator: ", ") + ".")
        print("Durations: a number and a unit (ns, us, ms, s, m), e.g. 10ms, 1.5s.")
        print("Allocation profiles (allocation_profile:, roost run --allocation-profile): "
            + ScenarioFormat.allocationProfiles.joined(separator: ", ") + "; sampled by default.")
    }

    /// How a step's value is written: `user: TARGET = random, ...`.
    private static func usage(of syntax: StepSyntax) -> String {
        let arguments = syntax.arguments.map { (argument: StepSyntax.Argument) -> String in
            let value: String
            switch argument.kind {
            case .user: value = "USER"
            case .post: value = "POST"
            case .text: value = "TEXT"
            case let .integer(minimum): value = "INT>=\(minimum)"
            case .steps: value = "[STEPS]"
            }
            let defaultValue = argument.defaultValue.map { argument.kind == .text ? " = \"\($0)\"" : " = \($0)" } ?? ""
            return "\(argument.name): \(value)\(defaultValue)"
        }.joined(separator: ", ")
        switch syntax.form {
        case .plain: return arguments.isEmpty ? "" : "{ \(arguments) }"
        case .duration: return "DURATION (not measured)"
        case .branches: return "[{ \(arguments) }, ...] (one branch picked by weight; not measured)"
        case .block: return "{ \(arguments) } (not measured)"
        }
    }

    /// `Scenarios/` in the current directory or the nearest parent that has one, else near the
    /// executable (`.build/debug/roost` inside the package).
    private static func bundledFolder() -> String? {
        let starts = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath), Bundle.main.executableURL?.resolvingSymlinksInPath()]
        return starts.compactMap { $0 }.lazy.compactMap(nearestFolder(from:)).first
    }

    private static func nearestFolder(from start: URL) -> String? {
        var folder = start
        while true {
            let candidate = folder.appendingPathComponent("Scenarios")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
                return candidate.path
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
