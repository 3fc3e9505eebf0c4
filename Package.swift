// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Roost",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SocialStack", targets: ["SocialStack"]),
        .library(name: "Screens", targets: ["Screens"]),
        .library(name: "MemoryProbes", targets: ["MemoryProbes"]),
        .library(name: "LoadHarness", targets: ["LoadHarness"]),
        // The command line as a library: a package with steps of its own runs it (docs/custom-steps.md).
        .library(name: "RoostCommandLine", targets: ["RoostCommandLine"]),
        .executable(name: "roost", targets: ["roost"]),
        // Roost's own benchmarks (the stack, the probes, the dataset path, ...): they measure
        // Roost itself, so they are an executable of their own and no library product.
        .executable(name: "roost-bench", targets: ["roost-bench"]),
    ],
    dependencies: [
        // Exact versions: CI compares allocation counts with committed baselines exactly, and
        // a new release of a package on a measured path (GRDB, swift-crypto, swift-collections)
        // would move them. Update a version and the baselines in one commit.
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", exact: "1.6.0"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", exact: "0.2.0"),
    ],
    targets: [
        // jemalloc (apt: libjemalloc-dev), linked into every binary that uses MemoryProbes: it
        // replaces malloc process-wide. A C target rather than a bare system library because the
        // per-thread allocation hooks need C (thread-local counters, jemalloc's hook types).
        .target(
            name: "CJemalloc",
            linkerSettings: [.linkedLibrary("jemalloc")]
        ),
        // The heap-backed SQLite VFS `.memory` stacks live in (WAL, several connections, no
        // system calls), and SQLite's process-wide settings made before it starts. SQLite is the
        // system's (apt: libsqlite3-dev), the one library GRDB links too: one copy per process
        // (SocialStack's SQLiteLibrary checks the version at start).
        .target(
            name: "CMemoryFiles",
            linkerSettings: [.linkedLibrary("sqlite3")]
        ),
        .target(
            name: "SocialStack",
            dependencies: [
                "CMemoryFiles",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for DirectStatement on the hot paths.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        .target(name: "Screens", dependencies: ["SocialStack"]),
        // The functions the compiler inlined at a code address, from the binary's DWARF
        // (apt: libdw-dev): allocation profiles name an initialiser a release build inlined.
        .target(
            name: "CInlineFrames",
            linkerSettings: [.linkedLibrary("dw")]
        ),
        .target(name: "MemoryProbes", dependencies: ["CJemalloc", "CInlineFrames"]),
        // zlib (apt: zlib1g-dev): the latency interval logs (hgrm/*.hlog) deflate each
        // histogram, as HdrHistogram's writers do; a soak run's logs are 40% smaller than
        // with stored blocks (docs/long-runs.md).
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // Callgrind's client requests (valgrind.h, callgrind.h vendored): `roost run --instructions`
        // counts instructions only inside measured steps.
        .target(name: "CCallgrind"),
        .target(
            name: "LoadHarness",
            dependencies: [
                "Screens", "MemoryProbes", "SocialStack", "CCallgrind", "CZlib",
                .product(name: "Crypto", package: "swift-crypto"),
                // SQLite's C API, for the statement counters; GRDB to explain a run's statements
                // on its stack.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        .target(
            name: "RoostCommandLine",
            dependencies: [
                "LoadHarness",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "roost", dependencies: ["RoostCommandLine"]),
        // The benchmarks `roost-bench` runs. Tooling that measures Roost itself stays out of what
        // users link: no product, and the LoadHarness internals it uses are `package`, not `public`.
        .target(
            name: "RoostBenchmarks",
            dependencies: [
                "LoadHarness", "MemoryProbes", "SocialStack",
                // SQLite's C API, for the plain-SQLite reference of `roost-bench stack --reference`
                // and the statement counters' benchmark.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // `roost-bench`: the benchmarks' commands, on RoostCommandLine's start-up and output.
        .executableTarget(
            name: "roost-bench",
            dependencies: [
                "RoostBenchmarks", "RoostCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "SocialStackTests",
            dependencies: ["SocialStack", "TestFolders", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "ScreensTests", dependencies: ["Screens", "MemoryProbes"]),
        // Types built without reflection metadata: the cycle finder must say it cannot see into them.
        .target(
            name: "NoReflectionFixtures",
            path: "Tests/NoReflectionFixtures",
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-reflection-metadata"])]
        ),
        // A caller of malloc with a garbage frame pointer: the allocation profiler's stack walk
        // must stop there and mark the stack truncated.
        .target(name: "ProfileFixtures", path: "Tests/ProfileFixtures"),
        // The tests' files, in one folder per test process removed when it exits.
        .target(name: "TestFolders", path: "Tests/TestFolders"),
        .testTarget(name: "MemoryProbesTests", dependencies: ["MemoryProbes", "NoReflectionFixtures", "ProfileFixtures"]),
        // Yams: the scale-out tests read the GitHub workflow and the Kubernetes manifests they run.
        .testTarget(name: "LoadHarnessTests", dependencies: ["LoadHarness", "TestFolders", .product(name: "GRDB", package: "GRDB.swift"),
                                                             .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "RoostBenchmarksTests", dependencies: ["RoostBenchmarks", .product(name: "GRDB", package: "GRDB.swift"),
                                                                 .product(name: "GRDBSQLite", package: "GRDB.swift")]),
    ],
    swiftLanguageModes: [.v6]
)
