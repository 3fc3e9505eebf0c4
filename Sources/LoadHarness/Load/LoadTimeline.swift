import Histogram

/// The load a variant's measured phase applied, second by second and stage by stage, built
/// on the time-series collector's thread from the users' iteration and step records and the
/// load's plan: active users (the mean number playing an iteration), the target rate (what
/// the schedule meant to start), the achieved rate (what started), dropped iterations, how
/// late the schedule started them, and per stage each step's latency.
final class LoadTimeline {
    let plan: LoadPlan
    private let queues: [IterationRecordQueue]
    /// Per user: since when it plays an iteration (nil: it does not), and up to when its busy
    /// time has been added.
    private var busySince: [UInt64?]
    private var accounted: [UInt64]
    private var seconds: [Int: SecondLoad.Totals] = [:]
    private var stages: [SecondLoad.Totals]
    private var stageSteps: [[String: StageStep]]
    /// The oldest second not yet finished (anything later arriving for an earlier one goes there).
    private var nextSecond = 0
    /// The process's CPU time in each stage, nanoseconds, and the last reading of it; the same
    /// for the stack's writer's busy time (nil: not read).
    private var stageProcessCPU: [UInt64]
    private var stageWriterBusy: [UInt64]
    private var lastProcessReading: (time: UInt64, cpu: UInt64, writer: UInt64?)?
    /// The time the process's threads waited for a core in each stage, and the last reading of it.
    private var stageRunQueue: [UInt64]
    private var lastRunQueueReading: (time: UInt64, total: UInt64)?

    /// One step's executions in one stage.
    struct StageStep {
        var count = 0
        var errors = 0
        var allocations = 0
        var statements = 0
        var histogram = StepMetrics.histogram()
        /// Latency from the steps' actual starts.
        var uncorrected = StepMetrics.histogram()
        /// On-CPU time and waiting share of the executions.
        var cpu = StepCPU()
    }

    init(plan: LoadPlan, queues: [IterationRecordQueue]) {
        self.plan = plan
        self.queues = queues
        busySince = Array(repeating: nil, count: queues.count)
        accounted = Array(repeating: 0, count: queues.count)
        stages = Array(repeating: SecondLoad.Totals(), count: plan.stages.count)
        stageSteps = Array(repeating: [:], count: plan.stages.count)
        stageProcessCPU = Array(repeating: 0, count: plan.stages.count)
        stageWriterBusy = stageProcessCPU
        stageRunQueue = stageProcessCPU
    }

    /// Takes a reading of the process's CPU time (`cpu`) and of the stack's writer's busy time
    /// (`writer`, nil: not read) at `time` (nanoseconds since the phase began): what each spent
    /// since the last reading is spread over the stages that span overlaps, in proportion to the
    /// overlap. The first reading only sets the origin.
    func readProcessCPU(at time: UInt64, cpu: UInt64, writer: UInt64? = nil) {
        defer { lastProcessReading = (time, cpu, writer) }
        guard let last = lastProcessReading, time > last.time, cpu >= last.cpu else { return }
        spread(cpu - last.cpu, from: last.time, to: time, into: &stageProcessCPU)
        if let writer, let before = last.writer { spread(writer &- min(before, writer), from: last.time, to: time, into: &stageWriterBusy) }
    }

    /// Takes a reading of the time the process's threads have waited for a core (`total`, a
    /// running total) at `time`, spread over the stages as `readProcessCPU` does. Read less
    /// often than the CPU time (a file per thread), so it keeps its own origin.
    func readRunQueue(at time: UInt64, total: UInt64) {
        defer { lastRunQueueReading = (time, total) }
        guard let last = lastRunQueueReading, time > last.time, total >= last.total else { return }
        spread(total - last.total, from: last.time, to: time, into: &stageRunQueue)
    }

    /// Adds `amount`, spent evenly over `[from, to)`, to each stage's figure in proportion to
    /// its overlap; the last stage takes what comes after its nominal end (users finishing).
    private func spread(_ amount: UInt64, from: UInt64, to: UInt64, into figures: inout [UInt64]) {
        let length = Double(to - from)
        for (index, span) in plan.stages.enumerated() {
            let begin = max(span.start, from)
            let upTo = index == plan.stages.count - 1 ? to : min(span.end ?? UInt64.max, to)
            guard upTo > begin else { continue }
            figures[index] += UInt64((Double(amount) * Double(upTo - begin) / length).rounded())
        }
    }

    /// How often to drain at first, seconds: a fifth of the time one user alone would take to
    /// fill its iteration queue at the plan's highest rate (nil: no rate to go by).
    var firstDrainInterval: Double? {
        let peak = plan.stages.filter { $0.unit == .rate }.map(\.target).max() ?? 0
        guard peak > 0, let capacity = queues.first?.capacity else { return nil }
        return 0.2 * Double(capacity) / (2 * peak)
    }

    /// Whether a user waits on a full queue (the collector then drains at once).
    var isWaiting: Bool { queues.contains { $0.isWaiting.load(ordering: .relaxed) } }

    /// Takes every iteration record the users pushed so far; returns the largest share of a
    /// queue's capacity one queue held.
    @discardableResult
    func drain() -> Double {
        queues.reduce(0.0) { fullest, queue in max(fullest, Double(queue.drain(add)) / Double(queue.capacity)) }
    }

    /// A measured step's execution (`step` its name): counted in the stage it started in.
    func add(_ record: StepRecord, step: String) {
        guard !plan.stages.isEmpty else { return }
        let stage = plan.stage(at: record.ended &- min(record.latency, record.ended))
        stageSteps[stage][step, default: StageStep()].add(record)
    }

    private func add(_ record: IterationRecord) {
        let user = Int(record.user)
        guard busySince.indices.contains(user) else { return }
        switch record.kind {
        case .began:
            busySince[user] = record.time
            let second = max(Int(record.time / 1_000_000_000), nextSecond)
            let intended = record.intended == IterationRecord.noIntendedStart ? nil : record.intended
            let stage = plan.stage(at: intended ?? record.time)
            seconds[second, default: .init()].started += 1
            stages[stage].started += 1
            stages[stage].startWaitCPU &+= record.waitCPU
            if let intended {
                seconds[second, default: .init()].recordLag(record.time &- intended)
                stages[stage].recordLag(record.time &- intended)
            }
        case .ended:
            if let since = busySince[user] { addBusy(user: user, from: since, to: record.time) }
            busySince[user] = nil
        case .dropped:
            guard let arrivals = plan.arrivals else { return }
            var index = record.index
            let end = record.index + record.count
            while index < end {
                let offset = arrivals.start(of: index)
                let second = Int(offset / 1_000_000_000)
                let stage = plan.stage(at: offset)
                // The dropped iterations up to the next second's or stage's boundary.
                var boundary = UInt64(second + 1) * 1_000_000_000
                if stage + 1 < plan.stages.count { boundary = min(boundary, plan.stages[stage + 1].start) }
                let upTo = min(end, max(index + 1, arrivals.firstIteration(atOrAfter: boundary)))
                seconds[max(second, nextSecond), default: .init()].dropped += upTo - index
                stages[stage].dropped += upTo - index
                index = upTo
            }
        }
    }

    /// Adds a user's busy time in `[from, to)` (what it has not added yet) to the seconds and
    /// stages it falls in.
    private func addBusy(user: Int, from: UInt64, to: UInt64) {
        let begin = max(from, accounted[user])
        guard to > begin else { return }
        accounted[user] = to
        var cursor = begin
        while cursor < to {
            let second = Int(cursor / 1_000_000_000)
            let stage = plan.stage(at: cursor)
            var boundary = UInt64(second + 1) * 1_000_000_000
            if stage + 1 < plan.stages.count { boundary = min(boundary, max(plan.stages[stage + 1].start, cursor + 1)) }
            let piece = min(to, boundary) - cursor
            seconds[max(second, nextSecond), default: .init()].busy += piece
            if !plan.stages.isEmpty { stages[stage].busy += piece }
            cursor += piece
        }
    }

    /// Finishes second `second` (the collector's next), `length` seconds of it in the phase:
    /// users still playing count as busy up to its end; returns its figures.
    func finish(second: Int, length: Double) -> SecondLoad {
        let end = UInt64(second) * 1_000_000_000 + UInt64(length * 1e9)
        for user in busySince.indices {
            if let since = busySince[user] { addBusy(user: user, from: since, to: end) }
        }
        let totals = seconds.removeValue(forKey: second) ?? .init()
        nextSecond = second + 1
        let from = UInt64(second) * 1_000_000_000
        let target = plan.arrivals.map { Double($0.iterations(from: from, to: end)) / max(length, 1e-9) }
        return totals.load(length: length, targetRate: target)
    }

    /// Each stage's load and each of its steps' figures, for `stages.csv`; `elapsed` is the
    /// measured phase's length (the end of a stage that ends when its users are done).
    func stageResults(steps: [String], elapsed: UInt64) -> [StageResult] {
        plan.stages.enumerated().map { index, span in
            let end = span.end ?? max(elapsed, span.start)
            let length = max(Double(end - span.start) / 1e9, 1e-9)
            // The last stage holds an iteration meant for its very end (the schedule's last).
            let upTo = index == plan.stages.count - 1 ? UInt64.max : end
            let target = plan.arrivals.map { Double($0.iterations(from: span.start, to: upTo)) / length }
            let load = stages[index].load(length: length, targetRate: target)
            let rows = steps.compactMap { name in stageSteps[index][name].map { StageResult.Step(step: name, figures: $0) } }
            var result = StageResult(name: span.name, start: Double(span.start) / 1e9, end: Double(end) / 1e9, target: span.target,
                                     unit: span.unit, load: load, steps: rows)
            if lastProcessReading != nil {
                let inSteps = stageSteps[index].values.reduce(UInt64(0)) { $0 &+ $1.cpu.estimatedTotalNanoseconds }
                result.usage = CoreUsage(wallNanoseconds: end - span.start, processNanoseconds: stageProcessCPU[index],
                                         stepNanoseconds: inSteps, startWaitNanoseconds: stages[index].startWaitCPU,
                                         cores: CPUTime.cores,
                                         writerNanoseconds: lastProcessReading?.writer == nil ? nil : stageWriterBusy[index],
                                         runQueueNanoseconds: lastRunQueueReading == nil ? nil : stageRunQueue[index])
            }
            return result
        }
    }
}

extension LoadTimeline.StageStep {
    mutating func add(_ record: StepRecord) {
        count += 1
        if record.failed { errors += 1 }
        allocations += record.allocations
        statements += Int(record.statements)
        _ = histogram.record(max(1, record.latency))
        _ = uncorrected.record(max(1, record.uncorrected))
        if record.cpu == StepRecord.noCPU { cpu.skip() } else { cpu.record(cpu: record.cpu, wall: record.uncorrected) }
    }
}
