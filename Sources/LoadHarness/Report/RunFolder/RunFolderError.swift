/// Why a folder's files cannot be read back as a run, or written as one.
public enum RunFolderError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The folder, or a file in it, is not what `roost run` writes.
    case notARun(path: String, reason: String)
    /// The run finished (or was stopped with Ctrl-C): its files are whole, and rebuilding
    /// them from the streamed ones could only lose detail.
    case alreadyComplete(path: String, state: RunState)
    /// A line of one of its files (1-based; 1 is the header) is not what that file holds.
    case badLine(path: String, line: Int, reason: String)

    public var description: String {
        switch self {
        case let .notARun(path, reason): "\(path): not a run folder: \(reason)"
        case let .alreadyComplete(path, state):
            "\(path): the run is \(state.rawValue) (run.csv): its files are whole, so nothing was rebuilt; "
                + "pass --out DIR to rebuild its report into another folder"
        case let .badLine(path, line, reason): "\(path):\(line): \(reason)"
        }
    }

    /// The same problem said as "not a run folder" (what `roost report` and `roost merge` say of a file they cannot use).
    var asNotARun: RunFolderError {
        if case let .badLine(path, line, reason) = self { return .notARun(path: path, reason: "line \(line): \(reason)") }
        return self
    }
}
