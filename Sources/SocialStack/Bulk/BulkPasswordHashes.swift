import Dispatch
import Foundation

/// The password hashes of a batch of sign-ups, computed on every core: each from its own
/// password and salt (drawn beforehand, in sign-up's order), so the result is the one
/// hashing them one by one gives.
enum BulkPasswordHashes {
    /// Batches smaller than this are hashed on the calling thread.
    private static let parallelMinimum = 16

    /// `passwords[i]` hashed with `salts[i]`, in order.
    static func hash(_ passwords: [String], salts: [[UInt8]], cost: PasswordCost) throws -> [String] {
        precondition(passwords.count == salts.count, "one salt per password")
        let count = passwords.count
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, count / parallelMinimum)
        if workers <= 1 {
            return try zip(passwords, salts).map { try PasswordHasher.hash($0, cost: cost, salt: $1) }
        }
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<Result<String, any Error>>.allocate(capacity: count)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        // Contiguous shares, one per worker: each slot is written by one thread, and read
        // only after `concurrentPerform` returns.
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in (count * worker / workers)..<(count * (worker + 1) / workers) {
                (results.baseAddress! + index).initialize(to: Result { try PasswordHasher.hash(passwords[index], cost: cost, salt: salts[index]) })
            }
        }
        return try results.map { try $0.get() }
    }
}
