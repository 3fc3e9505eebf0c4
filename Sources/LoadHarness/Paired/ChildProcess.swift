import Foundation

/// Runs another program to its end (standard input from /dev/null), keeping its output; the
/// process running now can be interrupted (SIGINT) from another thread, as Ctrl-C would.
final class ChildProcess: @unchecked Sendable {
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    private let lock = NSLock()
    private var current: Process?
    private var interrupted = false

    /// Runs `path` with `arguments` (and `environment`, this process's when nil); standard
    /// output kept, or discarded when `discardOutput`.
    func run(_ path: String, _ arguments: [String], environment: [String: String]? = nil, discardOutput: Bool = false) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        let out = Pipe(), err = Pipe()
        process.standardOutput = discardOutput ? FileHandle.nullDevice : out
        process.standardError = err
        lock.lock()
        if interrupted { lock.unlock(); return Outcome(status: 130, stdout: "", stderr: "interrupted") }
        do { try process.run() } catch { lock.unlock(); throw error }
        current = process
        lock.unlock()
        // Both pipes drained at once (one thread each), so neither fills and blocks the child.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errorData = err.fileHandleForReading.readDataToEndOfFile() }
        let outputData = !discardOutput ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        group.wait()
        process.waitUntilExit()
        lock.lock()
        current = nil
        lock.unlock()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
                       stderr: String(decoding: errorData, as: UTF8.self))
    }

    /// Sends SIGINT to the program running now, and refuses to start another.
    func interrupt() {
        lock.lock()
        defer { lock.unlock() }
        interrupted = true
        if let current, current.isRunning { current.interrupt() }
    }
}
