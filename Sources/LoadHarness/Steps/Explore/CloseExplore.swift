import Screens
import SocialStack

extension Steps {
    /// `close_explore`: close the explore screen (its lifetime is checked).
    public struct CloseExplore: ArgumentFreeStep {
        public static let name = "close_explore"
        public static let summary = "Close the explore screen (its lifetime is checked)."
        public static let screen = ScreenChange.closes(ExploreController.self)

        public init() {}

        public func play(_ vu: VirtualUser) throws {
            try vu.close(ExploreController.self, step: Self.name, expected: "explore screen")
        }
    }
}

extension Step {
    /// `close_explore`.
    public static var closeExplore: Step { .measured(Steps.CloseExplore()) }
}
