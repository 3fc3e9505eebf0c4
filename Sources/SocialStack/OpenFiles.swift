import Foundation

/// The paths of the files every process of the current user has open, read once from
/// `/proc/<pid>/fd` (Linux): how `StaleStackSweeper` tells whether a folder without a lock
/// file is still in use. Other users' processes cannot be read and are not needed: only the
/// current user's folders are swept.
struct OpenFiles {
    private var paths: [String] = []

    init(procfs: String = "/proc") {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: procfs) else { return }
        for pid in entries where pid.allSatisfy(\.isNumber) {
            let fds = procfs + "/" + pid + "/fd"
            guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: fds) else { continue }
            for descriptor in descriptors {
                if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: fds + "/" + descriptor) {
                    paths.append(target)
                }
            }
        }
    }

    /// Whether a file under `folder` is open (the folder itself included).
    func hasOpenFile(under folder: String) -> Bool {
        let inside = folder.hasSuffix("/") ? folder : folder + "/"
        return paths.contains { $0 == folder || $0.hasPrefix(inside) }
    }
}
