import Foundation
import LoadHarness
import SocialStack

/// A `StackBenchmark.Result` as a Markdown table, for a terminal or an issue note.
public struct StackBenchmarkReport: Sendable {
    public let result: StackBenchmark.Result

    /// A report of one result.
    public init(result: StackBenchmark.Result) { self.result = result }

    /// Rates and latencies, then the feed page at both sizes with their ratio.
    public var markdown: String {
        let options = result.options
        var lines = [
            "### SocialStack, \(options.strategy.rawValue), \(Self.storageName(options.storage)), seed \(options.seed)",
            "",
            "| operation | count | ops/s | p50 us | p90 us | p99 us |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        func row(_ name: String, _ sample: LatencySample) -> String {
            if sample.count == 0 { return "| \(name) | 0 | n/a | n/a | n/a | n/a |" }
            return "| \(name) | \(sample.count) | \(format(sample.perSecond, 0)) | \(format(sample.medianMicroseconds, 1)) | "
                + "\(format(sample.quantileMicroseconds(0.9), 1)) | \(format(sample.quantileMicroseconds(0.99), 1)) |"
        }
        for (operation, sample) in result.writes { lines.append(row(operation, sample)) }
        for timing in [result.feedAtCheckpoint, result.feedAtEnd] {
            lines.append(row("feed page 1 @ \(timing.posts) posts", timing.firstPage))
            lines.append(row("feed page \(options.deepPage) @ \(timing.posts) posts", timing.deepPage))
        }
        let small = result.feedAtCheckpoint, large = result.feedAtEnd
        lines.append("")
        lines.append("Feed page median from \(small.posts) to \(large.posts) posts (\(format(Double(large.posts) / Double(small.posts), 0))x the posts): "
            + "page 1 \(ratio(large.firstPage, small.firstPage)), page \(options.deepPage) \(ratio(large.deepPage, small.deepPage)).")
        if let small = small.firstPageAllocations, let large = large.firstPageAllocations {
            lines.append("Allocations per feed page 1: \(format(small, 1)) at \(result.feedAtCheckpoint.posts) posts, "
                + "\(format(large, 1)) at \(result.feedAtEnd.posts) posts.")
        }
        if let reference = result.reference { lines += referenceLines(reference) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The stack beside plain SQLite: each operation's two medians and their ratio.
    private func referenceLines(_ reference: StackBenchmark.ReferenceResult) -> [String] {
        var lines = [
            "",
            "Beside plain SQLite (the same statements through the C API, one transaction per operation):",
            "",
            "| operation | stack p50 us | SQLite p50 us | stack / SQLite |",
            "|---|---:|---:|---:|",
        ]
        func row(_ name: String, _ stack: LatencySample, _ plain: LatencySample) {
            guard stack.count > 0, plain.count > 0 else { return lines.append("| \(name) | n/a | n/a | n/a |") }
            lines.append("| \(name) | \(format(stack.medianMicroseconds, 1)) | \(format(plain.medianMicroseconds, 1)) | "
                + "\(format(stack.medianMicroseconds / plain.medianMicroseconds, 2)) |")
        }
        for (operation, plain) in reference.writes {
            if let stack = result.writes.first(where: { $0.operation == operation }) { row(operation, stack.sample, plain) }
        }
        for (stack, plain) in [(result.feedAtCheckpoint, reference.feedAtCheckpoint), (result.feedAtEnd, reference.feedAtEnd)] {
            row("feed page 1 @ \(stack.posts) posts", stack.firstPage, plain.firstPage)
            row("feed page \(result.options.deepPage) @ \(stack.posts) posts", stack.deepPage, plain.deepPage)
        }
        return lines
    }

    private func ratio(_ a: LatencySample, _ b: LatencySample) -> String {
        guard a.count > 0, b.count > 0 else { return "n/a (no feed that deep)" }
        return "x" + format(a.medianMicroseconds / b.medianMicroseconds, 2)
    }

    private func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    /// How the report names a storage.
    static func storageName(_ storage: SocialStack.Configuration.Storage) -> String {
        switch storage {
        case .memory: "memory (WAL, heap VFS)"
        case .privateMemory: "private memory (one connection)"
        case .file, .temporaryFile: "file (WAL)"
        }
    }
}
