import Screens
import SocialStack

extension Steps {
    /// `close_post`: close the open post (its lifetime is checked).
    public struct ClosePost: ArgumentFreeStep {
        public static let name = "close_post"
        public static let summary = "Close the open post (its lifetime is checked)."
        public static let screen = ScreenChange.closes(PostDetailController.self)

        public init() {}

        public func play(_ vu: VirtualUser) throws {
            try vu.close(PostDetailController.self, step: Self.name, expected: "post")
        }
    }
}

extension Step {
    /// `close_post`.
    public static var closePost: Step { .measured(Steps.ClosePost()) }
}
