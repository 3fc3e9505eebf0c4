/// A statement of a step whose work per execution of the step, or whose plan, differs
/// between two runs' `queries.csv`: what `roost compare` names beside a change in a step's
/// database metrics, as it names allocation sites.
public struct StatementChange: Sendable, Hashable {
    /// SQLite's counts for the statement per execution of its step.
    public struct PerExecution: Sendable, Hashable {
        public let runs: Double
        public let vmSteps: Double
        public let fullscanSteps: Double
        public let sorts: Double
        public let autoindexRows: Double
    }

    /// The SQL, whitespace collapsed.
    public let statement: String
    /// nil: the statement is new (not run by the step in the baseline).
    public let baseline: PerExecution?
    /// nil: the statement is gone.
    public let current: PerExecution?
    public let baselinePlan: String?
    public let currentPlan: String?

    /// VM steps per execution, current minus baseline.
    public var vmStepsDelta: Double { (current?.vmSteps ?? 0) - (baseline?.vmSteps ?? 0) }
    /// Runs per execution, current minus baseline.
    public var runsDelta: Double { (current?.runs ?? 0) - (baseline?.runs ?? 0) }
    /// Whether both runs have a plan for it and they differ.
    public var planChanged: Bool {
        guard let baselinePlan, let currentPlan else { return false }
        return baselinePlan != currentPlan
    }
}
