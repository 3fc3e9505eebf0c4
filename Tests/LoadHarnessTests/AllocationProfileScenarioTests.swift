import Foundation
import LoadHarness
import MemoryProbes
import Testing

/// Allocation profiles of the bundled scenarios, checked against what the counters, the
/// retention points and the screens' code say (design section 8). Scenarios run with fewer
/// iterations than their files ask for, so that the debug build stays quick; every step of
/// them still runs.
@Suite struct AllocationProfileScenarioTests {
    private static func bundled(_ name: String, iterations: Int) throws -> Scenario {
        var scenario = try ScenarioLoader.load(path: ScenarioTestSupport.scenariosFolder.appendingPathComponent("\(name).yaml").path)
        scenario.load = .closed(.init(virtualUsers: 1, iterations: iterations, warmup: 1))
        return scenario
    }

    private static func total(_ profile: VariantAllocationProfile, step: String) -> (allocations: Int, bytes: Int) {
        profile.stacks.filter { $0.step == step }.reduce((0, 0)) { ($0.0 + $1.allocations, $0.1 + $1.bytes) }
    }

    @Test func profilingChangesNothingItMeasuresAndExactProfilesAddUp() async throws {
        let scenario = try Self.bundled("ci", iterations: 3)
        _ = try await InProcessRun.run(scenario, allocationProfile: .off)  // first use: runtime caches
        let exact = try await InProcessRun.run(scenario, allocationProfile: .exact)
        let sampled = try await InProcessRun.run(scenario, allocationProfile: .sampled)
        let off = try await InProcessRun.run(scenario, allocationProfile: .off)
        let again = try await InProcessRun.run(scenario, allocationProfile: .exact)
        // (Whether two runs give the same profiles, byte for byte, is checked through `roost
        // run` below: in this process Swift's hashing is seeded per process and per
        // collection, which moves where some allocations happen; roost runs with
        // SWIFT_DETERMINISTIC_HASHING, as the CI gate does.)

        // The same allocations, bytes and leaks in every mode.
        for other in [sampled, off, again] {
            for (a, b) in zip(exact.variants, other.variants) {
                #expect(a.steps.map(\.allocations) == b.steps.map(\.allocations), "\(a.variant)")
                #expect(a.steps.map(\.bytesAllocated) == b.steps.map(\.bytesAllocated), "\(a.variant)")
                #expect(a.steps.map(\.bytesFreed) == b.steps.map(\.bytesFreed), "\(a.variant)")
                #expect(a.leaks.map { [$0.type, "\($0.created)", "\($0.leaked)", "\($0.leakedBytes)", $0.cycle] }
                        == b.leaks.map { [$0.type, "\($0.created)", "\($0.leaked)", "\($0.leakedBytes)", $0.cycle] })
            }
        }
        #expect(off.variants.allSatisfy { $0.allocationProfile == nil })
        #expect(sampled.variants.allSatisfy { $0.allocationProfile?.mode == .sampled })

        for variant in exact.variants {
            let profile = try #require(variant.allocationProfile)
            // Each step's profile adds up to its allocs_per_op x count and bytes_per_op x count.
            for step in variant.steps {
                let total = Self.total(profile, step: step.step)
                #expect(total.allocations == step.allocations && total.bytes == step.bytesAllocated,
                        "\(variant.variant) \(step.step): profile \(total), counters \(step.allocations), \(step.bytesAllocated)")
                let sites = profile.sites.filter { $0.step == step.step }
                #expect(sites.reduce(0) { $0 + $1.allocations } == step.allocations)
                #expect(sites.allSatisfy { $0.executions == step.count })
            }
            #expect(profile.truncatedAllocations.filter { $0.key.isTruncated }.isEmpty,
                    "every stack reached its step: \(profile.truncatedAllocations)")
            #expect(!profile.stacks.contains { $0.frames.first == VariantAllocationProfile.truncatedFrame })
            #expect(profile.droppedAllocations == 0)
            // A feed page's SQLite allocations keep the Swift code that caused them.
            #expect(profile.stacks.contains { stack in
                guard let sqlite = stack.frames.firstIndex(where: { $0.hasPrefix("sqlite3") }) else { return false }
                return stack.step == "open_feed" && stack.frames[..<sqlite].contains("SocialStack.FeedService.homeFeed(for:before:limit:)")
            })
        }
        // The strong variant's leaks say what they keep alive; the weak one has none.
        let strong = try #require(exact.variants.first { $0.variant == "strong" })
        #expect(strong.leaks.filter { $0.leaked > 0 }.allSatisfy { ($0.retainedBytes ?? 0) >= $0.leakedBytes })
        #expect(sampled.variants.flatMap(\.leaks).allSatisfy { $0.retainedBytes == nil })

        let one = try TemporaryFolder.make("profile-a")
        defer { try? FileManager.default.removeItem(atPath: one) }
        try ReportWriter(root: one, commandLine: ["roost"], buildConfiguration: "test").write(exact, to: one, linkLatest: false)
        try checkFiles(in: one, of: exact)
    }

    /// allocations.csv and the folded files say what the run's profile says.
    private func checkFiles(in folder: String, of run: RunResult) throws {
        let rows = try TemporaryFolder.csv("\(folder)/allocations.csv", header: [
            "scenario", "variant", "step", "site", "executions", "allocs", "bytes", "retained_allocs", "retained_bytes",
            "peak_allocs", "peak_bytes", "population"])
        for variant in run.variants {
            for step in variant.steps {
                let mine = rows.filter { $0["variant"] == variant.variant && $0["step"] == step.step }
                #expect(mine.reduce(0) { $0 + Int($1["allocs"]!)! } == step.allocations)
                #expect(mine.reduce(0) { $0 + Int($1["bytes"]!)! } == step.bytesAllocated)
                #expect(mine.allSatisfy { $0["executions"] == String(step.count) && $0["scenario"] == "ci" && $0["population"] == "" })
            }
            let text = try TemporaryFolder.read("\(folder)/profiles/\(variant.variant).bytes.folded")
            var byStep: [String: Int] = [:]
            for line in text.split(separator: "\n") {
                // "step;frame;...;leaf value": the value after the last space.
                let space = try #require(line.lastIndex(of: " "))
                let value = try #require(Int(line[line.index(after: space)...]))
                let root = String(line[..<space].split(separator: ";")[0])
                byStep[root, default: 0] += value
            }
            #expect(byStep == Dictionary(uniqueKeysWithValues: variant.steps.filter { $0.bytesAllocated > 0 }.map { ($0.step, $0.bytesAllocated) }))
            // At the peak of each step's median execution: the folded file adds up to the rows, and
            // (exact) to at least the step's median peak (the peak plus older blocks freed by then).
            var peaks: [String: Int] = [:]
            for line in try TemporaryFolder.read("\(folder)/profiles/\(variant.variant).peak.folded").split(separator: "\n") {
                let space = try #require(line.lastIndex(of: " "))
                peaks[String(line[..<space].split(separator: ";")[0]), default: 0] += try #require(Int(line[line.index(after: space)...]))
            }
            for step in variant.steps {
                let mine = rows.filter { $0["variant"] == variant.variant && $0["step"] == step.step }
                #expect(mine.reduce(0) { $0 + Int($1["peak_bytes"]!)! } == peaks[step.step] ?? 0, "\(step.step)")
                #expect(Double(peaks[step.step] ?? 0) >= step.peakBytesMedian ?? .infinity, "\(variant.variant) \(step.step)")
            }
        }
    }

    @Test func aStrongHeaderDelegateRetainsTheProfileScreenAndLeaksCSVSaysHowMuch() async throws {
        let scenario = try Self.bundled("profile-open-close", iterations: 10)
        let run = try await InProcessRun.run(scenario, allocationProfile: .exact, variants: ["strong-delegate"])
        let variant = try #require(run.variants.first)
        let profile = try #require(variant.allocationProfile)
        // Ten leaked controllers keep what the steps retained by the last close: within 5%, or
        // in some runs about 20% less (two of the ten screens' blocks then also reached from a
        // live block outside them; docs/allocation-profiles.md "What leaked objects keep alive":
        // 5,845,744 B against 7,296,864 B in 2 of 4 runs of this test under load, the cause
        // not found). Never more, and never less than three quarters.
        let controllers = try #require(variant.leaks.first { $0.type == "ProfileController" })
        #expect(controllers.leaked == 10)
        let retained = try #require(controllers.retainedBytes)
        let lastClose = try #require(variant.retention.last?.retainedBytes)
        let ratio = Double(retained) / Double(lastClose)
        #expect(ratio > 0.75 && ratio < 1.05, "ProfileController keeps \(retained) B, retention says \(lastClose) B")
        #expect(retained > 20 * controllers.leakedBytes, "far more than their shallow \(controllers.leakedBytes) B")

        // The retained profile is the profile screen's: its load, the header, the decoded avatar.
        let all = profile.stacks.reduce(0) { $0 + $1.retainedBytes }
        let screens = profile.stacks.filter { $0.frames.contains("Screens.ProfileController.load()") }.reduce(0) { $0 + $1.retainedBytes }
        #expect(Double(screens) >= 0.9 * Double(all), "\(screens) of \(all) retained bytes through ProfileController.load()")
        let top = profile.sites.sorted { $0.retainedBytes > $1.retainedBytes }.prefix(2).map(\.site)
        #expect(top.first == "Screens.PixelBuffer.init(decoding:points:)", "\(top)")
        #expect(top.last?.contains("MediaService.bytes") == true, "the avatar's bytes: \(top)")
        #expect(profile.stacks.contains {
            $0.retainedBytes > 0 && $0.frames.contains { $0.hasPrefix("Screens.ProfileHeader.init(") }
                && $0.frames.contains("Screens.PixelBuffer.init(decoding:points:)")
        })
    }

    @Test func searchesRetainWhatTheLinkPreviewCacheKeeps() async throws {
        let scenario = try Self.bundled("search", iterations: 10)
        let run = try await InProcessRun.run(scenario, allocationProfile: .exact)
        let profile = try #require(run.variants.first?.allocationProfile)
        let top = try #require(profile.sites.max { $0.retainedBytes < $1.retainedBytes })
        #expect(top.site == "Screens.LinkPreview.init(url:)" && top.step == "search_posts", "\(top)")
        let cached = profile.stacks.filter { $0.site == top.site && $0.retainedBytes > 0 }
        #expect(!cached.isEmpty && cached.allSatisfy { $0.frames.contains("Screens.LinkPreviewCache.preview(for:_:)") })
    }

    /// Two `roost run`s of `ci` write the same allocations.csv and folded profiles, byte for byte:
    /// the first builds the dataset (an empty cache), the second copies it from the cache.
    @Test(.enabled(if: RoostBinary.exists, "roost is not built at .build/debug/roost: run `swift build` first"))
    func twoRunsGiveTheSameProfiles() async throws {
        let directory = try TemporaryFolder.make("profile-repeat")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // ci with two measured iterations; its warm-up stays (without one, first-use runtime work,
        // such as generic metadata, lands on whichever thread meets it first, and so can the
        // stacks of those allocations).
        let text = try TemporaryFolder.read(ScenarioTestSupport.scenariosFolder.appendingPathComponent("ci.yaml").path)
        #expect(text.contains("iterations: 20\n") && text.contains("warmup: 2 "))
        try Data(text.replacingOccurrences(of: "iterations: 20\n", with: "iterations: 2\n").utf8)
            .write(to: URL(fileURLWithPath: directory + "/ci.yaml"))
        for name in ["one", "two"] {
            let run = try await RoostBinary.run(["run", "ci.yaml", "--out", name, "--dataset-cache", "datasets"], in: directory)
            #expect(run.status == 0, "stdout: \(run.stdout)\nstderr: \(run.stderr)")
        }
        let sources = try ["one", "two"].map { name in
            try TemporaryFolder.read("\(directory)/\(name)/run.csv").split(whereSeparator: \.isNewline)
                .first { $0.hasPrefix("dataset_source,") }.map(String.init)
        }
        #expect(sources == ["dataset_source,built cache", "dataset_source,cache cache"])
        let files = ["allocations.csv"] + ["weak", "strong"].flatMap { variant in
            ["allocs", "bytes", "retained", "peak"].map { "profiles/\(variant).\($0).folded" }
        }
        for file in files {
            let a = try TemporaryFolder.read("\(directory)/one/\(file)"), b = try TemporaryFolder.read("\(directory)/two/\(file)")
            let la = a.split(separator: "\n"), lb = b.split(separator: "\n")
            let first = zip(la, lb).first { $0 != $1 }.map { "\($0)\n  vs\n\($1)" } ?? "\(la.count) vs \(lb.count) lines"
            #expect(!a.isEmpty && a == b, "\(file) differs between two runs: \(first)")
        }
    }
}
