/// How `roost compare` prints the allocation sites behind a change, per step: each site's
/// change per execution, exactly (`+1 alloc, +384 B`), with its before and after; and behind a
/// change in a step's peak, each site's change in the blocks live at the median execution's peak.
enum SiteChangeText {
    static func text(_ steps: [StepSiteChanges]) -> [String] {
        text(steps, title: "sites that changed most (per execution of the step, from allocations.csv):")
    }

    /// The sites behind changed peaks, and the steps whose sites at the peak cannot be named.
    static func peakText(_ steps: [StepSiteChanges], notes: [String]) -> [String] {
        text(steps, title: "sites whose bytes at the peak changed most (live at the peak of the step's median execution, "
            + "from allocations.csv's peak_allocs and peak_bytes):") + notes
    }

    private static func text(_ steps: [StepSiteChanges], title: String) -> [String] {
        guard !steps.isEmpty else { return [] }
        var lines = [title]
        for step in steps {
            lines.append("  \(step.scenario)/\(step.variant) \(step.step): \(heading(step))")
            let deltas = step.sites.map { delta($0) }
            let width = deltas.map(\.count).max() ?? 0
            for (site, delta) in zip(step.sites, deltas) {
                lines.append("    " + delta.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(site.site)  \(fromTo(site))")
            }
        }
        return lines
    }

    static func markdown(_ steps: [StepSiteChanges]) -> [String] {
        markdown(steps, title: "Sites that changed most", scope: "per execution", columns: "| site | allocs/op | bytes/op |")
    }

    /// The sites behind changed peaks, and the steps whose sites at the peak cannot be named.
    static func peakMarkdown(_ steps: [StepSiteChanges], notes: [String]) -> [String] {
        markdown(steps, title: "Sites whose bytes at the peak changed most", scope: "live at the median execution's peak",
                 columns: "| site | allocs at the peak | bytes at the peak |") + notes.map { "- " + $0 }
    }

    private static func markdown(_ steps: [StepSiteChanges], title: String, scope: String, columns: String) -> [String] {
        var lines: [String] = []
        for step in steps {
            lines.append("")
            lines.append("#### \(title) in \(step.scenario)/\(step.variant) `\(step.step)` (\(scope); \(heading(step)))")
            lines.append(columns)
            lines.append("|---|---:|---:|")
            for site in step.sites {
                let status = site.baseline == nil ? " (new)" : site.current == nil ? " (gone)" : ""
                let name = site.site.replacingOccurrences(of: "|", with: "\\|")
                lines.append("| `\(name)`\(status) | \(number(site.baseline?.allocations ?? 0)) -> \(number(site.current?.allocations ?? 0)) "
                    + "(\(signed(site.allocationsDelta))) | \(number(site.baseline?.bytes ?? 0)) -> \(number(site.current?.bytes ?? 0)) "
                    + "(\(signed(site.bytesDelta)) B) |")
            }
        }
        return lines
    }

    /// "2 of 7 changed sites, exact profiles".
    private static func heading(_ step: StepSiteChanges) -> String {
        let shown = step.sites.count == step.changedSites
            ? "\(step.changedSites) changed site\(step.changedSites == 1 ? "" : "s")"
            : "top \(step.sites.count) of \(step.changedSites) changed sites"
        let mode: String = switch step.mode {
        case "exact": "exact profiles"
        case "sampled": "sampled profiles: estimates"
        case let other?: "profiles \(other): compare like with like"
        case nil: "profile mode not recorded"
        }
        return "\(shown), \(mode)"
    }

    /// "+1 alloc, +384 B".
    private static func delta(_ site: SiteChange) -> String {
        let allocations = site.allocationsDelta
        return signed(allocations) + (abs(allocations) == 1 ? " alloc, " : " allocs, ") + signed(site.bytesDelta) + " B"
    }

    /// "(new: 1 alloc, 384 B)", "(gone: was ...)" or "(2 allocs, 768 B -> 3 allocs, 1152 B)".
    private static func fromTo(_ site: SiteChange) -> String {
        func amount(_ perOp: SiteChange.PerOp) -> String {
            number(perOp.allocations) + (perOp.allocations == 1 ? " alloc, " : " allocs, ") + number(perOp.bytes) + " B"
        }
        switch (site.baseline, site.current) {
        case (nil, let new?): return "(new: \(amount(new)))"
        case (let old?, nil): return "(gone: was \(amount(old)))"
        case (let old?, let new?): return "(\(amount(old)) -> \(amount(new)))"
        case (nil, nil): return ""
        }
    }

    private static func number(_ value: Double) -> String { CSV.number((value * 1000).rounded() / 1000) }

    private static func signed(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return (rounded >= 0 ? "+" : "") + CSV.number(rounded)
    }
}
