/// The database work of one measured step (design section 11): per distinct statement (its
/// SQL with whitespace collapsed) SQLite's own counts summed over the step's executions, and
/// per execution the figures `steps.csv` and `summary.csv` give, with the same mean / median
/// rule as allocations (a median per virtual user, then the median of those).
public struct StepStatements: Sendable {
    /// What SQLite counted for one statement over the step's executions.
    public struct Totals: Sendable, Hashable {
        /// Times the statement ran (`SQLITE_STMTSTATUS_RUN`).
        public internal(set) var runs = 0
        /// Virtual machine steps (`SQLITE_STMTSTATUS_VM_STEP`).
        public internal(set) var vmSteps = 0
        /// Steps of a full table or index scan (`SQLITE_STMTSTATUS_FULLSCAN_STEP`).
        public internal(set) var fullscanSteps = 0
        /// Sort operations (`SQLITE_STMTSTATUS_SORT`).
        public internal(set) var sorts = 0
        /// Rows put into automatic indexes (`SQLITE_STMTSTATUS_AUTOINDEX`).
        public internal(set) var autoindexRows = 0

        mutating func add(_ other: Totals) {
            runs += other.runs
            vmSteps += other.vmSteps
            fullscanSteps += other.fullscanSteps
            sorts += other.sorts
            autoindexRows += other.autoindexRows
        }
    }

    /// Per statement (SQL text, whitespace collapsed), its totals over the step's executions.
    public private(set) var statements: [String: Totals] = [:]
    /// How many executions were counted.
    public private(set) var executions = 0
    /// Sums over every execution, per metric (indexed by `DatabaseMetric.index`).
    private(set) var sums = [Int](repeating: 0, count: DatabaseMetric.allCases.count)
    /// Per virtual user, each metric's exact frequency table of per-execution values.
    var perUser: [Int: [[Int: Int]]] = [:]

    /// Nothing counted yet.
    public init() {}

    /// Counts read back from a run folder: each statement's totals (`queries.csv`) and, per
    /// virtual user, each metric's table of per-execution values (`distributions.csv`).
    init(statements: [String: Totals], perUser: [Int: [DatabaseMetric: [Int: Int]]]) {
        self.statements = statements
        for (user, tables) in perUser {
            var ordered = Array(repeating: [Int: Int](), count: DatabaseMetric.allCases.count)
            for (metric, table) in tables { ordered[metric.index] = table }
            self.perUser[user] = ordered
            for (index, table) in ordered.enumerated() { sums[index] += table.reduce(0) { $0 + $1.key * $1.value } }
            executions += ordered[0].values.reduce(0, +)
        }
    }

    /// Each virtual user's table of per-execution values of `metric`.
    func perUserTables(_ metric: DatabaseMetric) -> [Int: [Int: Int]] { perUser.mapValues { $0[metric.index] } }

    /// Adds one execution by virtual user `user`: what the thread's table counted in it.
    @discardableResult
    package mutating func record(_ table: UnsafeMutablePointer<StatementCounterTable>, user: Int, collapse: inout StatementText) -> Int {
        var execution = (statements: 0, transactions: 0, work: StatementCounterTable.Work())
        func add(_ sql: String, isTransactionControl: Bool, _ work: StatementCounterTable.Work) {
            statements[sql, default: Totals()].add(Totals(runs: work.runs, vmSteps: work.vmSteps, fullscanSteps: work.fullscanSteps,
                                                          sorts: work.sorts, autoindexRows: work.autoindexRows))
            if isTransactionControl { execution.transactions += work.runs } else { execution.statements += work.runs }
            execution.work.add(work)
        }
        for index in 0..<table.pointee.count {
            let (sql, work) = table.pointee.entry(index)
            let text = collapse.known(sql)
            add(text.collapsed, isTransactionControl: text.isTransactionControl, work)
        }
        if table.pointee.overflow.runs > 0 { add(StatementText.overflow, isTransactionControl: false, table.pointee.overflow) }
        let work = execution.work
        record([execution.statements, execution.transactions, work.vmSteps, work.fullscanSteps, work.sorts, work.autoindexRows],
               user: user)
        return execution.statements
    }

    /// Adds one execution's figures, in `DatabaseMetric.allCases` order.
    mutating func record(_ execution: [Int], user: Int) {
        executions += 1
        var tables = perUser.removeValue(forKey: user) ?? Array(repeating: [:], count: sums.count)
        for (index, value) in execution.enumerated() {
            sums[index] += value
            tables[index][value, default: 0] += 1
        }
        perUser[user] = tables
    }

    /// Adds another virtual user's (or run part's) counts of the same step.
    mutating func merge(_ other: StepStatements) {
        for (sql, totals) in other.statements { statements[sql, default: Totals()].add(totals) }
        executions += other.executions
        for index in sums.indices { sums[index] += other.sums[index] }
        for (user, tables) in other.perUser {
            var mine = perUser[user] ?? Array(repeating: [:], count: sums.count)
            for index in tables.indices { mine[index].merge(tables[index], uniquingKeysWith: +) }
            perUser[user] = mine
        }
    }

    /// The mean per execution of `metric` (0 when the step never ran).
    public func mean(_ metric: DatabaseMetric) -> Double {
        executions == 0 ? 0 : Double(sums[metric.index]) / Double(executions)
    }

    /// The median per execution of `metric`: each virtual user's median, then their median.
    public func median(_ metric: DatabaseMetric) -> Double {
        Statistics.median(perUser.values.compactMap { Statistics.median(frequencies: $0[metric.index]) }) ?? 0
    }
}
