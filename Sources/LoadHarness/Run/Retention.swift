/// Memory left behind, read after every `close_*` step: the bytes all measured steps of the
/// variant allocated and did not free so far (exact per-thread counts, summed), and the live
/// tracked objects. With one virtual user it repeats exactly run to run.
public struct RetentionPoint: Sendable, Hashable {
    /// 1 for the variant's first close, 2 for the second, ...
    public let close: Int
    /// Iterations done when it was taken.
    public let iteration: Int
    /// The close step (`close_profile`).
    public let step: String
    public let elapsedMilliseconds: Double
    /// Allocated minus freed by every measured step of the variant up to this close.
    public let retainedBytes: Int
    public let liveTrackedObjects: Int
}

/// The experiment's verdict on a variant's retention points: a least-squares line through
/// retained bytes against the close number (bytes per cycle, R²), and whether memory came
/// back to where the first cycle left it.
public struct RetentionFit: Sendable, Hashable {
    /// The slope: bytes retained per open/close cycle.
    public let bytesPerClose: Double
    public let intercept: Double
    /// How well a line explains the points (1 = exactly linear); 0 when they do not vary.
    public let rSquared: Double
    /// Retained after the last close minus after the first.
    public let growthBytes: Int
    /// What counts as back at the start: 1% of the first close's retained bytes or 64 KiB,
    /// whichever is larger.
    public let toleranceBytes: Int
    public let closes: Int

    /// The smallest tolerance.
    public static let minimumToleranceBytes = 65_536

    /// Whether memory after the last close is within the tolerance of the first close's.
    public var returnsToStart: Bool { abs(growthBytes) <= toleranceBytes }

    /// "back to start", "grows", or "below start" (the steps freed what the warm-up or the
    /// first cycle had kept).
    public var verdict: String { returnsToStart ? "back to start" : growthBytes > 0 ? "grows" : "below start" }

    /// Running sums for the fit of points seen one at a time (Welford's updates: stable at
    /// millions of closes), so a soak run need not keep every point. It keeps the first
    /// `keepingFirst` points too: up to that many, the fit is the two-pass fit of the points
    /// in close order (`init(_:)`), exactly as when every point is in memory; the file rows of
    /// those closes are one a close, and `roost report` refits them the same way.
    struct Accumulator: Sendable {
        private var n = 0.0, meanX = 0.0, meanY = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
        private var first: Int?, last = 0
        private let keepingFirst: Int
        private var points: [RetentionPoint] = []

        init(keepingFirst: Int = 0) { self.keepingFirst = keepingFirst }

        mutating func add(_ point: RetentionPoint) {
            if Int(n) < keepingFirst { points.append(point) } else if !points.isEmpty { points = [] }
            let x = Double(point.close), y = Double(point.retainedBytes)
            n += 1
            let dx = x - meanX, dy = y - meanY
            meanX += dx / n
            meanY += dy / n
            sxx += dx * (x - meanX)
            syy += dy * (y - meanY)
            sxy += dx * (y - meanY)
            if first == nil { first = point.retainedBytes }
            last = point.retainedBytes
        }

        /// The fit of every point added; nil with fewer than two.
        var fit: RetentionFit? {
            if Int(n) == points.count { return RetentionFit(points.sorted { $0.close < $1.close }) }
            guard n >= 2, let first else { return nil }
            return RetentionFit(closes: Int(n), meanX: meanX, meanY: meanY, sxx: sxx, syy: syy, sxy: sxy,
                                first: first, last: last)
        }
    }

    private init(closes: Int, meanX: Double, meanY: Double, sxx: Double, syy: Double, sxy: Double, first: Int, last: Int) {
        bytesPerClose = sxx == 0 ? 0 : sxy / sxx
        intercept = meanY - bytesPerClose * meanX
        rSquared = sxx == 0 || syy == 0 ? 0 : (sxy * sxy) / (sxx * syy)
        growthBytes = last - first
        toleranceBytes = max(Self.minimumToleranceBytes, abs(first) / 100)
        self.closes = closes
    }

    /// A fit as a file row recorded it (`retention.csv`'s `fit_` columns); `firstRetainedBytes`
    /// sets the tolerance.
    init(closes: Int, bytesPerClose: Double, intercept: Double, rSquared: Double, growthBytes: Int, firstRetainedBytes: Int) {
        self.bytesPerClose = bytesPerClose
        self.intercept = intercept
        self.rSquared = rSquared
        self.growthBytes = growthBytes
        toleranceBytes = max(Self.minimumToleranceBytes, abs(firstRetainedBytes) / 100)
        self.closes = closes
    }

    /// The fit of `points`; nil with fewer than two.
    ///
    /// The first close is the start, not zero: the first cycle fills the stack's caches
    /// (prepared statements, SQLite pages, GRDB's), which a phone's app has filled long before.
    public init?(_ points: [RetentionPoint]) {
        guard points.count >= 2, let first = points.first, let last = points.last else { return nil }
        let n = Double(points.count)
        let xs = points.map { Double($0.close) }, ys = points.map { Double($0.retainedBytes) }
        let meanX = xs.reduce(0, +) / n, meanY = ys.reduce(0, +) / n
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for (x, y) in zip(xs, ys) {
            sxx += (x - meanX) * (x - meanX)
            sxy += (x - meanX) * (y - meanY)
            syy += (y - meanY) * (y - meanY)
        }
        bytesPerClose = sxx == 0 ? 0 : sxy / sxx
        intercept = meanY - bytesPerClose * meanX
        rSquared = sxx == 0 || syy == 0 ? 0 : (sxy * sxy) / (sxx * syy)
        growthBytes = last.retainedBytes - first.retainedBytes
        toleranceBytes = max(Self.minimumToleranceBytes, abs(first.retainedBytes) / 100)
        closes = points.count
    }
}
