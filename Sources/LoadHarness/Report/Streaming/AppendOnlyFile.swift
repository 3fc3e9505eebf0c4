import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A report file written as a run goes: text is appended to a buffer (any thread, a short
/// lock) and written to the file on `flush()` with one `write(2)`, so what was flushed
/// survives the process being killed. Write errors are kept and reported once.
final class AppendOnlyFile: Sendable {
    let path: String
    private let descriptor: Int32
    private let state = Mutex<State>(State())
    private struct State {
        var buffer = ""
        var failure: String?
        var closed = false
    }

    /// Creates (or empties) the file at `path` and writes `header` (if any).
    init(path: String, header: String?) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path,
                                                          NSLocalizedDescriptionKey: "cannot create \(path): \(String(cString: strerror(errno)))"])
        }
        if let header {
            append(header)
            flush()
        }
    }

    deinit { close() }

    /// Adds text to be written at the next flush.
    func append(_ text: String) {
        state.withLock { if !$0.closed { $0.buffer += text } }
    }

    /// Writes what was appended; returns the first write error seen, if any.
    @discardableResult
    func flush() -> String? {
        // Take the text under the lock, write it after (writes can block).
        let (text, failure) = state.withLock { state -> (String, String?) in
            defer { state.buffer = "" }
            return (state.closed ? "" : state.buffer, state.failure)
        }
        guard failure == nil, !text.isEmpty else { return failure }
        var utf8 = Array(text.utf8)
        var written = 0
        while written < utf8.count {
            let result = utf8.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                let message = "\(path): \(String(cString: strerror(errno)))"
                state.withLock { if $0.failure == nil { $0.failure = message } }
                return message
            }
            written += result
        }
        utf8.removeAll()
        return nil
    }

    /// Flushes and closes the file; later appends are dropped.
    func close() {
        flush()
        let wasOpen = state.withLock { state -> Bool in
            defer { state.closed = true }
            return !state.closed
        }
        if wasOpen { _ = Glibc.close(descriptor) }
    }
}
