import Foundation
import Histogram

/// The latency files of a step (`hgrm/`): its HdrHistogram percentile distribution in
/// microseconds (`<variant>.<step>.hgrm`, for people and HdrHistogram's plotter), and its
/// every execution as an HdrHistogram interval log in nanoseconds (`<variant>.<step>.hlog`:
/// streamed a second at a time, or written whole at the end by a run that streamed nothing),
/// from which `roost report` and `roost merge` add the histograms back exactly.
enum HistogramFiles {
    /// The HdrHistogram percentile distribution of one step, in microseconds.
    static func distribution(_ step: StepMetrics) -> String {
        var text = ""
        step.latency.outputPercentileDistribution(to: &text, outputValueUnitScalingRatio: 1_000)
        return text
    }

    /// An interval log holding a step's whole measured phase as one interval (a run that did not stream).
    static func wholeLog(_ step: StepMetrics, started: Date, seconds: Double) -> String {
        HistogramLog.header(startTime: started) + HistogramLog.line(start: 0, length: max(seconds, 0.001), histogram: step.latency)
    }

    /// An open model's schedule lag over the whole measured phase, as one interval, nanoseconds.
    static func lagLog(_ lag: ScheduleLag, started: Date, seconds: Double) -> String {
        HistogramLog.header(startTime: started) + HistogramLog.line(start: 0, length: max(seconds, 0.001), histogram: lag.histogram)
    }

    /// A variant's schedule lag read back from its log; nil when the folder has none (a closed
    /// model, or a run from before the log).
    /// (`population`: that population's, `RunFolder.lagLog(variant:population:)`.)
    static func readLag(_ folder: RunFolder, variant: String, population: String? = nil) throws(RunFolderError) -> ScheduleLag? {
        let name = population.map { RunFolder.lagLog(variant: variant, population: $0) } ?? RunFolder.lagLog(variant: variant)
        guard let text = folder.text(name) else { return nil }
        let contents = HistogramLog.read(text)
        if let (line, reason) = contents.stoppedAt { throw .badLine(path: folder.file(name), line: line, reason: reason) }
        var lag = ScheduleLag()
        for interval in contents.intervals { lag.merge(ScheduleLag(histogram: interval.histogram)) }
        return lag
    }

    /// An interval log of a step's latency second by second (a run read back, or merged).
    static func secondsLog(_ seconds: [Int: Histogram<UInt64>], started: Date) -> String {
        HistogramLog.header(startTime: started)
            + seconds.sorted { $0.key < $1.key }.map { HistogramLog.line(start: Double($0.key), length: 1, histogram: $0.value) }.joined()
    }

    /// A step's latency from its interval log, the intervals that start before second `last`
    /// + 0.5 (every interval when nil) added; nil when the folder has no log of the step.
    static func read(_ folder: RunFolder, variant: String, step: String, through last: Int? = nil,
                     notes: inout [String]) -> Histogram<UInt64>? {
        let name = RunFolder.intervalLog(variant: variant, step: step)
        guard let text = folder.text(name) else { return nil }
        var merged = StepMetrics.histogram()
        let contents = HistogramLog.read(text)
        if let (line, reason) = contents.stoppedAt { notes.append("\(name):\(line): \(reason); the intervals before it were used") }
        for interval in contents.intervals where last.map({ interval.start < Double($0) + 0.5 }) ?? true { merged.add(interval.histogram) }
        return merged
    }
}
