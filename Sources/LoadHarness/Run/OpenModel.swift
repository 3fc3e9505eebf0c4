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
        let players = (0..<load.maxVirtualUsers).map {
            runner.makePlayer(index: $0, stack: stack, dataset: dataset, tracker: tracker, shared: shared, start: start,
                              sampler: sampler, records: queues[$0])
        }
        let free = Mutex<[Int]>(Array((0..<players.count).reversed()))
        let group = DispatchGroup()
        var dropped = 0
        for index in 0..<total where !runner.stop.isSet {
            let intended = start + UInt64(index) * interval
            clock.sleep(until: intended)
            guard let slot = free.withLock({ $0.popLast() }) else {
                dropped += 1
                continue
            }
            let player = players[slot]
            group.enter()
            Thread {
                VirtualUserThread.mark(slot)
                player.playIteration(intendedStart: intended)
                free.withLock { $0.append(slot) }
                group.leave()
            }.start()
        }
        group.wait()
        return (players.map(\.result), dropped)
    }
}
