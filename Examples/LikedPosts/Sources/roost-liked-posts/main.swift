import LoadHarness
import RoostCommandLine

// Roost's command line with this package's steps and edge registered beside Roost's own.
RoostCommandLine.main(extensions: [
    RoostExtension(
        name: "LikedPosts",
        steps: [OpenLikedPosts.self, CloseLikedPosts.self],
        edges: [LikedPostsController.listener]
    ),
])
