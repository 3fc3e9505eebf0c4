import CJemalloc
import Synchronization

/// Records the call stacks behind the allocations a thread makes inside `record(_:_:)`,
/// under a label (a measured step): every allocation (`.exact`) or a Poisson sample by
/// bytes (`.sampled`), with sizes, and which recorded allocations are still live.
///
/// Capture happens in CJemalloc's malloc interposer, only on a thread inside `record`: a
/// frame-pointer walk where the code keeps frame pointers (Swift code, the Swift runtime,
/// this package's C), DWARF call-frame information where it does not (Debian's libsqlite3,
/// libc), every frame checked against the thread's stack bounds. The hook takes no
/// contended lock and allocates nothing from the counted allocator: the profile's memory is
/// mapped for it, so the allocation counters beside it read the same in every mode.
///
///     let profiler = try AllocationProfiler(mode: .exact)
///     profiler.record("open_profile") { try? controller.load() }
///     let recording = profiler.recording()             // stacks per label, live allocations
///     let symbols = StackSymbolizer()
///     symbols.frames(recording.stacks[0].frames)       // Screens.ProfileHeader.init(user:...)
///
/// Frames at or above the caller of `record` are not recorded. Take `recording()` when no
/// thread is inside `record`.
public final class AllocationProfiler: Sendable {
    /// jemalloc's and tcmalloc's default: one sample per 512 KiB allocated, on average.
    public static let defaultMeanSampleBytes = 512 * 1024
    /// Frames kept per stack; deeper stacks lose their root side and are marked truncated.
    public static let maximumFrames = Int(ROOST_PROFILE_MAX_FRAMES)

    public let mode: AllocationProfileMode
    public let meanSampleBytes: Int
    /// The capture session (0 when off).
    private let session: UInt32
    private let labels: Mutex<(ids: [String: UInt32], names: [String])>

    /// A profiler that records nothing (mode `.off`): `record` just runs its body.
    public init() {
        mode = .off
        meanSampleBytes = Self.defaultMeanSampleBytes
        session = 0
        labels = Mutex(([:], []))
    }

    /// A profiler recording in `mode` (`.off` records nothing and adds nothing to the
    /// allocator's path); `seed` makes the sampled mode's choices repeat run to run. `labels`
    /// known now are registered now: `record` then allocates nothing under them, not even
    /// outside the span it records (which would move the thread's later allocations to other
    /// addresses than a run without the profile has).
    public init(mode: AllocationProfileMode, meanSampleBytes: Int = defaultMeanSampleBytes, seed: UInt64 = 0,
                labels: [String] = []) throws(AllocationProfilerError) {
        self.mode = mode
        self.meanSampleBytes = meanSampleBytes
        var known: (ids: [String: UInt32], names: [String]) = ([:], [])
        for label in labels where known.ids[label] == nil {
            known.ids[label] = UInt32(known.names.count)
            known.names.append(label)
        }
        self.labels = Mutex(known)
        guard mode != .off else {
            session = 0
            return
        }
        if let reason = AllocationCounters.unavailableReason { throw .jemallocInactive(reason) }
        guard meanSampleBytes >= 1 else { throw .invalidMeanSampleBytes(meanSampleBytes) }
        var id: UInt32 = 0
        let captureMode = Int32(mode == .exact ? ROOST_PROFILE_EXACT : ROOST_PROFILE_SAMPLED)
        guard roost_profile_session_create(captureMode, Double(meanSampleBytes), seed, &id) == 0 else {
            throw .tooManyProfilers
        }
        session = id
    }

    deinit {
        if session != 0 { roost_profile_session_destroy(session) }
    }

    /// Runs `body`, recording the allocations it makes on this thread under `label`. Call it
    /// around exactly the span you count: the first call on a thread looks up the thread's
    /// stack bounds (which allocates) before recording starts. Nested calls record into the
    /// outer one.
    @inline(never)
    public func record<Result>(_ label: String, _ body: () throws -> Result) rethrows -> Result {
        guard session != 0 else { return try body() }
        let context = contextID(for: label)
        guard roost_profile_begin(session, context) == 0 else { return try body() }
        defer { roost_profile_end() }
        return try body()
    }

    /// What was recorded so far: stacks per label and the recorded allocations still live.
    public func recording() -> AllocationRecording {
        let names = labels.withLock { $0.names }
        guard session != 0 else {
            return AllocationRecording(mode: mode, labels: names, meanSampleBytes: meanSampleBytes, stacks: [], live: [],
                                       droppedAllocations: 0)
        }
        var stacks: [AllocationRecording.Stack] = []
        var index: [StackKey: Int] = [:]
        var stackOfRecord: [[Int]] = []  // per recorder: record index -> stack index
        var dropped = 0
        var peaks: [ExecutionPeak] = [], droppedPeaks = 0
        for recorder in 0..<roost_profile_recorder_count(session) {
            var view = roost_profile_recorder_view()
            guard roost_profile_recorder_read(session, recorder, &view) == 0 else {
                stackOfRecord.append([])
                continue
            }
            dropped += Int(view.dropped)
            var map: [Int] = []
            map.reserveCapacity(Int(view.record_count))
            for position in 0..<Int(view.record_count) {
                let record = view.records[position]
                let first = Int(record.first_frame)
                let frames = (0..<Int(record.depth)).map { UInt(view.frames[first + $0]) }
                let label = Int(record.context) < names.count ? names[Int(record.context)] : "?"
                let key = StackKey(label: label, truncation: Int(record.truncation), frames: frames)
                if let existing = index[key] {
                    stacks[existing].allocations += Int(record.allocations)
                    stacks[existing].bytes += Int(record.bytes)
                    stacks[existing].estimatedAllocations += record.estimated_allocations
                    stacks[existing].estimatedBytes += record.estimated_bytes
                    map.append(existing)
                } else {
                    index[key] = stacks.count
                    map.append(stacks.count)
                    stacks.append(AllocationRecording.Stack(
                        label: label, frames: frames,
                        truncation: AllocationRecording.Truncation(rawValue: Int(record.truncation)) ?? .badFrame,
                        allocations: Int(record.allocations), bytes: Int(record.bytes),
                        estimatedAllocations: record.estimated_allocations, estimatedBytes: record.estimated_bytes))
                }
            }
            stackOfRecord.append(map)
            peaks += Self.peaks(view, stackOfRecord: map, names: names)
            droppedPeaks += Int(view.dropped_peaks)
        }
        let live = liveAllocations().compactMap { entry -> AllocationRecording.LiveAllocation? in
            let recorder = Int(entry.recorder), record = Int(entry.record)
            guard recorder < stackOfRecord.count, record < stackOfRecord[recorder].count else { return nil }
            return AllocationRecording.LiveAllocation(address: UInt(entry.address), size: Int(entry.size),
                                                      requestedSize: Int(min(UInt64(entry.requested), entry.size)),
                                                      stack: stackOfRecord[recorder][record])
        }
        var recording = AllocationRecording(mode: mode, labels: names, meanSampleBytes: meanSampleBytes, stacks: stacks,
                                            live: live.sorted { $0.address < $1.address }, droppedAllocations: dropped)
        recording.peaks = peaks.sorted { $0.sequence < $1.sequence }
        recording.droppedPeaks = droppedPeaks
        return recording
    }

    /// A recorder's executions with their blocks at the peak (`map`: record index -> stack index).
    private static func peaks(_ view: roost_profile_recorder_view, stackOfRecord map: [Int], names: [String]) -> [ExecutionPeak] {
        (0..<Int(view.peak_count)).map { position in
            let peak = view.peaks[position]
            let first = Int(peak.first_site)
            let blocks = (first..<first + Int(peak.site_count)).compactMap { index -> ExecutionPeak.Blocks? in
                let site = view.peak_sites[index]
                guard Int(site.record) < map.count else { return nil }
                return ExecutionPeak.Blocks(stack: map[Int(site.record)], allocations: Int(site.allocations), bytes: Int(site.bytes),
                                            estimatedAllocations: site.estimated_allocations, estimatedBytes: site.estimated_bytes)
            }
            return ExecutionPeak(label: Int(peak.context) < names.count ? names[Int(peak.context)] : "?", peakBytes: Int(peak.peak),
                                 sequence: Int(peak.sequence), blocks: blocks)
        }
    }

    /// The session's live entries (copied into a buffer that grows if other threads add some meanwhile).
    private func liveAllocations() -> [roost_profile_live] {
        var capacity = Int(roost_profile_live_count(session)) + 64
        while true {
            let buffer = UnsafeMutablePointer<roost_profile_live>.allocate(capacity: capacity)
            defer { buffer.deallocate() }
            let copied = Int(roost_profile_live_copy(session, buffer, UInt64(capacity)))
            if copied < capacity { return Array(UnsafeBufferPointer(start: buffer, count: copied)) }
            capacity *= 2
        }
    }

    private func contextID(for label: String) -> UInt32 {
        labels.withLock { labels in
            if let id = labels.ids[label] { return id }
            let id = UInt32(labels.names.count)
            labels.ids[label] = id
            labels.names.append(label)
            return id
        }
    }

    private struct StackKey: Hashable {
        let label: String
        let truncation: Int
        let frames: [UInt]
    }
}
