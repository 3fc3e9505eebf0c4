import Foundation

/// `Reports/baselines/<scenario>/`: the committed run CI compares against.
public struct BaselineStore: Sendable {
    public let root: String

    /// The store under `root` (the package's folder).
    public init(root: String) { self.root = root }

    /// Replaces the scenario's baseline with a copy of its latest run; returns the baseline folder.
    @discardableResult
    public func update(scenario: String) throws -> String {
        let files = FileManager.default
        let latest = "\(root)/Reports/runs/\(scenario)/latest"
        guard let target = try? files.destinationOfSymbolicLink(atPath: latest) else {
            throw ComparisonError.unreadable(path: latest, reason: "no latest run: run `roost run` on the scenario first")
        }
        let source = target.hasPrefix("/") ? target : "\(root)/Reports/runs/\(scenario)/\(target)"
        let destination = "\(root)/Reports/baselines/\(scenario)"
        let staging = destination + ".tmp-\(getpid())"
        try files.createDirectory(atPath: "\(root)/Reports/baselines", withIntermediateDirectories: true)
        try? files.removeItem(atPath: staging)
        try files.copyItem(atPath: source, toPath: staging)
        let old = destination + ".old-\(getpid())"
        if files.fileExists(atPath: destination) { try files.moveItem(atPath: destination, toPath: old) }
        try files.moveItem(atPath: staging, toPath: destination)
        try? files.removeItem(atPath: old)
        return destination
    }
}
