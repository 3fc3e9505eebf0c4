import Screens
import SocialStack

extension Steps {
    /// `refresh_feed`: refresh the open feed.
    public struct RefreshFeed: ArgumentFreeStep {
        public static let name = "refresh_feed"
        public static let summary = "Refresh the open feed."

        public init() {}

        public func play(_ vu: VirtualUser) throws {
            let feed = try vu.top(FeedController.self, step: Self.name, expected: "feed")
            try feed.refresh()
            vu.lastFeed = feed.cells.map(\.viewModel.post.id)
        }
    }
}

extension Step {
    /// `refresh_feed`.
    public static var refreshFeed: Step { .measured(Steps.RefreshFeed()) }
}
