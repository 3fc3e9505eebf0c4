import LoadHarness

/// `close_liked_posts`: close the liked posts; the screen must not outlive it.
struct CloseLikedPosts: ArgumentFreeStep {
    static let name = "close_liked_posts"
    static let summary = "Close the liked posts (their lifetime is checked)."
    static let screen = ScreenChange.closes(LikedPostsController.self)

    func play(_ vu: VirtualUser) throws {
        try vu.close(LikedPostsController.self, step: Self.name, expected: "liked posts")
    }
}
