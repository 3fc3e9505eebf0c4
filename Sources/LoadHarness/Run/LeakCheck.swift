import MemoryProbes

/// The lifetime check at the end of a variant: which tracked parts of closed screens are
/// alive, by type, and why: the shortest retain cycle through a survivor of that type, or
/// the survivor of another type whose graph holds it, or an outside holder.
enum LeakCheck {
    static func records(tracker: LifetimeTracker) -> [LeakRecord] {
        let created = tracker.trackedCounts()
        var survivors: [String: (count: Int, bytes: Int)] = [:]
        for survivor in tracker.survivors() { survivors[survivor.label] = (survivor.count, survivor.bytes) }

        // One walk per type, from its first survivor.
        struct Finding { var cycle: RetainCycle?; var reached: Set<UInt>; var outsideHolders: Int; var complete: Bool }
        var findings: [String: Finding] = [:]
        var firstAddress: [String: UInt] = [:]
        var order: [String] = []
        let detector = RetainCycleDetector(maxDepth: 12, maxObjects: 200_000, maxCycles: 50)
        tracker.forEachSurvivor { label, object in
            guard findings[label] == nil else { return }
            let report = detector.report(from: object)
            findings[label] = Finding(cycle: report.cycles.first, reached: Set(report.objects.dropFirst().map(\.address)),
                                      outsideHolders: report.objects.first?.externalHolders ?? 0, complete: report.isComplete)
            firstAddress[label] = report.objects.first?.address
            order.append(label)
        }

        func reason(for label: String) -> String {
            guard let finding = findings[label] else { return "" }
            if let cycle = finding.cycle { return cycle.description + (cycle.isUnreachable ? " (unreachable)" : "") }
            if let address = firstAddress[label],
               let holder = order.first(where: { $0 != label && findings[$0]?.cycle != nil && findings[$0]?.reached.contains(address) == true }),
               let cycle = findings[holder]?.cycle {
                return "held by a leaked \(holder): \(cycle)"
            }
            if finding.outsideHolders > 0 {
                return "no cycle: held from outside the screen (\(finding.outsideHolders) reference(s))"
            }
            return finding.complete ? "no cycle found" : "no cycle found (walk incomplete)"
        }

        return created.keys.sorted().map { type in
            let alive = survivors[type] ?? (0, 0)
            return LeakRecord(type: type, created: created[type] ?? 0, leaked: alive.count, leakedBytes: alive.bytes,
                              cycle: alive.count > 0 ? reason(for: type) : "")
        }
    }
}
