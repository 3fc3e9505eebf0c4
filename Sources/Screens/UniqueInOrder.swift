extension Array where Element: Equatable {
    /// `elements` in their order, each kept the first time only. A screen passes ids to the
    /// stack this way rather than through a `Set`: a `Set`'s order follows the address of its
    /// storage (unless hashing is deterministic), and the order of the ids a query reads moves
    /// SQLite's allocations, so counts would change from one run to the next in one process.
    init(uniqueInOrder elements: some Collection<Element>) {
        self.init()
        reserveCapacity(elements.count)
        for element in elements where !contains(element) { append(element) }
    }
}
