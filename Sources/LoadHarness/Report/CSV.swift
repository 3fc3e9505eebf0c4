/// RFC 4180 CSV: a header row, CRLF line ends, fields quoted when they hold a comma, a
/// quote or a line break; numbers with `.` and no thousands separators.
struct CSV {
    private(set) var text: String

    /// A table with this header row.
    init(header: [String]) {
        text = ""
        append(header)
    }

    mutating func append(_ fields: [String]) {
        text += Self.line(fields)
    }

    /// One record with its CRLF.
    static func line(_ fields: [String]) -> String {
        fields.map(escape).joined(separator: ",") + "\r\n"
    }

    static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A number as CSV wants it: integers plain, others with up to 3 decimals.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Parses CSV text (for `roost compare` and tests): rows of fields.
    static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = ""
        var quoted = false, afterQuote = false
        var iterator = Array(text).makeIterator()
        while let character = iterator.next() {
            if quoted {
                if character == "\"" { quoted = false; afterQuote = true } else { field.append(character) }
                continue
            }
            switch character {
            case "\"":
                if afterQuote { field.append("\"") }
                quoted = true
                afterQuote = false
            case ",":
                row.append(field); field = ""; afterQuote = false
            case "\r\n", "\n", "\r":
                row.append(field); rows.append(row); row = []; field = ""; afterQuote = false
            default:
                field.append(character); afterQuote = false
            }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }
}
