import Foundation
import GRDBSQLite
import LoadHarness
import MemoryProbes

extension ProbeBenchmark {
    /// What counting a statement's work costs (StatementCounters): one cached point query
    /// (`SELECT v FROM t WHERE id = ?`, bind, step, reset) on an in-memory SQLite, without the
    /// trace, with the trace outside a measured span (other threads, unmeasured work), and
    /// counting; the batches of the three alternate. Then the bookkeeping after a span.
    func statementCounterCosts() throws -> [Cost] {
        var connection: OpaquePointer?
        guard sqlite3_open(":memory:", &connection) == SQLITE_OK, let connection else {
            throw ProbeBenchmarkError.sqlite("cannot open an in-memory database")
        }
        defer { sqlite3_close(connection) }
        sqlite3_exec(connection, "CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER);"
            + "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) INSERT INTO t SELECT i, i * 7 FROM n",
            nil, nil, nil)
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, "SELECT v FROM t WHERE id = ?", -1, &statement, nil) == SQLITE_OK, let statement else {
            throw ProbeBenchmarkError.sqlite("cannot prepare the benchmark's query")
        }
        defer { sqlite3_finalize(statement) }
        let calls = max(1, options.calls / 10)
        var key: Int64 = 0
        let query = {
            key = key % 1_000 + 1
            sqlite3_bind_int64(statement, 1, key)
            while sqlite3_step(statement) == SQLITE_ROW { blackHole(sqlite3_column_int64(statement, 0)) }
            sqlite3_reset(statement)
        }
        var plain: [Double] = [], idle: [Double] = [], counting: [Double] = []
        var allocations = 0
        for _ in 0..<options.batches {
            sqlite3_trace_v2(connection, 0, nil, nil)
            // SQLite allocates in some runs of its own: what counting adds is the difference.
            allocations -= AllocationCounters.measure { plain += perCall(calls: calls, batches: 1, query) }.allocations
            StatementCounters.install(on: connection)
            idle += perCall(calls: calls, batches: 1, query)
            StatementCounters.begin()
            let measured = AllocationCounters.measure { counting += perCall(calls: calls, batches: 1, query) }
            StatementCounters.end()
            allocations += measured.allocations
        }
        let table = StatementCounters.end()
        var steps = StepStatements(), text = StatementText()
        let bookkeeping = perCall(calls: max(1, calls / 10), batches: options.batches) {
            steps.record(table, user: 0, collapse: &text)
        }
        let difference = { (with: [Double]) in zip(with, plain).map { $0 - $1 } }
        let median = Statistics.median(plain) ?? 0
        return [
            cost("SQLite point query, not traced", "ns", plain, "bind, step, reset of a cached SELECT on an in-memory table"),
            cost("StatementCounters, traced outside a span", "ns", difference(idle),
                 "per statement, over the untraced query (\(String(format: "%.0f", median)) ns): the profile callback's clock read and 5 counter resets"),
            cost("StatementCounters, counting", "ns", difference(counting),
                 "per statement, over the untraced query: the same plus the thread's table (\(allocations) allocations more than "
                    + "untraced in \(options.batches * calls) statements)"),
            cost("StepStatements.record, after a span", "ns", bookkeeping,
                 "per step execution with \(table.pointee.count) statement\(table.pointee.count == 1 ? "" : "s") counted, outside the span"),
        ]
    }

    /// Nanoseconds per call of `body`, one figure per batch.
    func perCall(calls: Int, batches: Int, _ body: () -> Void) -> [Double] {
        (0..<batches).map { _ in
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<calls { body() }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(calls)
        }
    }
}
