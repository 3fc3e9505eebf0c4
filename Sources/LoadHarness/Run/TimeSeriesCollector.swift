import Foundation
import Histogram

/// Builds a variant's time series off the virtual users' threads: every few hundred
/// milliseconds its own thread drains the users' record queues, adds each execution to the
/// second it ended in, and once a second is over hands its rows (and its latency histograms
/// and executions) to the sink, then flushes it. A virtual user only pushes a record.
///
/// A second is finished when the run's clock is `grace` past its end; a record that still
/// arrives for a finished second (its user was descheduled that long between the step's
/// end and the push) counts in the oldest open second, so every execution is in exactly one
/// row. At the end every second up to the end of the phase is finished.
final class TimeSeriesCollector: @unchecked Sendable {
    private let variant: String
    private let steps: [String]
    private let queues: [StepRecordQueue]
    private let clock: any RunClock
    private let start: UInt64
    private let sink: (any RunSink)?
    private let tick: Double
    private let grace: UInt64
    /// The stack's writer's busy time so far, nanoseconds (nil: not read).
    private let writerBusy: (@Sendable () -> UInt64)?
    /// The process's threads' waits for a core, read at most every `runQueueInterval` (a file
    /// per thread: with a thousand users a few milliseconds), and when the next reading is due.
    private let runQueue: RunQueueMeter
    private var nextRunQueueReading: UInt64 = 0
    /// The threads' waits for a core since the meter's origin, as of its latest reading (nil:
    /// none read, or the latest failed). After `finish`, the whole phase's.
    private(set) var runQueueTotal: UInt64?
    static let runQueueInterval: UInt64 = 500_000_000

    // Touched only by the collector's thread, or after it stopped.
    private var open: [Int: [Bucket]] = [:]
    /// The oldest second not yet finished.
    private var nextSecond = 0
    private var rows: [TimeSeriesRow] = []
    private var spareHistograms: [Histogram<UInt64>] = []
    /// The load each population applied, per second and stage (`follow`ed before `begin`; none: not followed).
    private var loads: [LoadTimeline] = []
    /// Per step (by index), the timeline of the population that plays it (nil: none followed).
    private var stepLoads: [Int?]

    private let stopSignal = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)
    private var thread: Thread?

    /// One step's executions in one second.
    private struct Bucket {
        var count = 0
        var errors = 0
        var allocations = 0
        var bytes = 0
        var histogram: Histogram<UInt64>?
        var executions: [Execution: Int] = [:]

        mutating func add(_ record: StepRecord) {
            count += 1
            if record.failed { errors += 1 }
            allocations += record.allocations
            bytes += record.bytesAllocated
            _ = histogram?.record(max(1, record.latency))
            let execution = Execution(user: Int(record.user), allocations: record.allocations, bytes: record.bytesAllocated,
                                      peakBytes: record.peakBytes, temporaryAllocations: record.temporaryAllocations)
            executions[execution, default: 0] += 1
        }
    }

    private struct Execution: Hashable {
        let user: Int
        let allocations: Int
        let bytes: Int
        let peakBytes: Int
        let temporaryAllocations: Int

        /// The order rows are written in.
        var order: [Int] { [user, allocations, bytes, peakBytes, temporaryAllocations] }
    }

    /// A collector for `variant`'s measured `steps`, reading `queues` (one per virtual user).
    init(variant: String, steps: [String], queues: [StepRecordQueue], clock: any RunClock, start: UInt64,
         sink: (any RunSink)?, tickSeconds: Double = 0.2, graceNanoseconds: UInt64 = 250_000_000,
         writerBusy: (@Sendable () -> UInt64)? = nil, runQueue: RunQueueMeter = RunQueueMeter()) {
        self.variant = variant
        self.writerBusy = writerBusy
        self.runQueue = runQueue
        self.steps = steps
        self.queues = queues
        self.clock = clock
        self.start = start
        self.sink = sink
        tick = tickSeconds
        grace = graceNanoseconds
        stepLoads = Array(repeating: nil, count: steps.count)
    }

    /// Follows a population's load (before `begin`): its seconds' and stages' figures, and the
    /// time series rows of `steps` (its steps' names in the run) carry its load.
    func follow(_ timeline: LoadTimeline, steps followed: [String]) {
        loads.append(timeline)
        for (index, step) in steps.enumerated() where followed.contains(step) { stepLoads[index] = loads.count - 1 }
    }

    /// Every followed population's stages, in order, each marked with its population (from its
    /// steps' names); `elapsed` is the measured phase's length.
    func stageResults(elapsed: UInt64) -> [StageResult] {
        loads.indices.flatMap { index in
            let steps = self.steps.indices.filter { stepLoads[$0] == index }.map { self.steps[$0] }
            let population = steps.first.map { PopulationStepName.split($0).population } ?? ""
            return loads[index].stageResults(steps: steps, elapsed: elapsed).map { stage in
                var stage = stage
                stage.population = population
                return stage
            }
        }
    }

    /// Starts the collector's thread.
    func begin() {
        sink?.measuredPhaseBegan(variant, at: Date())
        if runQueue.hasOrigin {
            // Its origin was read before the phase's start: no reading (a file per thread)
            // delays the users' first iterations.
            for load in loads { load.readRunQueue(at: 0, total: 0) }
            nextRunQueueReading = Self.runQueueInterval
        }
        readProcessCPU()
        let thread = Thread { [self] in
            // Drained more often while the queues fill fast (an open model at tens of thousands
            // of iterations a second), so a user seldom waits on a full one.
            var interval = loads.compactMap(\.firstDrainInterval).reduce(tick, min)
            while true {
                let waiting = queues.contains { $0.isWaiting.load(ordering: .relaxed) } || loads.contains { $0.isWaiting }
                if stopSignal.wait(timeout: .now() + (waiting ? 0.001 : interval)) == .success { break }
                // The clock is read before the queues are drained: a user pushes a step's record
                // before its clock moves past the step's end (a ManualClock moves only when a user
                // waits), so every record of a second this reading finishes is drained below.
                let elapsed = clock.now() &- start
                let fullest = drain()
                readProcessCPU()
                interval = fullest > 0.25 ? max(0.002, interval / 2) : fullest < 0.05 ? min(tick, interval * 2) : interval
                if elapsed >= grace { finish(through: Int((elapsed - grace) / 1_000_000_000) - 1) }
                sink?.flush()
            }
            stopped.signal()
        }
        thread.stackSize = 1 << 20
        self.thread = thread
        thread.start()
    }

    /// Stops the thread once the virtual users are done, finishes every second up to
    /// `elapsed` nanoseconds (the whole phase) and returns all rows, in order. `endedThreads`:
    /// the users' threads' last run-queue figures, by thread id (those threads may have ended).
    func finish(elapsed: UInt64, endedThreads: [Int32: UInt64] = [:]) -> [TimeSeriesRow] {
        if thread != nil {
            stopSignal.signal()
            stopped.wait()
            thread = nil
        }
        drain()
        let (cpu, writer) = (CPUTime.process(), writerBusy?())
        for load in loads { load.readProcessCPU(at: elapsed, cpu: cpu, writer: writer) }
        readRunQueue(at: elapsed, endedThreads: endedThreads)
        // Every whole second of the phase has its rows (zeros where nothing ran); the last,
        // partial second only when something ended in it (a run of 15.0003 s has no second 15).
        let lastRecorded = open.keys.max() ?? -1
        let lastWholeSecond = Int(elapsed / 1_000_000_000) - 1
        finish(through: max(lastRecorded, lastWholeSecond), phaseEnd: Double(elapsed) / 1e9)
        sink?.flush()
        return rows
    }

    /// Tells the load timeline the process's CPU time and the stack's writer's busy time now,
    /// and the threads' waits for a core when a reading is due (its stages' cores and writer,
    /// design section 18).
    private func readProcessCPU() {
        guard !loads.isEmpty else { return }
        let (time, cpu, writer) = (clock.now() &- start, CPUTime.process(), writerBusy?())
        for load in loads { load.readProcessCPU(at: time, cpu: cpu, writer: writer) }
        if time >= nextRunQueueReading { readRunQueue(at: time) }
    }

    private func readRunQueue(at time: UInt64, endedThreads: [Int32: UInt64] = [:]) {
        guard !loads.isEmpty else { return }
        runQueueTotal = runQueue.advance(endedThreads: endedThreads)
        guard let total = runQueueTotal else { return }
        for load in loads { load.readRunQueue(at: time, total: total) }
        nextRunQueueReading = time &+ Self.runQueueInterval
    }

    /// Takes every record pushed so far; returns the largest share of a queue's capacity one held.
    @discardableResult
    private func drain() -> Double {
        // Iterations first: a step's second is finished only after its iteration's start is in.
        var fullest = loads.reduce(0.0) { max($0, $1.drain()) }
        for queue in queues {
            let taken = queue.drain { record in
                let index = Int(record.step)
                guard steps.indices.contains(index) else { return }
                let second = max(Int(record.ended / 1_000_000_000), nextSecond)
                // In place: a copy of a bucket would copy its histogram.
                if open[second]?[index].histogram == nil {
                    let fresh = spareHistograms.popLast() ?? StepMetrics.histogram()
                    open[second, default: Array(repeating: Bucket(), count: steps.count)][index].histogram = fresh
                }
                open[second]![index].add(record)
                if let load = stepLoads[index] { loads[load].add(record, step: steps[index]) }
            }
            fullest = max(fullest, Double(taken) / Double(queue.capacity))
        }
        return fullest
    }

    /// Finishes every open second up to `last`: its rows, histograms and executions go out.
    private func finish(through last: Int, phaseEnd: Double? = nil) {
        guard last >= nextSecond else { return }
        var newRows: [TimeSeriesRow] = [], executions: [ExecutionRow] = []
        for second in nextSecond...last {
            let buckets = open.removeValue(forKey: second) ?? Array(repeating: Bucket(), count: steps.count)
            let length = phaseEnd.map { min(1, max(0.001, $0 - Double(second))) } ?? 1
            let applied = loads.map { $0.finish(second: second, length: length) }
            for (index, bucket) in buckets.enumerated() {
                let step = steps[index]
                let histogram = bucket.histogram
                func micro(_ percentile: Double) -> Double? {
                    histogram.map { Statistics.percentileMicroseconds(of: $0, percentile) ?? 0 }
                }
                newRows.append(TimeSeriesRow(
                    variant: variant, second: second, step: step, count: bucket.count, errors: bucket.errors,
                    p50Microseconds: micro(50), p99Microseconds: micro(99),
                    maxMicroseconds: histogram.map { Double($0.max) / 1_000 }, allocations: bucket.allocations, bytes: bucket.bytes,
                    load: stepLoads[index].map { applied[$0] }))
                for (execution, count) in bucket.executions.sorted(by: { $0.key.order.lexicographicallyPrecedes($1.key.order) }) {
                    executions.append(ExecutionRow(variant: variant, second: second, step: step, user: execution.user,
                                                   allocations: execution.allocations, bytes: execution.bytes,
                                                   peak: (execution.peakBytes, execution.temporaryAllocations), count: count))
                }
                if var histogram {
                    sink?.latencyInterval(variant: variant, step: step, start: Double(second), length: length, histogram: histogram)
                    histogram.reset()
                    spareHistograms.append(histogram)
                }
            }
        }
        nextSecond = last + 1
        rows += newRows
        sink?.timeSeries(newRows)
        sink?.executions(executions)
    }
}
