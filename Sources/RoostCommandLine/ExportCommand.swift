import ArgumentParser
import Foundation
import LoadHarness

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export run folders' smaller-is-better metrics for github-action-benchmark (customSmallerIsBetter JSON).",
        discussion: """
            Per step: p50, p90, p99 (us), allocs_per_op, bytes_per_op, statements, vm_steps, fullscan_steps; per variant: leaked_objects, leaked_bytes, \
            retained_per_close. Names read "<scenario> <variant> <metric>". Feed the file to \
            benchmark-action/github-action-benchmark with tool: 'customSmallerIsBetter'.
            """
    )

    @Argument(help: "Run folders (each with a summary.csv).") var folders: [String]
    @Option(help: "Write the JSON here instead of standard output.") var output: String?

    func run() throws {
        do {
            let json = try BenchmarkExport.json(BenchmarkExport.entries(folders: folders)) + "\n"
            if let output {
                try Data(json.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } else {
                print(json, terminator: "")
            }
        } catch {
            printError("roost export: \(error)")
            throw ExitCode(1)
        }
    }
}
