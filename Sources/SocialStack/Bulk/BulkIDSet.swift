import GRDB

/// The ids of a table's rows during a bulk load, which checks every id a call names against
/// it (SQLite does not check foreign keys meanwhile): one bit per id up to a bound, a set
/// above it.
struct BulkIDSet {
    /// Ids below this are bits (8 MiB at most); others go to `sparse`.
    private static let denseLimit: Int64 = 1 << 26
    private var words: [UInt64] = []
    private var sparse: Set<Int64> = []

    /// The ids `table` holds now.
    init(idsOf table: String, in db: Database) throws {
        let ids = try Int64.fetchCursor(db, sql: "SELECT id FROM \(table.quotedDatabaseIdentifier)")
        while let id = try ids.next() { insert(id) }
    }

    mutating func insert(_ id: Int64) {
        guard id >= 0, id < Self.denseLimit else { sparse.insert(id); return }
        let word = Int(id >> 6)
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: max(word + 1 - words.count, words.count))) }
        words[word] |= 1 << UInt64(id & 63)
    }

    func contains(_ id: Int64) -> Bool {
        guard id >= 0, id < Self.denseLimit else { return sparse.contains(id) }
        let word = Int(id >> 6)
        return word < words.count && words[word] & (1 << UInt64(id & 63)) != 0
    }
}
