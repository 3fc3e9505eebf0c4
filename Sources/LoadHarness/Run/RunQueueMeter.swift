#if canImport(Glibc)
import Glibc
#endif

/// The time the process's threads spent ready to run with no core to run on (design section
/// 18): the CPU's saturation, as the USE method reads it, beside its utilisation (the cores'
/// busy share). A thread woken to take a lock or a writer's turn that then waits for a core
/// holds up everyone queued behind it, so busy cores can limit a stack whose steps are off
/// CPU. Linux keeps it per thread, as the second field of `/proc/self/task/<tid>/schedstat`
/// (nanoseconds, since the thread began; kernels with CONFIG_SCHED_INFO, as distributions
/// build them). The meter adds up what each thread's figure grew by between readings: a
/// thread that began counts from its start; one that ended since the last reading loses its
/// last stretch, unless its last figure is handed in (a virtual user's thread reads its own
/// as it finishes: the phase's last reading comes after the users' threads end).
final class RunQueueMeter {
    /// Each live thread's run-queue time so far, by thread id (nil: not available here).
    typealias Reading = () -> [Int32: UInt64]?

    private let read: Reading
    private var last: [Int32: UInt64]?
    private var total: UInt64 = 0

    /// A meter of `read`'s figures (by default this process's threads'), counting from
    /// `origin` (a reading taken before; nil: from its own first reading).
    init(origin: [Int32: UInt64]? = nil, read: @escaping Reading = RunQueueMeter.processThreads) {
        self.read = read
        last = origin
    }

    /// Whether the meter counts from a reading it was given.
    var hasOrigin: Bool { last != nil }

    /// The time the threads spent waiting for a core since the meter's first reading,
    /// nanoseconds (0 at the first; nil: not available here). `endedThreads`: the last figures
    /// of threads that may have ended since, by thread id (a live thread's own figure wins).
    func advance(endedThreads: [Int32: UInt64] = [:]) -> UInt64? {
        guard let now = read().map({ endedThreads.merging($0) { _, live in live } }) else { return nil }
        defer { last = now }
        guard let last else { return 0 }
        for (thread, waited) in now {
            // A thread id reused by a new thread starts below the old one's figure: all of it is new.
            let before = last[thread] ?? 0
            total &+= waited >= before ? waited - before : waited
        }
        return total
    }

    /// Threads' figures by thread id (the last of a thread id's, should one come twice).
    static func figures(_ threads: [(thread: Int32, nanoseconds: UInt64)]) -> [Int32: UInt64] {
        Dictionary(threads.map { ($0.thread, $0.nanoseconds) }) { _, last in last }
    }

    /// The calling thread's id and run-queue time so far (nil: not available here).
    static func callingThread() -> (thread: Int32, nanoseconds: UInt64)? {
        var link = [CChar](repeating: 0, count: 64), text = [UInt8](repeating: 0, count: 96)
        // `/proc/thread-self` links to `<pid>/task/<tid>`.
        let length = readlink("/proc/thread-self", &link, link.count - 1)
        guard length > 0, let thread = Int32(String(decoding: link[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .split(separator: "/").last ?? ""),
            let fields = schedstat(at: AT_FDCWD, Array("/proc/thread-self/schedstat".utf8CString), into: &text), fields.onCPU > 0
        else { return nil }
        return (thread, fields.runQueue)
    }

    /// This process's threads' run-queue times, read from `/proc/self/task/*/schedstat`; nil
    /// where the files cannot be read or the kernel keeps no figures (every line `0 0 0`).
    static func processThreads() -> [Int32: UInt64]? {
        guard let directory = opendir("/proc/self/task") else { return nil }
        defer { closedir(directory) }
        let task = dirfd(directory)
        var threads: [Int32: UInt64] = [:]
        var counted = false
        var path = [CChar](repeating: 0, count: 64), text = [UInt8](repeating: 0, count: 96)
        while let entry = readdir(directory) {
            // `<tid>/schedstat`, opened relative to the task folder's descriptor.
            let thread = withUnsafeBytes(of: entry.pointee.d_name) { name -> Int32? in
                let digits = name.prefix { $0 != 0 }
                guard !digits.isEmpty, digits.count < 12, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
                for (index, byte) in (Array(digits) + Array("/schedstat".utf8) + [0]).enumerated() { path[index] = CChar(bitPattern: byte) }
                return Int32(digits.reduce(0) { $0 * 10 + Int($1 - 0x30) })
            }
            guard let thread, let fields = schedstat(at: task, path, into: &text) else { continue }
            threads[thread] = fields.runQueue
            counted = counted || fields.onCPU > 0
        }
        return counted ? threads : nil
    }

    /// The first two fields of a schedstat file: time on a core and time waiting for one, nanoseconds.
    private static func schedstat(at folder: Int32, _ path: [CChar], into text: inout [UInt8]) -> (onCPU: UInt64, runQueue: UInt64)? {
        let file = openat(folder, path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }  // the thread ended since the listing
        defer { close(file) }
        let length = text.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
        guard length > 0 else { return nil }
        var fields: [UInt64] = [0, 0], field = 0, digits = 0
        for byte in text[..<length] {
            if byte >= 0x30 && byte <= 0x39 {
                fields[field] = fields[field] &* 10 &+ UInt64(byte - 0x30)
                digits += 1
            } else if digits > 0 {
                field += 1
                digits = 0
                if field == 2 { break }
            }
        }
        return field == 2 ? (fields[0], fields[1]) : nil
    }
}
