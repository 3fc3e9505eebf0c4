import Foundation

/// One CSV table of a run folder: its file's name and its columns, in the generations they
/// were added in. The header is every generation's columns in order; a file written before
/// the last generations (a committed baseline, a run of an older build) has a header that
/// stops at the end of an earlier one, and reads the same way, its later columns absent.
/// Adding a column is appending a generation here (`RunTables.swift`), and nothing else
/// needs to know how many columns a file once had.
public struct RunTable: Sendable, Hashable, CustomStringConvertible {
    /// The file's name in the run folder: `steps.csv`.
    public let name: String
    /// The columns, oldest generation first.
    public let generations: [[String]]

    /// A table whose first generation of columns is `first`, with `later` ones added since.
    init(_ name: String, _ first: [String], added later: [String]...) {
        self.name = name
        generations = [first] + later
    }

    /// The header this build writes.
    public var header: [String] { generations.flatMap { $0 } }

    /// Every header this build reads: the current one first, then each older one.
    public var readableHeaders: [[String]] {
        (1...generations.count).reversed().map { Array(generations.prefix($0).joined()) }
    }

    public var description: String { name }

    /// The file's text: the header, then `rows` (each as long as the header).
    func text(_ rows: [[String]]) -> String {
        CSV.line(header) + rows.map(CSV.line).joined()
    }

    /// The file's text with the columns of the first `count` generations only (a file with
    /// nothing for the later ones writes the header an older build wrote, and reads the same).
    func text(_ rows: [[String]], generations count: Int) -> String {
        CSV.line(Array(generations.prefix(count).joined())) + rows.map(CSV.line).joined()
    }

    /// One record with its line end, as appended to a streamed file.
    func line(_ fields: [String]) -> String { CSV.line(fields) }

    /// Reads the table from `folder`: nil when the file is absent. The header must be one of
    /// `readableHeaders`, and every row as long as it (blank lines are skipped).
    func read(in folder: String) throws(RunFolderError) -> RunTableRows? {
        let path = (folder as NSString).appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let records = CSV.parse(String(decoding: data, as: UTF8.self))
        let header = try acceptedHeader(records.first, path: path)
        var rows: [RunRow] = []
        let columns = RunRow.Columns(header)
        for (offset, record) in records.enumerated().dropFirst() where record != [""] {
            guard record.count == header.count else {
                throw .badLine(path: path, line: offset + 1,
                               reason: "expected \(header.count) fields, got \(record.count): \(record.joined(separator: ","))")
            }
            rows.append(RunRow(path: path, line: offset + 1, fields: record, columns: columns))
        }
        return RunTableRows(table: self, path: path, header: header, rows: rows, note: nil)
    }

    /// Reads a streamed table as far as it is whole: a run killed while writing leaves a last
    /// record without its line end (or cut inside a field), and every complete row before it
    /// is still good; a row of the wrong width ends the reading (noted). nil when absent.
    func readStreamed(in folder: String) throws(RunFolderError) -> RunTableRows? {
        let path = (folder as NSString).appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var text = String(decoding: data, as: UTF8.self)
        var note: String?
        if !text.isEmpty, !text.hasSuffix("\r\n") {
            // The last record was being written when the run died: keep what is before it.
            let kept = text.range(of: "\r\n", options: .backwards).map { String(text[..<$0.upperBound]) } ?? ""
            let lost = text.dropFirst(kept.count)
            let lineNumber = kept.components(separatedBy: "\r\n").count
            note = "\(name):\(lineNumber): an incomplete last line (\(lost.utf8.count) bytes) was left out"
            text = kept
        }
        let records = CSV.parse(text)
        guard records.first != nil else {
            throw .notARun(path: path, reason: "it is empty; expected the header \(header.joined(separator: ","))")
        }
        let header: [String]
        do { header = try acceptedHeader(records.first, path: path) } catch { throw error.asNotARun }
        let columns = RunRow.Columns(header)
        var rows: [RunRow] = []
        for (offset, record) in records.enumerated().dropFirst() where record != [""] {
            guard record.count == header.count else {
                note = note ?? "\(name):\(offset + 1): a row of \(record.count) fields, not \(header.count); it and the rows after it were left out"
                break
            }
            rows.append(RunRow(path: path, line: offset + 1, fields: record, columns: columns))
        }
        return RunTableRows(table: self, path: path, header: header, rows: rows, note: note)
    }

    /// Reads the table's text by column name alone, for a reader that needs only `required`
    /// columns and takes a file of any build, older or newer, that has them (`roost paired`
    /// reads the baselines' build's files so): the header must hold `required`, and every row be as long as it.
    func read(text: String, path: String, requiring required: [String]) throws(RunFolderError) -> RunTableRows {
        let records = CSV.parse(text).filter { $0 != [""] }
        guard let header = records.first, required.allSatisfy(header.contains) else {
            throw .badLine(path: path, line: 1, reason: "expected a \(name) header with \(Self.list(required))")
        }
        let columns = RunRow.Columns(header)
        var rows: [RunRow] = []
        for (offset, record) in records.enumerated().dropFirst() {
            guard record.count == header.count else {
                throw .badLine(path: path, line: offset + 1, reason: "expected \(header.count) fields, got \(record.count)")
            }
            rows.append(RunRow(path: path, line: offset + 1, fields: record, columns: columns))
        }
        return RunTableRows(table: self, path: path, header: header, rows: rows, note: nil)
    }

    /// `a, b and c`.
    private static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    private func acceptedHeader(_ first: [String]?, path: String) throws(RunFolderError) -> [String] {
        guard let first, let header = readableHeaders.first(where: { $0 == first }) else {
            throw .badLine(path: path, line: 1, reason: "expected the header \(self.header.joined(separator: ","))"
                + (first.map { ", found \($0.joined(separator: ","))" } ?? ""))
        }
        return header
    }
}

/// A table's rows as read from one file.
public struct RunTableRows: Sendable {
    public let table: RunTable
    /// The file's path, for messages.
    public let path: String
    /// The header the file has (the current one or an older one).
    public let header: [String]
    public let rows: [RunRow]
    /// What was left out of a streamed file (a cut last line); nil when it was whole.
    public let note: String?
}

/// One data row of a run folder's table, its fields found by column name.
public struct RunRow: Sendable {
    /// Column positions, shared by a file's rows.
    final class Columns: Sendable {
        let index: [String: Int]
        init(_ header: [String]) { index = Dictionary(header.enumerated().map { ($1, $0) }) { first, _ in first } }
    }

    let path: String
    /// The 1-based line of the file (1 is the header).
    public let line: Int
    public let fields: [String]
    let columns: Columns

    /// The field in `column`; nil when the file has no such column.
    public subscript(_ column: String) -> String? {
        columns.index[column].map { fields[$0] }
    }

    /// The field in `column`, which every readable header has.
    func text(_ column: String) throws(RunFolderError) -> String {
        guard let value = self[column] else { throw .badLine(path: path, line: line, reason: "no column '\(column)'") }
        return value
    }

    /// The number in `column`, or why it is not one.
    func number<T: LosslessStringConvertible>(_ column: String) throws(RunFolderError) -> T {
        let text = try text(column)
        guard let value = T(text) else {
            throw .badLine(path: path, line: line, reason: "expected a number in '\(column)', got '\(text)'")
        }
        return value
    }

    /// The number in `column`; nil when the field is empty or the file has no such column.
    func optionalNumber<T: LosslessStringConvertible>(_ column: String) throws(RunFolderError) -> T? {
        guard let text = self[column], !text.isEmpty else { return nil }
        return try number(column) as T
    }

    /// A problem with this row, said with its file and line.
    func problem(_ reason: String) -> RunFolderError { .badLine(path: path, line: line, reason: reason) }
}
