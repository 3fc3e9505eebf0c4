/// Reads durations (`10ms`, `1.5s`, `0s`) and arrival rates (`200/s`, `12/m`).
public enum DurationSyntax {
    /// Nanoseconds in one of each duration unit.
    private static let nanosecondsPerUnit: [String: Int128] = [
        "ns": 1, "us": 1_000, "ms": 1_000_000, "s": 1_000_000_000, "m": 60_000_000_000,
    ]

    /// A number and a unit as a `Duration`, exact to the nanosecond; nil when malformed or too long.
    public static func duration(_ text: String) -> Duration? {
        guard let (digits, unit) = split(text), let perUnit = nanosecondsPerUnit[unit],
              let (whole, fraction, scale) = decimal(digits) else { return nil }
        let nanoseconds = (whole * scale + fraction) * perUnit / scale
        guard nanoseconds <= Int128(Int64.max) else { return nil }
        return .nanoseconds(Int64(nanoseconds))
    }

    /// Iterations per second of a rate `N/s` or `N/m`; nil when malformed.
    public static func rate(_ text: String) -> Double? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let (whole, fraction, scale) = decimal(Substring(parts[0])) else { return nil }
        let value = Double(whole) + Double(fraction) / Double(scale)
        switch parts[1] {
        case "s": return value
        case "m": return value / 60
        default: return nil
        }
    }

    /// `"1.5ms"` as `("1.5", "ms")`: the leading digits and dots, then the rest.
    private static func split(_ text: String) -> (Substring, String)? {
        guard let unitStart = text.firstIndex(where: { !$0.isASCII || !($0.isNumber || $0 == ".") }) else { return nil }
        return (text[..<unitStart], String(text[unitStart...]))
    }

    /// `digits[.digits]` as whole part, fraction digits and `10^fractionDigits`: at most 12
    /// whole digits (more overflows any duration) and 9 fraction digits (the rest is dropped),
    /// so the arithmetic above cannot overflow.
    private static func decimal(_ text: Substring) -> (Int128, Int128, Int128)? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts[0].count <= 12, let whole = Int128(parts[0]) else { return nil }
        guard parts.count == 2 else { return (whole, 0, 1) }
        let fractionDigits = parts[1].prefix(9)
        guard let fraction = Int128(fractionDigits) else { return nil }
        var scale: Int128 = 1
        for _ in 0..<fractionDigits.count { scale *= 10 }
        return (whole, fraction, scale)
    }
}

extension DurationSyntax {
    /// A duration as a scenario writes it, in the largest unit that keeps it whole: `90s`,
    /// `1500ms`, `250us`, `7ns` (for messages).
    public static func text(_ duration: Duration) -> String {
        let nanoseconds = duration.nanoseconds
        for (unit, size) in [("s", UInt64(1_000_000_000)), ("ms", 1_000_000), ("us", 1_000)] where nanoseconds % size == 0 {
            return "\(nanoseconds / size)\(unit)"
        }
        return "\(nanoseconds)ns"
    }
}
