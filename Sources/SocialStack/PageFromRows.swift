import GRDB

extension Page {
    /// A page from up to `limit + 1` fetched rows: the extra row only tells that more
    /// follow, and the cursor is read from the last row kept.
    init(rows: [Row], limit: Int, item: (Row) -> Item, cursor: (Row) -> Int64) {
        let kept = rows.prefix(limit)
        self.init(items: kept.map(item), nextCursor: rows.count > limit ? kept.last.map(cursor) : nil)
    }
}
