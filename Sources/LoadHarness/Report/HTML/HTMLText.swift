import Foundation

/// Text for `report.html`: escaping, coordinates, tick labels and the variants' colours.
enum HTMLText {
    /// `&`, `<`, `>` and `"` as entities: safe in text, in `<title>` and in double-quoted attributes.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A coordinate with one decimal, never NaN or infinite (those become 0).
    static func coordinate(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let text = String(format: "%.1f", value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text == "-0" ? "0" : text
    }

    /// A number with at most `decimals` decimals and no trailing zeros.
    static func trimmed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "" }
        var text = String(format: "%.\(max(0, decimals))f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// A count with thousands separators (`12,345`).
    static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// A date in UTC, to the second.
    static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
        return formatter.string(from: date)
    }

    /// A duration in seconds as `850ms`, `12.3s` or `4m 05s`.
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "?" }
        if seconds < 1 { return String(format: "%.0fms", seconds * 1_000) }
        if seconds < 60 { return String(format: "%.1fs", seconds) }
        let whole = Int(seconds.rounded())
        return String(format: "%dm %02ds", whole / 60, whole % 60)
    }
}

/// The colour of each variant, by its position in the run: the same in every chart and table.
enum VariantPalette {
    /// Tableau 10, readable on white and distinct from each other.
    static let colors = ["#4e79a7", "#f28e2b", "#e15759", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#ff9da7",
                         "#9c755f", "#bab0ac"]

    static func color(_ index: Int) -> String { colors[((index % colors.count) + colors.count) % colors.count] }

    /// A small square of the variant's colour, for legends and tables.
    static func swatch(_ index: Int) -> String {
        "<span class=\"swatch\" style=\"background:\(color(index))\"></span>"
    }
}
