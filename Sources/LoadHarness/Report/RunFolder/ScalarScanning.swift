/// A hand-written parser's reading position in its text's Unicode scalars, and the moves the
/// metric-key and threshold parsers share (`MetricKeyParser`, `ThresholdParser`).
protocol ScalarScanning {
    /// The text, as scalars.
    var scalars: [Unicode.Scalar] { get }
    /// The 0-based scalar read next.
    var index: Int { get set }
}

extension ScalarScanning {
    /// The scalar read next; nil at the end.
    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    /// The scalars from here that `accept` takes, read past.
    mutating func take(while accept: (Unicode.Scalar) -> Bool) -> String {
        var taken = String.UnicodeScalarView()
        while let next = peek, accept(next) {
            taken.append(next)
            index += 1
        }
        return String(taken)
    }

    /// Reads past spaces and tabs.
    mutating func skipSpaces() {
        while let next = peek, next == " " || next == "\t" { index += 1 }
    }
}
