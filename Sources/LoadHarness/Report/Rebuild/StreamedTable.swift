import Foundation

/// One streamed CSV file of a run folder, read as far as it is whole: a run killed while
/// writing leaves a last record without its CRLF (or cut inside a field), and every
/// complete row before it is still good.
struct StreamedTable {
    /// The complete data rows, with their 1-based line numbers.
    let rows: [(line: Int, fields: [String])]
    /// What was left out, for the report's notes: nil when the file was whole.
    let note: String?

    /// Reads `name` in `folder`; nil when the file is not there. A file with one of the
    /// `older` headers (each the start of `header`: a version before columns were added) is
    /// read too, its rows given empty fields for the columns it lacks.
    static func read(_ name: String, in folder: String, header: [String],
                     older: [[String]] = []) throws(RunFolderError) -> StreamedTable? {
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
        guard let first = records.first else {
            throw .notARun(path: path, reason: "it is empty; expected the header \(header.joined(separator: ","))")
        }
        guard first == header || older.contains(first) && header.starts(with: first) else {
            throw .notARun(path: path, reason: "expected the header \(header.joined(separator: ",")), found \(first.joined(separator: ","))")
        }
        let missing = Array(repeating: "", count: header.count - first.count)
        var rows: [(line: Int, fields: [String])] = []
        for (offset, record) in records.enumerated().dropFirst() where record != [""] {
            guard record.count == first.count else {
                note = note ?? "\(name):\(offset + 1): a row of \(record.count) fields, not \(first.count); it and the rows after it were left out"
                break
            }
            rows.append((offset + 1, record + missing))
        }
        return StreamedTable(rows: rows, note: note)
    }
}

/// Why a folder's files cannot be read back as a run.
public enum RunFolderError: Error, CustomStringConvertible, Sendable {
    /// The folder, or a file in it, is not what `roost run` writes.
    case notARun(path: String, reason: String)
    /// The run finished (or was stopped with Ctrl-C): its files are whole, and rebuilding
    /// them from the streamed ones could only lose detail.
    case alreadyComplete(path: String, state: RunState)

    public var description: String {
        switch self {
        case let .notARun(path, reason): "\(path): not a run folder: \(reason)"
        case let .alreadyComplete(path, state):
            "\(path): the run is \(state.rawValue) (run.csv): its files are whole, so nothing was rebuilt; "
                + "pass --out DIR to rebuild its report into another folder"
        }
    }
}
