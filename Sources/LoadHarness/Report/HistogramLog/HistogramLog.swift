import Foundation
import Histogram

/// HdrHistogram's interval log (format version 1.3), one file per variant and step
/// (`hgrm/<variant>.<step>.hlog`): a line per second of the measured phase with that
/// second's latency histogram at full resolution, so any percentile of any stretch of a
/// run can be had later, by roost (`roost report`) or by HdrHistogram's own tools
/// (`HistogramLogProcessor -i FILE`). Values are nanoseconds; `Interval_Max` is in
/// milliseconds, as HdrHistogram's writer prints it.
enum HistogramLog {
    /// One interval: seconds since the measured phase began, and its histogram.
    struct Interval {
        let start: Double
        let length: Double
        let histogram: Histogram<UInt64>
    }

    /// The log's opening lines, for a phase that began at `startTime`.
    static func header(startTime: Date) -> String {
        let seconds = startTime.timeIntervalSince1970
        let formatter = ISO8601DateFormatter()
        return "#[Histogram log format version 1.3]\n"
            + "#[StartTime: \(String(format: "%.3f", seconds)) (seconds since epoch), \(formatter.string(from: startTime))]\n"
            + "#[Written by roost: latency in nanoseconds, one interval per second of the measured phase]\n"
            + "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n"
    }

    /// The line of one interval.
    static func line(start: Double, length: Double, histogram: Histogram<UInt64>) -> String {
        let payload = Data(HistogramEncoding.compressed(histogram)).base64EncodedString()
        return String(format: "%.3f,%.3f,%.3f,", start, length, Double(histogram.max) / 1e6) + payload + "\n"
    }

    /// What a log file held: its complete intervals, and where reading stopped early.
    struct Contents {
        var intervals: [Interval] = []
        /// A line that could not be read (a run killed while writing it), 1-based, with why.
        var stoppedAt: (line: Int, reason: String)?
    }

    /// Reads every complete interval of `text`; stops at the first line it cannot read.
    static func read(_ text: String) -> Contents {
        var contents = Contents()
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = line.hasSuffix("\r") ? line.dropLast() : line[...]
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("\"") { continue }
            var fields = line.split(separator: ",", omittingEmptySubsequences: false)
            if fields.first?.hasPrefix("Tag=") == true { fields.removeFirst() }
            guard fields.count == 4, let start = Double(fields[0]), let length = Double(fields[1]),
                  let bytes = Data(base64Encoded: String(fields[3])) else {
                contents.stoppedAt = (offset + 1, "an incomplete interval line")
                break
            }
            do {
                let histogram = try HistogramEncoding.decode(compressed: [UInt8](bytes))
                contents.intervals.append(Interval(start: start, length: length, histogram: histogram))
            } catch {
                contents.stoppedAt = (offset + 1, error.description)
                break
            }
        }
        return contents
    }
}
