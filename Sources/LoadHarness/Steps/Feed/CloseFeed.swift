import Screens
import SocialStack

/// `close_feed`: close the feed (its lifetime is checked).
extension Steps {
    public struct CloseFeed: MeasuredStep {
        public static let name = "close_feed"
        public static let summary = "Close the feed (its lifetime is checked)."
        public static let screen = ScreenChange.closes(FeedController.self)

        /// The step (it takes no arguments).
        public init() {}
        /// The step from its (no) arguments.
        public init(_ arguments: StepArguments) {}

        /// Plays it for `vu`, inside its measured span.
        public func play(_ vu: VirtualUser) throws {
            try vu.close(FeedController.self, step: Self.name, expected: "feed")
        }
    }
}

extension Step {
    /// `close_feed`.
    public static var closeFeed: Step { .measured(Steps.CloseFeed()) }
}
