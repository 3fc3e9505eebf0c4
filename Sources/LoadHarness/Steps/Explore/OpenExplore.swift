import Screens
import SocialStack

/// `open_explore`: open the explore screen.
extension Steps {
    public struct OpenExplore: ArgumentFreeStep {
        public static let name = "open_explore"
        public static let summary = "Open the explore screen."
        public static let screen = ScreenChange.opens(ExploreController.self)

        /// The step.
        public init() {}

        /// Plays it for `vu`, inside its measured span.
        public func play(_ vu: VirtualUser) throws {
            try vu.app.navigator.push(ExploreController(app: vu.app))
        }
    }
}

extension Step {
    /// `open_explore`.
    public static var openExplore: Step { .measured(Steps.OpenExplore()) }
}
