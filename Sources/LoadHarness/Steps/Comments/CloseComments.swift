import Screens
import SocialStack

/// `close_comments`: close the comments (their lifetime is checked).
extension Steps {
    public struct CloseComments: ArgumentFreeStep {
        public static let name = "close_comments"
        public static let summary = "Close the comments (their lifetime is checked)."
        public static let screen = ScreenChange.closes(CommentsController.self)

        /// The step.
        public init() {}

        /// Plays it for `vu`, inside its measured span.
        public func play(_ vu: VirtualUser) throws {
            try vu.close(CommentsController.self, step: Self.name, expected: "comments screen")
        }
    }
}

extension Step {
    /// `close_comments`.
    public static var closeComments: Step { .measured(Steps.CloseComments()) }
}
