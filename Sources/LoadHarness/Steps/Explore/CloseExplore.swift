import Screens
import SocialStack

/// `close_explore`: close the explore screen (its lifetime is checked).
extension Steps {
    public struct CloseExplore: ArgumentFreeStep {
        public static let name = "close_explore"
        public static let summary = "Close the explore screen (its lifetime is checked)."
        public static let screen = ScreenChange.closes(ExploreController.self)

        /// The step.
        public init() {}

        /// Plays it for `vu`, inside its measured span.
        public func play(_ vu: VirtualUser) throws {
            try vu.close(ExploreController.self, step: Self.name, expected: "explore screen")
        }
    }
}

extension Step {
    /// `close_explore`.
    public static var closeExplore: Step { .measured(Steps.CloseExplore()) }
}
