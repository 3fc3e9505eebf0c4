import LoadHarness
import Testing

/// A dataset section that cannot be built is a validation error, at its line and column,
/// before anything is built.
@Suite struct DatasetValidationTests {
    private func report(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        ScenarioTestSupport.report(yaml, sourceLocation: sourceLocation)
    }

    @Test func anImageOverTheStacksLimit() {
        #expect(report("name: t\ndataset:\n  users: 20\n  follows_per_user: 3\n  image_bytes: 8388609\nsteps: [login]") == [
            "5:16: 'image_bytes' must be at most 8388608 (the stack's image size limit), got 8388609",
        ])
        #expect(ScenarioTestSupport.scenario("name: t\ndataset: { users: 20, follows_per_user: 3, image_bytes: 8388608 }\nsteps: [login]") != nil)
    }

    /// The stack stores only images, and a dataset's images are a PNG signature and filler:
    /// fewer bytes than the signature cannot be one.
    @Test func anImageTooSmallForItsSignature() {
        #expect(report("name: t\ndataset:\n  users: 20\n  follows_per_user: 3\n  image_bytes: 4\nsteps: [login]") == [
            "5:16: 'image_bytes' must be 0 (no images) or at least 8 (an image's PNG signature), got 4",
        ])
        #expect(report("name: t\nsteps:\n  - update_profile_image: { bytes: 7 }\n") == [
            "3:36: 'bytes' must be at least 8, got 7",
        ])
        #expect(ScenarioTestSupport.scenario("name: t\ndataset: { users: 20, follows_per_user: 3, image_bytes: 8 }\nsteps: [login]") != nil)
        #expect(ScenarioTestSupport.scenario("name: t\ndataset: { users: 20, follows_per_user: 3, image_bytes: 0 }\nsteps: [login]") != nil)
    }

    @Test func likesWithNoPostsToLike() {
        #expect(report("name: t\ndataset: { users: 20, follows_per_user: 3, posts_per_user: 0, likes_per_user: 2 }\nsteps: [login]") == [
            "2:79: 'likes_per_user' needs posts to like: 'posts_per_user' is 0; set 'likes_per_user' to 0 or add posts",
        ])
        // The default likes (5) are simply not made when there are no posts.
        #expect(ScenarioTestSupport.scenario("name: t\ndataset: { users: 20, follows_per_user: 3, posts_per_user: 0 }\nsteps: [login]") != nil)
    }

    @Test func moreRowsThanRoostBuilds() {
        #expect(report("name: t\ndataset: { users: 10000000, follows_per_user: 3, posts_per_user: 30 }\nsteps: [login]") == [
            "2:19: the dataset would have 390000000 rows (users x (1 + follows_per_user + posts_per_user + likes_per_user)); "
                + "the most Roost builds is 200000000",
        ])
        #expect(report("name: t\ndataset: { users: 9223372036854775807, follows_per_user: 3 }\nsteps: [login]") == [
            "2:19: the dataset would have more than 9223372036854775807 rows (users x (1 + follows_per_user + posts_per_user + likes_per_user)); "
                + "the most Roost builds is 200000000",
        ])
    }
}
