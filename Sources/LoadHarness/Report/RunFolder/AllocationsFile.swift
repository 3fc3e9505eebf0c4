/// `allocations.csv` (`RunTable.allocations`, with an allocation profile): per variant, step
/// and site, the step's executions and the site's allocations, bytes and what is still live,
/// and (since design 19) its blocks live at the peak of the step's median execution (empty
/// when not recorded), then (since design 20) the population that played the step.
enum AllocationsFile {
    /// One variant's rows.
    static func rows(scenario: String, _ variant: VariantResult) -> [[String]] {
        (variant.allocationProfile?.sites ?? []).map { site in
            let (step, population) = PopulationColumn.fields(site.step)
            return [scenario, variant.variant, step, site.site, String(site.executions), String(site.allocations),
                    String(site.bytes), String(site.retainedAllocations), String(site.retainedBytes),
                    site.peakAllocations.map(String.init) ?? "", site.peakBytes.map(String.init) ?? "", population]
        }
    }

    /// The file's text for `run`.
    static func text(_ run: RunResult) -> String {
        RunTable.allocations.text(run.variants.flatMap { rows(scenario: run.scenario.name, $0) })
    }

    /// One row read back (its site's `step` the run's name of the step: `readers.open_feed`).
    struct Row: Sendable, Hashable {
        let scenario: String, variant: String
        let site: VariantAllocationProfile.Site
    }

    /// The folder's rows; nil when it has no allocations.csv (no profile).
    static func read(_ folder: RunFolder) throws(RunFolderError) -> [Row]? {
        guard let table = try folder.read(.allocations) else { return nil }
        var rows: [Row] = []
        for row in table.rows {
            let executions: Int, allocations: Int, bytes: Int
            do {
                executions = try row.number("executions")
                allocations = try row.number("allocs")
                bytes = try row.number("bytes")
                guard executions > 0 else { throw row.problem("") }
            } catch {
                throw row.problem("expected numbers in 'executions' (above 0), 'allocs' and 'bytes', got \(row.fields.joined(separator: ","))")
            }
            rows.append(Row(scenario: try row.text("scenario"), variant: try row.text("variant"), site: VariantAllocationProfile.Site(
                step: try PopulationColumn.runStep(row), site: try row.text("site"), executions: executions, allocations: allocations, bytes: bytes,
                retainedAllocations: try row.number("retained_allocs"), retainedBytes: try row.number("retained_bytes"),
                peakAllocations: try row.optionalNumber("peak_allocs"), peakBytes: try row.optionalNumber("peak_bytes"))))
        }
        return rows
    }
}
