import Foundation
import MemoryProbes

extension ProbeWallProfile {
    /// The profile of a probe's users from what the wall-clock sampler took: per measured step
    /// (`steps`, by the tag their index gave the samples), folded below the harness's frames,
    /// with its off-CPU samples and where most of them sit.
    init(_ profile: WallClockProfile, steps: [String], symbolizer: StackSymbolizer = StackSymbolizer()) {
        let folded = profile.folded(symbolizer: symbolizer, below: Self.isHarnessEntry)
        var counts: [Int32: (all: Int, off: Int)] = [:]
        for sample in profile.samples {
            counts[sample.tag, default: (0, 0)].all += 1
            if !sample.onCPU { counts[sample.tag, default: (0, 0)].off += 1 }
        }
        // The users' samples between steps come last, under a name no step has.
        let tagged = steps.enumerated().map { (Int32($0.offset), $0.element) } + [(Int32(-1), Self.outsideSteps)]
        self.init(steps: tagged.map { tag, name in
            let count = counts[tag] ?? (0, 0)
            let site = count.off > 0 ? WaitingSite.dominant(in: profile, tag: tag, symbolizer: symbolizer) : nil
            return Step(step: name, samples: count.all, offCPU: count.off, folded: folded[tag] ?? [:],
                        waitingSite: site.map { WaitingSiteName(caller: $0.caller, callee: $0.callee, share: $0.share) })
        }, missed: profile.missed, note: Self.note(profile, outside: counts[-1]?.all ?? 0))
    }

    /// The root frame of the users' samples between steps (the harness's scheduling and
    /// recording, and waiting for an iteration's start).
    public static let outsideSteps = "(outside steps)"

    /// The innermost frame of the harness above a step: what the folded stacks start below.
    static func isHarnessEntry(_ frame: SymbolizedFrame) -> Bool {
        ["StepPlayer.measure", "InstructionCounter.collect", "AllocationProfiler.record"].contains { frame.name.contains($0) }
    }

    /// What a reader should know of the samples: none taken, some missed, some outside steps.
    private static func note(_ profile: WallClockProfile, outside: Int) -> String? {
        guard !profile.samples.isEmpty else {
            return "No sample was taken (\(profile.ticks) ticks, \(profile.missed) missed): the users' threads could not be sampled."
        }
        var parts: [String] = []
        if profile.missed > 0 {
            parts.append("\(HTMLText.count(profile.missed)) sample\(profile.missed == 1 ? "" : "s") missed (a thread that had "
                + "ended, or did not answer in time)")
        }
        if outside > 0 {
            parts.append("\(HTMLText.count(outside)) of \(HTMLText.count(profile.samples.count)) samples found a user between "
                + "steps (the harness's scheduling and recording, or waiting for an iteration's start): in the folded file "
                + "under \(outsideSteps), not drawn")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ") + "."
    }
}
