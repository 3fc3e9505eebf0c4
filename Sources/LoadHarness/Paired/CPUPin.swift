#if canImport(Glibc)
import Glibc
#endif

/// Which CPUs this process may run on, and pinning it to one: `roost paired` pins itself, and
/// so every run it starts (they inherit it), to one CPU, so that no run of either build
/// migrates between CPUs mid-step (docs/paired-timing.md: the spread of a step's p50 between
/// runs, measured pinned and not).
public enum CPUPin {
    /// glibc's `sched_getaffinity` and `sched_setaffinity` (GNU extensions the Glibc module
    /// does not import), found at run time.
    private typealias Affinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
    private static func function(_ name: String) -> Affinity? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: Affinity.self)
    }

    /// The CPUs this process may run on, in ascending order (empty when Linux does not say).
    public static func allowed() -> [Int] {
        var set = cpu_set_t()
        guard let get = function("sched_getaffinity"),
              withUnsafeMutableBytes(of: &set, { get(0, $0.count, $0.baseAddress!) }) == 0 else { return [] }
        return withUnsafeBytes(of: &set) { bytes in
            (0..<bytes.count * 8).filter { bytes[$0 / 8] & (1 << ($0 % 8)) != 0 }
        }
    }

    /// Pins this process (and the processes it starts from now on) to `cpu`; false when Linux refuses.
    @discardableResult
    public static func pin(to cpu: Int) -> Bool {
        var set = cpu_set_t()
        guard cpu >= 0, cpu < MemoryLayout<cpu_set_t>.size * 8 else { return false }
        guard let setAffinity = function("sched_setaffinity") else { return false }
        return withUnsafeMutableBytes(of: &set) { bytes in
            bytes[cpu / 8] |= UInt8(1 << (cpu % 8))
            return setAffinity(0, bytes.count, bytes.baseAddress!) == 0
        }
    }
}
