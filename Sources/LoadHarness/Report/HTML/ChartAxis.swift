import Foundation

/// One axis of a chart: the range it shows and its labelled ticks. The range is never empty,
/// so mapping a value to a pixel never divides by zero.
struct ChartAxis {
    struct Tick {
        let value: Double
        let label: String
    }

    /// What the values are, for the tick labels' units.
    enum Unit {
        /// Latency: ns, us, ms, s.
        case nanoseconds
        /// Elapsed time: ms, s.
        case milliseconds
        /// Sizes: B, KB, MB, GB (powers of 1024, like the rest of the report).
        case bytes
        /// Plain integers (close numbers): whole ticks only.
        case count
    }

    let low: Double
    let high: Double
    let ticks: [Tick]

    /// Where `value` falls between `low` (0) and `high` (1).
    func fraction(_ value: Double) -> Double {
        let span = high - low
        guard span > 0, value.isFinite else { return 0 }
        return (value - low) / span
    }

    /// Round ticks (1, 2 or 5 times a power of ten, in the unit the largest value reads best
    /// in) covering every value; `includeZero` stretches the range to 0.
    static func nice(covering values: [Double], unit: Unit, includeZero: Bool, target: Int = 5) -> ChartAxis {
        let finite = values.filter(\.isFinite)
        var low = finite.min() ?? 0, high = finite.max() ?? 1
        if includeZero {
            low = min(low, 0)
            high = max(high, 0)
        }
        let (divisor, suffix) = scale(for: max(abs(low), abs(high)), unit: unit)
        var scaledLow = low / divisor, scaledHigh = high / divisor
        if scaledHigh - scaledLow <= 0 {
            // One value (or all equal): a range around it.
            let pad = scaledLow == 0 ? 1 : abs(scaledLow) * 0.1
            scaledHigh += pad
            if !(includeZero && scaledLow == 0) { scaledLow -= unit == .count ? 1 : pad }
            if includeZero, low >= 0 { scaledLow = max(0, scaledLow) }
        }
        let rawStep = (scaledHigh - scaledLow) / Double(max(1, target))
        let magnitude = pow(10, (log10(rawStep)).rounded(.down))
        let residual = rawStep / magnitude
        var step = (residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10) * magnitude
        if unit == .count { step = max(1, step.rounded(.up)) }
        if !step.isFinite || step <= 0 || !scaledLow.isFinite || !scaledHigh.isFinite {
            // Values beyond Double's range for ticks: a plain 0...1 axis rather than NaN.
            return ChartAxis(low: 0, high: divisor, ticks: [Tick(value: 0, label: "0"), Tick(value: divisor, label: "1" + suffix)])
        }
        let first = (scaledLow / step).rounded(.down), last = (scaledHigh / step).rounded(.up)
        let decimals = max(0, Int(-log10(step).rounded(.down)))
        let ticks = stride(from: first, through: last, by: 1).map { index in
            let value = index * step
            let label = abs(value) < step / 2 ? "0" : HTMLText.trimmed(value, decimals: decimals) + suffix
            return Tick(value: value * divisor, label: label)
        }
        return ChartAxis(low: first * step * divisor, high: last * step * divisor, ticks: ticks)
    }

    /// The HdrHistogram percentile axis: x = log10(1 / (1 - p)), ticks at 0%, 90%, 99%, ...
    /// up to `decades` nines.
    static func percentiles(decades: Int) -> ChartAxis {
        let decades = max(1, decades)
        return ChartAxis(low: 0, high: Double(decades), ticks: (0...decades).map { Tick(value: Double($0), label: percentileLabel($0)) })
    }

    /// `0%`, `90%`, `99%`, `99.9%`, `99.99%`, ...
    static func percentileLabel(_ nines: Int) -> String {
        nines <= 0 ? "0%" : nines == 1 ? "90%" : nines == 2 ? "99%" : "99." + String(repeating: "9", count: nines - 2) + "%"
    }

    /// The divisor and suffix that make `magnitude` read best.
    private static func scale(for magnitude: Double, unit: Unit) -> (Double, String) {
        switch unit {
        case .nanoseconds:
            magnitude >= 1e9 ? (1e9, "s") : magnitude >= 1e6 ? (1e6, "ms") : magnitude >= 1e3 ? (1e3, "us") : (1, "ns")
        case .milliseconds:
            magnitude >= 1_000 ? (1_000, "s") : (1, "ms")
        case .bytes:
            magnitude >= 1_073_741_824 ? (1_073_741_824, "GB") : magnitude >= 1_048_576 ? (1_048_576, "MB")
                : magnitude >= 1_024 ? (1_024, "KB") : (1, "B")
        case .count:
            (1, "")
        }
    }
}
