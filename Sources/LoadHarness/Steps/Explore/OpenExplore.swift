import Screens
import SocialStack

extension Steps {
    /// `open_explore`: open the explore screen.
    public struct OpenExplore: ArgumentFreeStep {
        public static let name = "open_explore"
        public static let summary = "Open the explore screen."
        public static let screen = ScreenChange.opens(ExploreController.self)

        public init() {}

        public func play(_ vu: VirtualUser) throws {
            try vu.app.navigator.push(ExploreController(app: vu.app))
        }
    }
}

extension Step {
    /// `open_explore`.
    public static var openExplore: Step { .measured(Steps.OpenExplore()) }
}
