import Foundation

/// The SQLite version a run folder's `run.csv` records; nil when it records none.
enum RecordedSQLiteVersion {
    static func read(folder: String) -> String? {
        let path = (folder as NSString).appendingPathComponent("run.csv")
        guard let rows = try? RunFolderCSV.rows(path, header: ["key", "value"]) else { return nil }
        return rows.first { $0.row[0] == "sqlite_version" }?.row[1]
    }
}
