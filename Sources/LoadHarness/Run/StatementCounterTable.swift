import Foundation

/// One thread's counts for the current measured span: an open-addressing table keyed by
/// the statement's pointer (a statement finalized in the span and another prepared at the
/// same address are told apart by their text), each entry with its SQL copied into a fixed
/// text buffer. Statements beyond its room are added up in `overflow`, never dropped.
package struct StatementCounterTable {
    /// What SQLite counted for one statement (sums over its runs in the span).
    struct Work: Hashable {
        var runs = 0, vmSteps = 0, fullscanSteps = 0, sorts = 0, autoindexRows = 0

        mutating func add(_ other: Work) {
            runs += other.runs
            vmSteps += other.vmSteps
            fullscanSteps += other.fullscanSteps
            sorts += other.sorts
            autoindexRows += other.autoindexRows
        }
    }

    struct Entry {
        var statement: OpaquePointer?
        var textOffset = 0
        var textLength = 0
        /// Where in `slots` it sits.
        var slot = 0
        var work = Work()
    }

    /// Distinct statements one span can hold (a power of two; the slots are twice as many).
    static let capacity = 1_024
    /// Bytes of SQL text one span can hold.
    static let textCapacity = 256 * 1_024

    var isCounting = false
    package private(set) var count = 0
    /// What statements found no room (in the table or the text buffer) did, added up.
    private(set) var overflow = Work()
    private var textUsed = 0
    private let entries: UnsafeMutablePointer<Entry>
    /// Entry index + 1 per slot; 0 is empty.
    private let slots: UnsafeMutablePointer<Int32>
    private let text: UnsafeMutablePointer<UInt8>

    init() {
        entries = .allocate(capacity: Self.capacity)
        entries.initialize(repeating: Entry(), count: Self.capacity)
        slots = .allocate(capacity: Self.capacity * 2)
        slots.initialize(repeating: 0, count: Self.capacity * 2)
        text = .allocate(capacity: Self.textCapacity)
    }

    /// Frees the storage (the thread is gone).
    func deallocate() {
        entries.deallocate()
        slots.deallocate()
        text.deallocate()
    }

    /// Empties the table: only the slots in use are touched.
    mutating func clear() {
        for index in 0..<count { slots[entries[index].slot] = 0 }
        count = 0
        textUsed = 0
        overflow = Work()
    }

    /// Adds one finished run of `statement`, whose SQL is `sql`.
    mutating func add(_ work: Work, statement: OpaquePointer, sql: UnsafePointer<CChar>?) {
        let mask = Self.capacity * 2 - 1
        var position = Self.hash(statement) & mask
        while true {
            let stored = Int(slots[position])
            if stored == 0 { break }
            let entry = entries[stored - 1]
            if entry.statement == statement, sameText(entry, sql) {
                entries[stored - 1].work.add(work)
                return
            }
            position = (position + 1) & mask
        }
        let length = sql.map { strlen($0) } ?? 0
        guard count < Self.capacity, textUsed + length <= Self.textCapacity else {
            overflow.add(work)
            return
        }
        if let sql, length > 0 { memcpy(text + textUsed, sql, length) }
        entries[count] = Entry(statement: statement, textOffset: textUsed, textLength: length, slot: position, work: work)
        textUsed += length
        count += 1
        slots[position] = Int32(count)
    }

    /// The SQL text and work of entry `index` (0..<count); the text is copied out.
    func entry(_ index: Int) -> (sql: String, work: Work) {
        let entry = entries[index]
        let sql = String(decoding: UnsafeBufferPointer(start: text + entry.textOffset, count: entry.textLength), as: UTF8.self)
        return (sql, entry.work)
    }

    private func sameText(_ entry: Entry, _ sql: UnsafePointer<CChar>?) -> Bool {
        guard let sql else { return entry.textLength == 0 }
        return memcmp(text + entry.textOffset, sql, entry.textLength) == 0 && sql[entry.textLength] == 0
    }

    private static func hash(_ statement: OpaquePointer) -> Int {
        let address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(statement)))
        return Int(truncatingIfNeeded: ((address >> 4) &* 0x9E37_79B9_7F4A_7C15) >> 20)
    }
}
