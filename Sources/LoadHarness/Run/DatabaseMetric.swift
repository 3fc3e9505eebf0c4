/// The figures a step's database work is gated on, as `summary.csv` and thresholds name them
/// (`statements(open_feed)`, `vm_steps_p50(open_feed)`).
public enum DatabaseMetric: String, Sendable, CaseIterable, Hashable {
    /// Statements run, transaction control apart.
    case statements
    /// BEGIN, COMMIT, END, ROLLBACK, SAVEPOINT and RELEASE statements run.
    case transactionStatements = "transaction_statements"
    case vmSteps = "vm_steps"
    case fullscanSteps = "fullscan_steps"
    case sorts
    case autoindexRows = "autoindex_rows"

    /// Its place in `allCases`.
    var index: Int {
        switch self {
        case .statements: 0
        case .transactionStatements: 1
        case .vmSteps: 2
        case .fullscanSteps: 3
        case .sorts: 4
        case .autoindexRows: 5
        }
    }

    /// The median's name: `vm_steps_p50`.
    public var medianName: String { rawValue + "_p50" }

    /// Every mean and median name, as `summary.csv` has them.
    public static var metricNames: [String] { allCases.flatMap { [$0.rawValue, $0.medianName] } }

    /// The means, which move with first-use work and interleaving users (gated only with one
    /// user and a warm-up), as allocations' do.
    public static var meanNames: Set<String> { Set(allCases.map(\.rawValue)) }

    /// Metrics that count SQLite's bytecode: another SQLite version runs other bytecode.
    public static let versionDependent: Set<String> = [DatabaseMetric.vmSteps.rawValue, DatabaseMetric.vmSteps.medianName]
}
