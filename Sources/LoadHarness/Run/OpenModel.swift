import Foundation
import MemoryProbes
import Screens
import SocialStack
import Synchronization

/// The open model: iterations start at a fixed rate whether or not earlier ones finished.
/// Each is taken by a free virtual user (at most `maxVirtualUsers`); when none is free the
/// iteration is dropped and counted. Latency counts from the iteration's intended start
/// (coordinated omission corrected, as wrk2 does); the uncorrected figure is kept too.
struct OpenModel {
    let load: LoadModel.OpenLoad
    /// The virtual users it may use, numbered across the whole run (a shard's share of `maxVirtualUsers`).
    let users: [Int]
    let runner: VariantRunner
    let stack: SocialStack
    let dataset: Dataset
    let tracker: LifetimeTracker
    let shared: SharedRunState
    let start: UInt64
    let sampler: MemorySampler
    let queues: [StepRecordQueue]

    func run() -> ([VirtualUserResult], Int) {
        let clock = runner.clock
        let interval = UInt64(1e9 / max(load.arrivalRate, 1e-9))
        let total = Int(Double(load.duration.nanoseconds) / 1e9 * load.arrivalRate)
        let players = users.enumerated().map { slot, index in
            runner.makePlayer(index: index, stack: stack, dataset: dataset, tracker: tracker, shared: shared, start: start,
                              sampler: sampler, records: queues.isEmpty ? nil : queues[slot])
        }
        // One long-lived thread per virtual user, handed iterations one at a time, rather than
        // a thread made and torn down per iteration (1,000 a second in a soak run), each with
        // its own thread-local caches to build again.
        let users = players.indices.map { slot in OpenModelUser(slot: slot, player: players[slot]) }
        let free = Mutex<[Int]>(Array((0..<players.count).reversed()))
        let group = DispatchGroup()
        for user in users {
            user.start { slot in
                free.withLock { $0.append(slot) }
                group.leave()
            }
        }
        var dropped = 0
        // A shard starts the iterations of the whole schedule that are its share, each at its own time.
        for index in 0..<total where !runner.stop.isSet && runner.share.map({ $0.plays(iteration: index) }) ?? true {
            let intended = start + UInt64(index) * interval
            clock.sleep(until: intended)
            guard let slot = free.withLock({ $0.popLast() }) else {
                dropped += 1
                continue
            }
            group.enter()
            users[slot].play(intendedStart: intended)
        }
        group.wait()
        for user in users { user.finish() }
        return (players.map(\.result), dropped)
    }
}

/// A virtual user of the open model: its own thread, waiting for the next iteration's
/// intended start.
private final class OpenModelUser: @unchecked Sendable {
    private let slot: Int
    private let player: StepPlayer
    private let next = Mutex<UInt64?>(nil)
    private let ready = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    init(slot: Int, player: StepPlayer) {
        self.slot = slot
        self.player = player
    }

    /// Starts the thread; `finished(slot)` is called after each iteration.
    func start(finished: @escaping @Sendable (Int) -> Void) {
        FixedStackThread.start { [self] in
            VirtualUserThread.mark(slot)
            InstructionCounter.virtualUserThreadStarted()
            while true {
                ready.wait()
                guard let intended = next.withLock({ $0.take() }) else { break }
                player.playIteration(intendedStart: intended)
                finished(slot)
            }
            done.signal()
        }
    }

    /// Hands the user its next iteration (it is free: the caller took its slot).
    func play(intendedStart: UInt64) {
        next.withLock { $0 = intendedStart }
        ready.signal()
    }

    /// Ends the thread once its last iteration is done, and waits for it.
    func finish() {
        ready.signal()
        done.wait()
    }
}
