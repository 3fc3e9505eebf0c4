import Foundation
@testable import LoadHarness
@testable import SocialStack
import Testing

/// What the wrapper page measured of report.html's database section in a real browser.
struct QueriesCheck: Decodable {
    struct Row: Decodable {
        let step: String
        let fullscan: Bool
        let temp: Bool
        /// Whether each mark the row carries is drawn (a box with a size, in the page).
        let marksDrawn: Bool
        /// The statement cell's text overflows its cell.
        let overflows: Bool
    }

    let errors: [String]
    let pageOverflows: Bool
    let tables: Int
    let rows: [Row]

    static let wrapper = """
        <!doctype html><html><head><meta charset="utf-8"><title>queries check</title></head><body>
        <iframe id="report" src="report.html" style="width:1200px;height:900px;border:0"></iframe>
        <pre id="result"></pre>
        <script>
        var errors = [];
        window.onerror = function (message, source, line) { errors.push(String(message) + " at " + source + ":" + line); };
        document.getElementById("report").addEventListener("load", function () {
          var result = { errors: errors, pageOverflows: true, tables: 0, rows: [] };
          try {
            var doc = document.getElementById("report").contentDocument, root = doc.documentElement;
            result.pageOverflows = root.scrollWidth > root.clientWidth;
            result.tables = doc.querySelectorAll("#queries table.queries").length;
            doc.querySelectorAll("#queries table.queries tbody tr").forEach(function (tr) {
              var marks = tr.querySelectorAll(".mark"), drawn = true;
              marks.forEach(function (m) { var r = m.getBoundingClientRect(); if (r.width <= 0 || r.height <= 0) drawn = false; });
              var cell = tr.querySelector("td.sql");
              result.rows.push({ step: tr.getAttribute("data-step"), fullscan: tr.getAttribute("data-fullscan") === "true",
                                 temp: tr.getAttribute("data-temp-btree") === "true", marksDrawn: drawn,
                                 overflows: cell.scrollWidth > cell.clientWidth + 1 });
            });
          } catch (e) { errors.push("check: " + e); }
          document.getElementById("result").textContent = encodeURIComponent(JSON.stringify(result));
        });
        </script></body></html>
        """
}

/// report.html's "Database work per step" in headless Chromium: a table per step, statements
/// that fit their cells, and a sort's temporary b-tree and a full scan marked where they are.
@Suite(.serialized) struct QueriesSectionBrowserTests {
    @Test(.enabled(if: HeadlessBrowser.shouldRun, "needs Chromium; ROOST_REQUIRE_BROWSER=1 makes its absence a failure"))
    func theDatabaseSectionMarksATemporaryBTreeAndAFullScanInARealRun() async throws {
        let (folder, run) = try await DatabaseWorkTests.run(patch: StackPatch(inStep: { step, stack in
            guard step == "open_profile" else { return }
            try stack.database.read { db in
                // A sort no index serves, and a scan of a whole table.
                _ = try Int64.fetchAll(db, sql: "SELECT id FROM posts WHERE author_id = ? ORDER BY like_count DESC LIMIT 5", arguments: [3])
                _ = try Int64.fetchOne(db, sql: "SELECT count(*) FROM posts WHERE text LIKE '%never%'")
            }
        }), label: "db-browser")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let check: QueriesCheck = try await HeadlessBrowser.check(HTMLReport.page(run), in: QueriesCheck.wrapper, label: "queries-browser")
        #expect(check.errors == [])
        #expect(!check.pageOverflows, "wider than a 1200 px screen")
        // One table per step that ran (close steps included: they run no statement but ran).
        let steps = run.variants[0].statements.filter { $0.value.executions > 0 && !$0.value.statements.isEmpty }
        #expect(check.tables == steps.count, "\(check.tables) tables for \(steps.count) steps")
        #expect(check.rows.contains { $0.step == "open_profile" && $0.temp && !$0.fullscan })
        #expect(check.rows.contains { $0.step == "open_profile" && $0.fullscan })
        #expect(check.rows.allSatisfy { $0.marksDrawn })
        #expect(check.rows.allSatisfy { !$0.overflows })
        #expect(check.rows.count == steps.values.map(\.statements.count).reduce(0, +))
    }
}
