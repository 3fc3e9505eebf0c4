// swift-tools-version: 6.1
import PackageDescription

// A package with steps and a reference edge of its own, run through Roost's command line
// (docs/custom-steps.md). `swift run roost-liked-posts run Scenarios/liked-posts.yaml`.
let package = Package(
    name: "LikedPosts",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Roost", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "roost-liked-posts",
            dependencies: [
                .product(name: "RoostCommandLine", package: "Roost"),
                .product(name: "LoadHarness", package: "Roost"),
                .product(name: "Screens", package: "Roost"),
                .product(name: "SocialStack", package: "Roost"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
