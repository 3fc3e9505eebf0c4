import Screens
import SocialStack

extension Steps {
    /// `close_comments`: close the comments (their lifetime is checked).
    public struct CloseComments: ArgumentFreeStep {
        public static let name = "close_comments"
        public static let summary = "Close the comments (their lifetime is checked)."
        public static let screen = ScreenChange.closes(CommentsController.self)

        public init() {}

        public func play(_ vu: VirtualUser) throws {
            try vu.close(CommentsController.self, step: Self.name, expected: "comments screen")
        }
    }
}

extension Step {
    /// `close_comments`.
    public static var closeComments: Step { .measured(Steps.CloseComments()) }
}
