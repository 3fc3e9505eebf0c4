import Synchronization

/// Weak references to objects that must die after a point (a screen and its parts once
/// closed) and, after a settle point, the ones that did not: counts and bytes per label.
///
/// `track` is cheap: under a short lock it stores one weak reference and the object's type
/// into fixed-size chunks that never move. Type names, liveness and sizes are worked out
/// only when asked, on a snapshot read outside that lock (readers take turns on a second
/// one), so a reader never blocks `track` for long and an object whose last reference a
/// reader drops is deinitialised outside it.
///
/// Bytes are shallow: each surviving instance's own allocation (its malloc size class, read
/// with `AllocationCounters.allocationSize(of:)`; 0 where jemalloc is not the allocator), not
/// what it references. An object tracked twice counts twice.
///
/// A weak reference keeps its object's side table (Swift's weak-reference record, 32 bytes)
/// after the object dies. `countLive()` lets go of the weak reference to each object it
/// finds dead, so the side table goes when the tracker first sees the death, and reports
/// the bytes that freed beyond what `track` itself allocated (`LiveCount.releasedBytes`):
/// side tables the app's own weak references made, which the app would have freed with the
/// object had the tracker not been holding them. A registration keeps its 40-byte entry
/// until `countLive()` finds every object of its block of 1,024 dead: the block is then
/// retired (its entries become per-label counts for `trackedCounts()`), so a long run whose
/// screens are freed keeps bounded memory here. `removeAll()` forgets everything.
///
/// The tracker is `Sendable` and hands tracked objects back on any thread
/// (`survivingObjects()`); like any memory probe it does not check their thread safety.
public final class LifetimeTracker: Sendable {
    /// Surviving instances that share a label: how many, and their shallow bytes in all.
    public struct Survivor: Hashable, Sendable, CustomStringConvertible {
        /// The label given to `track`, or the type name by default.
        public let label: String
        /// How many tracked objects with this label are still alive.
        public let count: Int
        /// The sum of their own allocation sizes (jemalloc's size class for each instance),
        /// shallow: the instances themselves, not what they reference.
        public let bytes: Int

        /// A survivor group, e.g. for comparing with `survivors()` in a test.
        public init(label: String, count: Int, bytes: Int) {
            self.label = label
            self.count = count
            self.bytes = bytes
        }

        /// Like "3 x ProfileController (192 B)".
        public var description: String { "\(count) x \(label) (\(bytes) B)" }
    }

    /// One registration: the object held weakly (nil once a count found it dead), its
    /// dynamic type (named lazily), its label, and the bytes `track` allocated to form the
    /// weak reference (the object's side table when it had none yet, else 0).
    private struct Entry {
        weak var object: AnyObject?
        let objectType: AnyObject.Type
        let label: String?
        var sideTableBytes: UInt32 = 0
    }

    /// A fixed block of entries; the header counts the initialised ones.
    private final class ChunkStorage: ManagedBuffer<Int, Entry> {
        deinit {
            _ = withUnsafeMutablePointers { count, entries in
                entries.deinitialize(count: count.pointee)
            }
        }
    }

    /// A chunk, shared between threads: an entry is written once, under the lock, before the
    /// count that covers it, and never again, so a snapshot reads the entries below it freely.
    private struct Chunk: @unchecked Sendable {
        static let capacity = 1024
        let storage = unsafeDowncast(
            ChunkStorage.create(minimumCapacity: capacity) { _ in 0 }, to: ChunkStorage.self)
    }

    /// A survivor group's running totals.
    private struct Tally {
        var count = 0, bytes = 0
        mutating func add(count: Int, bytes: Int) { self.count += count; self.bytes += bytes }
    }

    /// The chunks in registration order (all full but the last; nil once retired) and the number of entries.
    private struct State: Sendable {
        var chunks: [Chunk?] = []
        var count = 0
        /// Bumped by `removeAll()`, so a count started before it does not store its scan.
        var generation = 0
        /// What the last `liveCount` found: the entries below `checkedUpTo` that were alive.
        /// Objects die and never come back, so the next count rechecks only these and the
        /// entries tracked since: O(live + new), not O(every entry ever tracked).
        var checkedUpTo = 0
        var live: [Int] = []
        /// What the retired chunks held: how many were tracked, per label or type.
        var retired = Counts()
    }

    /// Registrations counted per label (given) or type (named lazily).
    private struct Counts: Sendable {
        var byLabel: [String: Int] = [:]
        var byType: [ObjectIdentifier: (type: AnyObject.Type, count: Int)] = [:]

        mutating func add(_ entry: UnsafeMutablePointer<Entry>) {
            if let label = entry.pointee.label {
                byLabel[label, default: 0] += 1
            } else {
                let type: AnyObject.Type = entry.pointee.objectType
                byType[ObjectIdentifier(type), default: (type, 0)].count += 1
            }
        }

        mutating func add(_ other: Counts) {
            byLabel.merge(other.byLabel, uniquingKeysWith: +)
            byType.merge(other.byType) { ($0.type, $0.count + $1.count) }
        }
    }

    private let state = Mutex(State())
    /// `notFoundDeadCount`, kept beside `state` (written only under its lock, with the fields
    /// it follows) so a closing user that skips a count reads it without queueing on that lock.
    private let notFoundDead = Atomic<Int>(0)
    /// Held by whoever reads or clears entries outside `state`'s lock (counts, survivor
    /// lists): a weak reference must not be read on one thread while another clears it.
    private let readers = Mutex(())
    private let typeNames = Mutex<[ObjectIdentifier: String]>([:])

    /// Creates an empty tracker.
    public init() {}

    /// Registers an object that must die after a point (a screen and its parts once closed). Label defaults to the type name.
    public func track(_ object: AnyObject, label: String? = nil) {
        let objectType: AnyObject.Type = type(of: object)
        state.withLock { state in
            let slot = state.count % Chunk.capacity
            if slot == 0 { state.chunks.append(Chunk()) }
            guard let last = state.chunks.last, let chunk = last else { return }
            // The weak reference is formed in its slot, so under the lock (the first one to an
            // object allocates its side table). Forming it outside and moving it in shortens
            // the hold but cost ~320 instructions a call against ~200 (callgrind, release).
            chunk.storage.withUnsafeMutablePointers { count, entries in
                let before = AllocationCounters.threadBytesAllocated
                (entries + slot).initialize(to: Entry(object: object, objectType: objectType, label: label))
                (entries + slot).pointee.sideTableBytes = UInt32(
                    clamping: AllocationCounters.threadBytesAllocated &- before)
                count.pointee = slot + 1
            }
            state.count += 1
            notFoundDead.add(1, ordering: .relaxed)
        }
    }

    /// The tracked objects still alive now, grouped by label: count and bytes, most first (count desc, then label asc).
    public func survivors() -> [Survivor] {
        var byLabel: [String: Tally] = [:]
        var byType: [ObjectIdentifier: (type: AnyObject.Type, tally: Tally)] = [:]
        forEachEntry { entry in
            guard let object = entry.pointee.object else { return }
            let bytes = AllocationCounters.allocationSize(of: Unmanaged.passUnretained(object).toOpaque())
            if let label = entry.pointee.label {
                byLabel[label, default: Tally()].add(count: 1, bytes: bytes)
            } else {
                let type: AnyObject.Type = entry.pointee.objectType
                byType[ObjectIdentifier(type), default: (type, Tally())].tally
                    .add(count: 1, bytes: bytes)
            }
        }
        for (id, group) in byType {
            let name = name(of: group.type, id: id), tally = group.tally
            byLabel[name, default: Tally()].add(count: tally.count, bytes: tally.bytes)
        }
        return byLabel
            .map { Survivor(label: $0.key, count: $0.value.count, bytes: $0.value.bytes) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.label < $1.label }
    }

    /// The surviving objects themselves (strong references, for a caller that wants to walk them, e.g. a retain-cycle search), with labels, in registration order.
    public func survivingObjects() -> [(label: String, object: AnyObject)] {
        var result: [(label: String, object: AnyObject)] = []
        var names: [ObjectIdentifier: String] = [:]
        forEachEntry { entry in
            guard let object = entry.pointee.object else { return }
            if let label = entry.pointee.label {
                result.append((label, object))
            } else {
                let type: AnyObject.Type = entry.pointee.objectType, id = ObjectIdentifier(type)
                let label = names[id] ?? name(of: type, id: id)
                names[id] = label
                result.append((label, object))
            }
        }
        return result
    }

    /// Calls `body` with each surviving object and its label, in registration order, holding
    /// only that one strong reference meanwhile: a `RetainCycleDetector.report(from:)` made
    /// inside sees exact outside holders for it and for the other survivors.
    /// Other readers of the tracker wait until it returns, so `body` must not call the
    /// tracker's counts or survivor lists itself (`track` is fine).
    public func forEachSurvivor(_ body: (_ label: String, _ object: AnyObject) throws -> Void) rethrows {
        try readers.withLock { _ in try forEachSurvivorUnlocked(body) }
    }

    private func forEachSurvivorUnlocked(_ body: (_ label: String, _ object: AnyObject) throws -> Void) rethrows {
        var names: [ObjectIdentifier: String] = [:]
        let (chunks, count) = state.withLock { ($0.chunks, $0.count) }
        var remaining = count
        for chunk in chunks where remaining > 0 {
            let filled = min(remaining, Chunk.capacity)
            remaining -= filled
            guard let chunk else { continue }
            try chunk.storage.withUnsafeMutablePointerToElements { entries in
                for index in 0..<filled {
                    guard let object = entries[index].object else { continue }
                    let label: String
                    if let given = entries[index].label {
                        label = given
                    } else {
                        let type: AnyObject.Type = entries[index].objectType, id = ObjectIdentifier(type)
                        label = names[id] ?? name(of: type, id: id)
                        names[id] = label
                    }
                    try body(label, object)
                }
            }
        }
    }

    /// How many tracked objects are alive now (`countLive().live`).
    public var liveCount: Int { countLive().live }

    /// Counts the tracked objects alive now and lets go of the weak references to those found
    /// dead since the last count, measuring what that frees on this thread. Full blocks of
    /// entries whose objects are all dead are retired on the way (their registrations kept
    /// as counts).
    public func countLive() -> LiveCount {
        readers.withLock { _ in countLiveUnlocked() }
    }

    /// `countLive()`, unless another thread is reading the entries now (a count, a survivor
    /// list): then, without waiting, the objects no count has found dead yet
    /// (`notFoundDeadCount`) and nothing released; a later count lets go of the dead objects'
    /// weak references. Many threads closing screens at once would otherwise queue behind one
    /// another's counts (on busy cores, behind a preempted one).
    public func countLiveUnlessCounting() -> LiveCount {
        var count = LiveCount(live: 0, releasedBytes: 0), counted = false
        readers.withLockIfAvailable { _ in
            count = countLiveUnlocked()
            counted = true
        }
        return counted ? count : LiveCount(live: notFoundDeadCount, releasedBytes: 0)
    }

    /// The tracked objects the counts so far have not found dead: those alive at the last
    /// count and those tracked since (an upper bound of the live ones, read without counting).
    public var notFoundDeadCount: Int {
        notFoundDead.load(ordering: .relaxed)
    }

    private func countLiveUnlocked() -> LiveCount {
        let previous = state.withLock { $0 }
        var freed = 0, formedByTrack = 0
        func isAlive(_ index: Int) -> Bool {
            // Entries at or above `checkedUpTo`, or alive at the last count, are never in a retired chunk.
            previous.chunks[index / Chunk.capacity]!.storage.withUnsafeMutablePointerToElements { entries in
                let entry = entries + index % Chunk.capacity
                if entry.pointee.object != nil { return true }
                // Found dead for the first time: drop the weak reference now. Its side table is
                // freed here if no other weak reference holds it (nothing else can free here).
                let before = AllocationCounters.threadBytesFreed
                entry.pointee.object = nil
                freed += Int(AllocationCounters.threadBytesFreed &- before)
                formedByTrack += Int(entry.pointee.sideTableBytes)
                return false
            }
        }
        var live = previous.live.filter(isAlive)
        for index in previous.checkedUpTo..<previous.count where isAlive(index) { live.append(index) }
        // Full chunks, all checked now, with no live entry: their registrations become counts.
        var keep = Set(live.map { $0 / Chunk.capacity })
        keep.insert(previous.count / Chunk.capacity)
        var retiring: [Int] = []
        var counts = Counts()
        for index in 0..<(previous.count / Chunk.capacity) where !keep.contains(index) {
            guard let chunk = previous.chunks[index] else { continue }
            retiring.append(index)
            chunk.storage.withUnsafeMutablePointerToElements { entries in
                for slot in 0..<Chunk.capacity { counts.add(entries + slot) }
            }
        }
        let released = state.withLock { state -> ([Int], [Chunk?]) in
            // Another count may have stored a newer scan meanwhile; then keep that one.
            guard state.generation == previous.generation, state.checkedUpTo == previous.checkedUpTo else { return ([], []) }
            defer {
                state.checkedUpTo = previous.count
                state.live = live
                notFoundDead.store(live.count + (state.count - previous.count), ordering: .relaxed)
            }
            var chunks: [Chunk?] = []
            for index in retiring {
                chunks.append(state.chunks[index])
                state.chunks[index] = nil
            }
            if !retiring.isEmpty { state.retired.add(counts) }
            return (state.live, chunks)
        }
        _ = released  // released here, outside the lock (their weak references were dropped when found dead)
        return LiveCount(live: live.count, releasedBytes: max(0, freed - formedByTrack))
    }

    /// How many objects were ever tracked (since the last `removeAll()`).
    public var trackedCount: Int { state.withLock { $0.count } }

    /// Per label: how many were tracked in all (for a report's `created` column).
    public func trackedCounts() -> [String: Int] {
        var counts = state.withLock { $0.retired }
        forEachEntry { counts.add($0) }
        var byLabel = counts.byLabel
        for (id, group) in counts.byType {
            byLabel[name(of: group.type, id: id), default: 0] += group.count
        }
        return byLabel
    }

    /// Forgets every tracked object, and the counts with them.
    public func removeAll() {
        // The old chunks come out of the lock and are freed (their weak references
        // destroyed) after it is released.
        _ = state.withLock { state -> [Chunk?] in
            let old = state.chunks
            state = State(generation: state.generation + 1)
            notFoundDead.store(0, ordering: .relaxed)
            return old
        }
    }

    /// Calls `body` with each initialised entry in registration order, on a snapshot taken
    /// under the lock and read outside it (later registrations go to later slots).
    private func forEachEntry(_ body: (UnsafeMutablePointer<Entry>) -> Void) {
        readers.withLock { _ in forEachEntryUnlocked(body) }
    }

    private func forEachEntryUnlocked(_ body: (UnsafeMutablePointer<Entry>) -> Void) {
        let (chunks, count) = state.withLock { ($0.chunks, $0.count) }
        var remaining = count
        for chunk in chunks where remaining > 0 {
            let filled = min(remaining, Chunk.capacity)
            remaining -= filled
            guard let chunk else { continue }
            chunk.storage.withUnsafeMutablePointerToElements { entries in
                for index in 0..<filled { body(entries + index) }
            }
        }
    }

    /// The type's name as `String(describing:)` gives it, computed once per type.
    private func name(of type: AnyObject.Type, id: ObjectIdentifier) -> String {
        if let known = typeNames.withLock({ $0[id] }) { return known }
        let name = String(describing: type)
        typeNames.withLock { $0[id] = name }
        return name
    }
}
