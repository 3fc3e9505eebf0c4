import Screens
import SocialStack

/// `close_explore`: close the explore screen (its lifetime is checked).
extension Steps {
    public struct CloseExplore: MeasuredStep {
        public static let name = "close_explore"
        public static let summary = "Close the explore screen (its lifetime is checked)."
        public static let screen = ScreenChange.closes(ExploreController.self)

        /// The step (it takes no arguments).
        public init() {}
        /// The step from its (no) arguments.
        public init(_ arguments: StepArguments) {}

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
