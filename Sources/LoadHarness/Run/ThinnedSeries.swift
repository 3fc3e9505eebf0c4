/// A long series kept in bounded memory: at most `limit` elements, evenly spaced (every
/// `stride`-th one seen, the stride doubling each time the copy fills up), plus the last
/// one seen. A soak run's per-close memory readings go to disk as they are taken; what stays
/// in memory for the charts is this copy.
struct ThinnedSeries<Element> {
    /// Most elements kept (at least 2).
    let limit: Int
    private(set) var kept: [Element] = []
    /// Elements seen so far.
    private(set) var count = 0
    private var stride = 1
    private var last: Element?
    private var lastWasKept = false

    /// A series keeping at most `limit` elements (`Int.max`: all of them).
    init(limit: Int) {
        self.limit = max(limit, 2)
    }

    /// Whether some elements seen are no longer kept.
    var isThinned: Bool { stride > 1 }

    mutating func append(_ element: Element) {
        lastWasKept = count % stride == 0
        if lastWasKept {
            kept.append(element)
            if kept.count >= limit {
                // Keep every other one: indices stay multiples of the (doubled) stride.
                kept = kept.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
                stride *= 2
                lastWasKept = count % stride == 0
            }
        }
        last = element
        count += 1
    }

    /// The kept elements in the order seen, ending with the last one seen.
    var elements: [Element] {
        guard !lastWasKept, let last else { return kept }
        return kept + [last]
    }
}
