@testable import LoadHarness
import Testing

/// How reports write a statement's SQL, and which statements only control a transaction: the
/// same answer for every virtual user, whichever saw the statement first.
@Suite struct StatementTextTests {
    @Test func whitespaceRunsCollapseAndTransactionControlIsToldApart() {
        var first = StatementText(), second = StatementText()
        let select = "SELECT id\n  FROM post\tWHERE author = ?  "
        #expect(first.known(select).collapsed == "SELECT id FROM post WHERE author = ?")
        #expect(!first.known(select).isTransactionControl)
        // A second user gets the same answer (from the process's cache on its first sight).
        #expect(second.known(select).collapsed == "SELECT id FROM post WHERE author = ?")
        for control in ["BEGIN IMMEDIATE TRANSACTION", "  commit", "ROLLBACK TO SAVEPOINT x", "release savepoint x", "END"] {
            #expect(second.known(control).isTransactionControl, "\(control)")
        }
        #expect(!second.known("ENDPOINTS").isTransactionControl)
        #expect(!second.known("INSERT INTO post(body) VALUES ('BEGIN')").isTransactionControl)
    }
}
