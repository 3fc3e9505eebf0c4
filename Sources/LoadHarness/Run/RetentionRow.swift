/// One row of `retention.csv`: a single close, or every close of one second of a long run
/// (`SecondRows`): the second's highest-numbered close, how many closes the row stands for,
/// the lowest and highest retained bytes among them, and the retention fit over every close
/// taken when the row was written, so `roost report` has the fit of every close without
/// every close's row.
struct RetentionRow: Sendable, Hashable, SecondRow {
    /// The row's close with the highest number.
    var last: RetentionPoint
    /// Closes the row stands for (1: the row is one close).
    var closes: Int
    var retainedBytes: ClosedRange<Int>
    /// The fit over every close taken when the row was written; nil in a row of one close.
    var fit: RetentionFit?

    init(_ point: RetentionPoint) {
        last = point
        closes = 1
        retainedBytes = point.retainedBytes...point.retainedBytes
    }

    /// A row as `retention.csv` holds it.
    init(last: RetentionPoint, closes: Int, retainedBytes: ClosedRange<Int>, fit: RetentionFit?) {
        self.last = last
        self.closes = closes
        self.retainedBytes = retainedBytes
        self.fit = fit
    }

    mutating func add(_ point: RetentionPoint) {
        if point.close > last.close { last = point }
        closes += 1
        retainedBytes = min(retainedBytes.lowerBound, point.retainedBytes)...max(retainedBytes.upperBound, point.retainedBytes)
    }

    static func elapsedMilliseconds(of point: RetentionPoint) -> Double { point.elapsedMilliseconds }
}
