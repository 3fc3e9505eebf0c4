import Foundation

/// Where tests put their files: every folder and file lives inside one folder per test
/// process, `<temporary directory>/roost-tests-<pid>-<uuid>`, which is removed when the
/// process exits, so a test that fails before its own clean-up (or has none) leaves nothing
/// in the temporary directory. A process that crashes leaves its one folder.
public enum TestFolders {
    /// The process's folder, made on first use, with its removal at exit registered once.
    public static var root: String { processRoot }

    /// A new empty folder `<root>/<label>-<uuid>`.
    public static func make(_ label: String) throws -> String {
        let path = self.path(label)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A new path `<root>/<label>-<uuid><suffix>` that nothing is at yet (for a file a test writes).
    public static func path(_ label: String, suffix: String = "") -> String {
        (processRoot as NSString).appendingPathComponent("\(label)-\(UUID().uuidString)\(suffix)")
    }

    /// Made once (a static's initializer runs once, whichever thread gets there first);
    /// `atexit` takes a C function, so the handler captures nothing and reads this static.
    private static let processRoot: String = {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("roost-tests-\(getpid())-\(UUID().uuidString)").path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            fatalError("cannot make the tests' temporary folder \(path): \(error)")
        }
        atexit { try? FileManager.default.removeItem(atPath: TestFolders.processRoot) }
        return path
    }()
}
