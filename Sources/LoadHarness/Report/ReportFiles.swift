import Foundation

/// The files of a run (design section 6), built from its result.
enum ReportFiles {
    static func steps(_ run: RunResult) -> String {
        var csv = CSV(header: ["scenario", "variant", "step", "count", "errors", "mean_us", "p50_us", "p90_us", "p99_us",
                               "p999_us", "max_us", "ops_per_s", "allocs_per_op", "bytes_per_op"])
        for variant in run.variants {
            let seconds = max(Double(variant.elapsedNanoseconds) / 1e9, 1e-9)
            for step in variant.steps {
                csv.append([run.scenario.name, variant.variant, step.step, String(step.count), String(step.errorCount)]
                    + [step.meanMicroseconds, step.percentileMicroseconds(50), step.percentileMicroseconds(90),
                       step.percentileMicroseconds(99), step.percentileMicroseconds(99.9), step.maxMicroseconds,
                       Double(step.count) / seconds, step.allocationsPerOperation, step.bytesPerOperation].map(CSV.number))
            }
        }
        return csv.text
    }

    static func memory(_ run: RunResult) -> String {
        var csv = CSV(header: ["scenario", "variant", "elapsed_ms", "iteration", "allocated_bytes", "resident_bytes",
                               "rss_bytes", "live_tracked_objects"])
        for variant in run.variants {
            for sample in variant.memory {
                csv.append([run.scenario.name, variant.variant, CSV.number(sample.elapsedMilliseconds), String(sample.iteration),
                            String(sample.allocatedBytes), String(sample.residentBytes), String(sample.rssBytes),
                            String(sample.liveTrackedObjects)])
            }
        }
        return csv.text
    }

    /// After each close: the bytes the variant's steps kept so far and the live tracked objects.
    static func retention(_ run: RunResult) -> String {
        var csv = CSV(header: ["scenario", "variant", "close", "iteration", "step", "elapsed_ms", "retained_bytes",
                               "live_tracked_objects"])
        for variant in run.variants {
            for point in variant.retention {
                csv.append([run.scenario.name, variant.variant, String(point.close), String(point.iteration), point.step,
                            CSV.number(point.elapsedMilliseconds), String(point.retainedBytes),
                            String(point.liveTrackedObjects)])
            }
        }
        return csv.text
    }

    static func leaks(_ run: RunResult) -> String {
        var csv = CSV(header: ["scenario", "variant", "type", "created", "leaked", "leaked_bytes", "cycle", "retained_bytes"])
        for variant in run.variants {
            for leak in variant.leaks {
                csv.append([run.scenario.name, variant.variant, leak.type, String(leak.created), String(leak.leaked),
                            String(leak.leakedBytes), leak.cycle, leak.retainedBytes.map(String.init) ?? ""])
            }
        }
        return csv.text
    }

    static func summary(_ run: RunResult) -> String {
        var csv = CSV(header: ["scenario", "variant", "metric", "value", "unit"])
        for entry in run.metrics.entries {
            csv.append([run.scenario.name, entry.variant, entry.metric, CSV.number(entry.value), entry.unit])
        }
        return csv.text
    }

    static func thresholds(_ run: RunResult) -> String {
        var csv = CSV(header: ["scenario", "threshold", "observed", "passed"])
        for verdict in run.thresholds {
            let name = verdict.threshold.variant == nil && run.variants.count > 1
                ? "\(verdict.threshold.source) [\(verdict.variant)]" : verdict.threshold.source
            csv.append([run.scenario.name, name, verdict.observed.map(CSV.number) ?? "", verdict.passed ? "true" : "false"])
        }
        return csv.text
    }

    static func runInfo(_ run: RunResult, commandLine: [String], configuration: String) -> String {
        var csv = CSV(header: ["key", "value"])
        let formatter = ISO8601DateFormatter()
        let rows: [(String, String)] = [
            ("roost_version", Roost.version), ("git_commit", gitCommit() ?? "unknown"),
            ("swift_version", swiftVersion()), ("build_configuration", configuration),
            ("host", ProcessInfo.processInfo.hostName), ("cores", String(ProcessInfo.processInfo.activeProcessorCount)),
            ("start", formatter.string(from: run.started)), ("end", formatter.string(from: run.ended)),
            ("seed", String(run.scenario.seed)), ("command_line", commandLine.joined(separator: " ")),
            ("interrupted", run.wasInterrupted ? "true" : "false"),
            ("deterministic_hashing", ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"] == nil ? "false" : "true"),
        ]
        for (key, value) in rows { csv.append([key, value]) }
        return csv.text
    }

    /// The HdrHistogram percentile distribution of one step, in microseconds.
    static func histogram(_ step: StepMetrics) -> String {
        var text = ""
        step.latency.outputPercentileDistribution(to: &text, outputValueUnitScalingRatio: 1_000)
        return text
    }

    private static func swiftVersion() -> String {
        #if compiler(>=6.3)
        "6.3+"
        #elseif compiler(>=6.2)
        "6.2"
        #elseif compiler(>=6.1)
        "6.1"
        #else
        "6.0"
        #endif
    }

    private static func gitCommit() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "rev-parse", "--short", "HEAD"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
