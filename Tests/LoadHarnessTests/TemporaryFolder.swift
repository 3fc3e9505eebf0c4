import Foundation
import TestFolders
import Testing

/// Temporary folders for the tests, inside the test process's own folder (`TestFolders`),
/// which goes when the process exits, and the files the tests read back from them.
enum TemporaryFolder {
    /// A new empty folder named after `label`.
    static func make(_ label: String) throws -> String { try TestFolders.make(label) }

    /// A new path named after `label` that nothing is at yet.
    static func path(_ label: String, suffix: String = "") -> String { TestFolders.path(label, suffix: suffix) }

    static func read(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RFC4180.Malformed(description: "cannot read \(path)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A CSV file of a run folder, parsed, with its header checked.
    static func csv(_ path: String, header: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: String]] {
        let text = try read(path)
        #expect(text.hasSuffix("\r\n"), "\(path) does not end its last record with CRLF", sourceLocation: sourceLocation)
        let rows = try RFC4180.parse(text)
        #expect(rows.first == header, "\(path) header", sourceLocation: sourceLocation)
        for (offset, row) in rows.enumerated() where row.count != header.count {
            Issue.record("\(path):\(offset + 1) has \(row.count) fields, not \(header.count): \(row)", sourceLocation: sourceLocation)
        }
        return rows.dropFirst().map { row in
            Dictionary(uniqueKeysWithValues: zip(header, row + Array(repeating: "", count: max(0, header.count - row.count))))
        }
    }

    /// Every path under `root` (files, folders and links), relative.
    static func contents(_ root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).sorted()
    }
}
