/// A part of a run's load, `from:to` of the whole (0 <= from < to <= 1), as k6's execution
/// segments split a test between instances (grafana/k6 `lib/execution_segment.go`): each part
/// knows its own share from its segment and the sequence of all of them, with nothing to ask
/// anyone else. Whole things (virtual users, iterations) are striped: in every run of
/// `lcd` elements (the least common denominator of the segments' lengths) each segment takes
/// its numerator's worth, spread as far apart as they can be, so the parts' elements together
/// are every element once and each part's share is as even over time as it can be.
public struct ExecutionSegment: Hashable, Sendable, CustomStringConvertible {
    /// A fraction `numerator / denominator`, in lowest terms.
    public struct Fraction: Hashable, Sendable, Comparable, CustomStringConvertible {
        public let numerator: Int
        public let denominator: Int

        /// `numerator / denominator` (denominator above 0), in lowest terms.
        public init(_ numerator: Int, _ denominator: Int) {
            precondition(denominator > 0, "a fraction's denominator is above 0")
            let divisor = Swift.max(1, Self.gcd(abs(numerator), denominator))
            self.numerator = numerator / divisor
            self.denominator = denominator / divisor
        }

        static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

        public static func < (a: Fraction, b: Fraction) -> Bool { a.numerator * b.denominator < b.numerator * a.denominator }
        static func - (a: Fraction, b: Fraction) -> Fraction {
            Fraction(a.numerator * b.denominator - b.numerator * a.denominator, a.denominator * b.denominator)
        }

        /// `1/3`, `0`, `1`.
        public var description: String { denominator == 1 ? String(numerator) : "\(numerator)/\(denominator)" }
    }

    public let from: Fraction
    public let to: Fraction

    /// The segment `from:to`; nil unless 0 <= from < to <= 1.
    public init?(from: Fraction, to: Fraction) {
        guard Fraction(0, 1) <= from, from < to, to <= Fraction(1, 1) else { return nil }
        self.from = from
        self.to = to
    }

    /// The `index`-th (0-based) of `count` equal consecutive segments.
    public static func part(_ index: Int, of count: Int) -> ExecutionSegment {
        ExecutionSegment(from: Fraction(index, count), to: Fraction(index + 1, count))!
    }

    /// Its length, `to - from`.
    public var length: Fraction { to - from }

    /// `1/3:2/3`.
    public var description: String { "\(from):\(to)" }
}

/// The segments that make up a whole run's load, in order, each starting where the one before
/// ends (`0:1/3, 1/3:2/3, 2/3:1`), with k6's striping of whole things between them.
public struct ExecutionSegmentSequence: Hashable, Sendable {
    public let segments: [ExecutionSegment]
    /// The least common denominator of the segments' lengths: striping repeats every `lcd` elements.
    public let lcd: Int
    /// Per segment, the elements of each run of `lcd` that it takes (0 ..< lcd, ascending).
    let stripes: [[Int]]

    /// A sequence of `segments`; nil unless they run from 0 to 1 without a gap or an overlap.
    public init?(_ segments: [ExecutionSegment]) {
        guard let first = segments.first, let last = segments.last, first.from == ExecutionSegment.Fraction(0, 1),
              last.to == ExecutionSegment.Fraction(1, 1), zip(segments, segments.dropFirst()).allSatisfy({ $0.to == $1.from })
        else { return nil }
        self.segments = segments
        let lcd = segments.reduce(1) { lcd, segment in
            lcd / ExecutionSegment.Fraction.gcd(lcd, segment.length.denominator) * segment.length.denominator
        }
        self.lcd = lcd
        // k6's striping: the segments in order of size (largest first, ties in sequence order);
        // element i goes to the first of them whose next element is due (chosen * lcd / size <= i).
        let sizes = segments.map { $0.length.numerator * (lcd / $0.length.denominator) }
        let bySize = segments.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
        var chosen = Array(repeating: 0, count: segments.count), stripes = Array(repeating: [Int](), count: segments.count)
        for element in 0..<lcd {
            for position in bySize.indices {
                let index = bySize[position], numerator = chosen[position] * lcd, size = sizes[index]
                if element > numerator / size || (element == numerator / size && numerator % size == 0) {
                    chosen[position] += 1
                    stripes[index].append(element)
                    break
                }
            }
        }
        self.stripes = stripes
    }

    /// `count` equal segments.
    public static func equal(_ count: Int) -> ExecutionSegmentSequence {
        ExecutionSegmentSequence((0..<count).map { ExecutionSegment.part($0, of: count) })!
    }

    /// Whether element `element` (0-based: a virtual user, an iteration of a schedule) is segment `index`'s.
    public func owns(_ element: Int, segment index: Int) -> Bool {
        stripes[index].contains(((element % lcd) + lcd) % lcd)
    }

    /// Segment `index`'s elements among `0 ..< count`, in order.
    public func elements(of count: Int, segment index: Int) -> [Int] {
        (0..<count).filter { owns($0, segment: index) }
    }

    /// Segment `index`'s share of `count` whole things: how many of `0 ..< count` it owns
    /// (the shares of all segments add up to `count`).
    public func scale(_ count: Int, segment index: Int) -> Int {
        count / lcd * stripes[index].count + stripes[index].filter { $0 < count % lcd }.count
    }
}
