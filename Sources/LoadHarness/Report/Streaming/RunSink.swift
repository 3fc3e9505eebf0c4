import Foundation
import Histogram

/// Where a run sends what it measures as it measures it (a run folder that keeps everything
/// up to the last second when the process is killed). Called from the collector's thread
/// and from memory samplers; an implementation buffers and writes on `flush()`.
protocol RunSink: AnyObject, Sendable {
    /// A variant begins (before its warm-up); `steps` are its measured steps in scenario order.
    func variantBegan(_ variant: String, steps: [String])
    /// The variant's measured phase begins now (buffers only: no file is written in the measured phase until the next flush).
    func measuredPhaseBegan(_ variant: String, at time: Date)
    /// Finished seconds of the time series, in order.
    func timeSeries(_ rows: [TimeSeriesRow])
    /// The executions of finished seconds, by allocation count and bytes.
    func executions(_ rows: [ExecutionRow])
    /// One step's latency histogram over one interval (seconds since the phase began).
    func latencyInterval(variant: String, step: String, start: Double, length: Double, histogram: Histogram<UInt64>)
    /// A row of `memory.csv`: a reading, or a second's readings.
    func memory(_ row: MemoryRow, variant: String)
    /// A row of `retention.csv`: a close, or a second's closes.
    func retention(_ row: RetentionRow, variant: String)
    /// A variant ended: its lifetime check is known.
    func variantEnded(_ result: VariantResult)
    /// Writes whatever is buffered.
    func flush()
}
