/// One page of a newest-first list, with the cursor that fetches the next page.
public struct Page<Item: Sendable>: Sendable {
    /// The items of this page, in list order.
    public let items: [Item]
    /// Pass as `before:` to fetch the next page; `nil` when this page is the last.
    public let nextCursor: Int64?

    /// Builds a page.
    public init(items: [Item], nextCursor: Int64?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

extension Page: Equatable where Item: Equatable {}

/// Page sizes accepted by every paged call.
public enum PageSize {
    /// The page size used when a caller names none.
    public static let `default` = 20
    /// The largest page a caller may ask for.
    public static let maximum = 200

    static func clamped(_ limit: Int) -> Int { min(max(limit, 1), maximum) }
}
