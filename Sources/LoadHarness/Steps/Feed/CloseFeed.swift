import Screens
import SocialStack

extension Steps {
    /// `close_feed`: close the feed (its lifetime is checked).
    public struct CloseFeed: ArgumentFreeStep {
        public static let name = "close_feed"
        public static let summary = "Close the feed (its lifetime is checked)."
        public static let screen = ScreenChange.closes(FeedController.self)

        public init() {}

        public func play(_ vu: VirtualUser) throws {
            try vu.close(FeedController.self, step: Self.name, expected: "feed")
        }
    }
}

extension Step {
    /// `close_feed`.
    public static var closeFeed: Step { .measured(Steps.CloseFeed()) }
}
