import Dispatch
import Synchronization

/// The password hashes of a bulk load's accounts, computed on a background thread while the
/// load writes its other rows (the users are written with a placeholder of the same length,
/// replaced at the end), and by the loading thread too once it waits for them. Each hash is
/// computed from its own password and salt (drawn beforehand, in sign-up's order), so it is
/// the one hashing them one by one gives.
final class BulkHashQueue: Sendable {
    /// One account's password to hash.
    struct Job: Sendable {
        let user: Int64
        let password: String
        let salt: [UInt8]
    }

    private struct State {
        var jobs: [Job] = []
        /// The next job to take.
        var next = 0
        /// Each job's hash, by job index, once computed.
        var hashes: [String?] = []
        var failure: (any Error)?
        var workerRunning = false
    }

    let cost: PasswordCost
    private let state = Mutex(State())
    private let worker = DispatchGroup()

    init(cost: PasswordCost) {
        self.cost = cost
    }

    /// The stored hash of this cost with a zero salt and a zero hash: the same length as
    /// every hash of this cost, so replacing it rewrites the row in place.
    var placeholder: String {
        PasswordHasher.encoded(cost: cost, salt: Array(repeating: 0, count: PasswordHasher.saltBytes),
                               derived: Array(repeating: 0, count: PasswordHasher.hashBytes))
    }

    /// Queues `jobs` and makes sure the background thread works on them.
    func submit(_ jobs: [Job]) {
        let startsWorker = state.withLock { state in
            state.jobs += jobs
            state.hashes += Array(repeating: nil, count: jobs.count)
            guard !state.workerRunning else { return false }
            state.workerRunning = true
            return true
        }
        guard startsWorker else { return }
        worker.enter()
        DispatchQueue.global().async { [self] in
            drain(isWorker: true)
            worker.leave()
        }
    }

    /// Every account's hash, in the order they were submitted; computes the ones not
    /// computed yet on this thread too. Throws what hashing threw.
    func finish() throws -> [(user: Int64, hash: String)] {
        drain(isWorker: false)
        worker.wait()
        return try state.withLock { state in
            if let failure = state.failure { throw failure }
            return zip(state.jobs, state.hashes).map { job, hash in (job.user, hash!) }
        }
    }

    /// Drops the jobs not started (the load failed); waits for the one in progress.
    func cancel() {
        state.withLock { state in state.next = state.jobs.count }
        worker.wait()
    }

    /// Takes and hashes jobs until none is left; the background thread then stops (a later
    /// `submit` starts it again).
    private func drain(isWorker: Bool) {
        while true {
            let taken: (index: Int, job: Job)? = state.withLock { state in
                guard state.next < state.jobs.count, state.failure == nil else {
                    if isWorker { state.workerRunning = false }
                    return nil
                }
                defer { state.next += 1 }
                return (state.next, state.jobs[state.next])
            }
            guard let taken else { return }
            let result = Result { try PasswordHasher.hash(taken.job.password, cost: cost, salt: taken.job.salt) }
            state.withLock { state in
                switch result {
                case let .success(hash):
                    state.hashes[taken.index] = hash
                    // Only the id is needed now: the password and salt go.
                    state.jobs[taken.index] = Job(user: taken.job.user, password: "", salt: [])
                case let .failure(error): state.failure = error
                }
            }
        }
    }
}
