// Helpers shared by the retain-cycle suites: cycle descriptions, found-or-refused checks, addresses, rings.

import Testing
import MemoryProbes

/// The cycles' descriptions, shortest first, as `cycles(from:)` gives them (an error
/// becomes one "threw: ..." line, so that expectations show it).
func paths<Root: AnyObject>(_ root: Root, maxDepth: Int = 12) -> [String] {
    do {
        return try RetainCycleDetector(maxDepth: maxDepth).cycles(from: root).map { String(describing: $0) }
    } catch {
        return ["threw: \(error)"]
    }
}

/// Either the cycle is found, or the walk could not see it and says so: the report is
/// incomplete and `cycles(from:)` throws instead of answering "no cycles".
func expectFoundOrRefused<Root: AnyObject>(
    _ root: Root, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let report = RetainCycleDetector().report(from: root)
    if report.cycles.isEmpty {
        #expect(!report.isComplete, sourceLocation: sourceLocation)
        let answer = paths(root)
        #expect(answer.first?.hasPrefix("threw: ") == true,
                "cycles(from:) answered \(answer) for a graph with the cycle \(expected) (report: \(report))",
                sourceLocation: sourceLocation)
    } else {
        #expect(report.cycles.map { String(describing: $0) } == [expected], sourceLocation: sourceLocation)
    }
}

func address(_ object: AnyObject) -> UInt {
    UInt(bitPattern: ObjectIdentifier(object))
}

/// `Type.field -> ` repeated, closed on the first type: a ring of `count` same-typed links.
func ring(_ type: String, _ field: String, count: Int) -> String {
    Array(repeating: "\(type).\(field)", count: count).joined(separator: " -> ") + " -> \(type)"
}
