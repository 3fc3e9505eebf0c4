import Foundation

/// A value behind a lock, for state that holds references. Unlike `Synchronization.Mutex`,
/// whose noncopyable storage the runtime hides from reflection, a `Locked` value is a plain
/// stored property: Roost's retain-cycle finder (and Mirror) can see what it holds.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, under the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
