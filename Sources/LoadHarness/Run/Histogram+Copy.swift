import Histogram

extension Histogram<UInt64> {
    /// A histogram of its own with `empty`'s layout and counts, its counts copied now rather
    /// than on its first record. Making one anew fills its counts through the package's
    /// unspecialised code, an element at a time (~33,000 for a latency histogram); a copy is
    /// one block copy, and each virtual user makes a few per step before it is measured.
    static func copy(of empty: Histogram<UInt64>) -> Histogram<UInt64> {
        var copy = empty
        // Recording nothing at the first index writes to the counts: the copy takes its own
        // storage here, and its totals, minimum and maximum stay as they were.
        copy.record(0, count: 0)
        return copy
    }
}
