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
        // `reached`: every object the walk found, by address, with its discovery rank (the walk
        // is breadth first, so a lower rank is fewer references away).
        struct Finding { var cycle: RetainCycle?; var reached: [UInt: Int]; var outsideHolders: Int; var complete: Bool }
        var findings: [String: Finding] = [:]
        var firstAddress: [String: UInt] = [:]
        var order: [String] = []
        let detector = RetainCycleDetector(maxDepth: 12, maxObjects: 200_000, maxCycles: 50)
        tracker.forEachSurvivor { label, object in
            guard findings[label] == nil else { return }
            let report = detector.report(from: object)
            let reached = Dictionary(report.objects.dropFirst().enumerated().map { ($1.address, $0) }) { first, _ in first }
            findings[label] = Finding(cycle: report.cycles.first, reached: reached,
                                      outsideHolders: report.objects.first?.externalHolders ?? 0, complete: report.isComplete)
            firstAddress[label] = report.objects.first?.address
            order.append(label)
        }

        func reason(for label: String) -> String {
            guard let finding = findings[label] else { return "" }
            if let cycle = finding.cycle { return cycle.description + (cycle.isUnreachable ? " (unreachable)" : "") }
            // The leaked type with a cycle whose walk reached it in the fewest references.
            if let address = firstAddress[label],
               let holder = order.filter({ $0 != label && findings[$0]?.cycle != nil })
                   .compactMap({ holder in findings[holder]?.reached[address].map { (holder, $0) } })
                   .min(by: { $0.1 < $1.1 })?.0,
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
