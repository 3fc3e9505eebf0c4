import Foundation

/// Where most waiting samples sit: for each off-CPU sample, the outermost frame of its leaf
/// run of frames in system libraries (any shared object that is not the main executable:
/// libc, Foundation, Dispatch, the Swift runtime, libsqlite3.so ...) and that frame's caller,
/// the first frame in the main executable. The most common (caller, callee) pair, with its
/// share of the waiting samples: `ObservationHub.publish(_:) -> Foundation.NSLock.lock() (87%)`.
public struct WaitingSite: Sendable, Hashable, CustomStringConvertible {
    /// The first frame in the main executable above the wait (who waited).
    public let caller: String
    /// The outermost system-library frame below it (what it waited in).
    public let callee: String
    /// Waiting samples under this pair.
    public let samples: Int
    /// Waiting samples in all (off CPU, of the tags asked about): the share's denominator.
    public let waitingSamples: Int

    /// The pair's share of the waiting samples, 0...1.
    public var share: Double { waitingSamples == 0 ? 0 : Double(samples) / Double(waitingSamples) }

    /// `caller -> callee (87%)`.
    public var description: String { "\(caller) -> \(callee) (\(Int((share * 100).rounded()))%)" }

    /// A site (what `dominant` finds; tests compare with it).
    public init(caller: String, callee: String, samples: Int, waitingSamples: Int) {
        self.caller = caller
        self.callee = callee
        self.samples = samples
        self.waitingSamples = waitingSamples
    }

    /// The dominant site among `profile`'s off-CPU samples of `tag` (every tag when nil); nil
    /// when no sample waited or none had both a system-library leaf and a caller in the
    /// executable.
    public static func dominant(in profile: WallClockProfile, tag: Int32? = nil,
                                symbolizer: StackSymbolizer = StackSymbolizer()) -> WaitingSite? {
        let waiting = profile.samples.filter { !$0.onCPU && (tag == nil || $0.tag == tag) }
        let executable = (LoadedModule.executablePath as NSString).lastPathComponent
        return dominant(among: waiting.map { $0.named(by: symbolizer) }, executable: executable)
    }

    /// The dominant site among waiting stacks already named (leaf first, as
    /// `WallClockProfile.Sample.named(by:)` gives them), `executable` the main executable's
    /// module name. Ties go to the pair first in name order.
    public static func dominant(among stacks: [[SymbolizedFrame]], executable: String) -> WaitingSite? {
        struct Pair: Hashable { let caller: String, callee: String }
        var counts: [Pair: Int] = [:]
        for frames in stacks {
            // The leaf run in libraries ends at the first frame in the executable; a wait with
            // no library frame at its leaf, or no executable frame at all, names no pair.
            guard let first = frames.firstIndex(where: { $0.module == executable }), first > 0 else { continue }
            counts[Pair(caller: WallClockProfile.name(of: frames[first]),
                        callee: WallClockProfile.name(of: frames[first - 1])), default: 0] += 1
        }
        let best = counts.min { a, b in
            if a.value != b.value { return a.value > b.value }
            return (a.key.caller, a.key.callee) < (b.key.caller, b.key.callee)
        }
        guard let best else { return nil }
        return WaitingSite(caller: best.key.caller, callee: best.key.callee, samples: best.value,
                           waitingSamples: stacks.count)
    }
}
