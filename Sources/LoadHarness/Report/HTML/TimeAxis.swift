/// The elapsed-time axis every chart over time shares (memory, throughput, latency and
/// errors per second), so a p99 that creeps up lines up with the memory that grew under it.
/// Each variant's time starts at 0, when its measured phase began.
enum TimeAxis {
    static func shared(_ run: RunResult) -> ChartAxis {
        var values: [Double] = []
        for variant in run.variants {
            values += variant.memory.map(\.elapsedMilliseconds) + variant.retention.map(\.elapsedMilliseconds)
            if let last = variant.timeSeries.map(\.second).max() {
                values.append(min(Double(last + 1), seconds(variant)) * 1_000)
            }
        }
        return .nice(covering: values.filter(\.isFinite), unit: .milliseconds, includeZero: true)
    }

    /// How long the variant's measured phase lasted, seconds.
    static func seconds(_ variant: VariantResult) -> Double { Double(variant.elapsedNanoseconds) / 1e9 }

    /// Where the time series draws a second's row: the middle of the part of it the phase
    /// covered, in milliseconds, with that part's length in seconds.
    static func bucket(_ second: Int, of variant: VariantResult) -> (x: Double, length: Double) {
        let end = min(Double(second + 1), max(seconds(variant), Double(second)))
        let length = end - Double(second)
        return ((Double(second) + length / 2) * 1_000, length)
    }
}
