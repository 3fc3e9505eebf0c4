import Screens
import SocialStack

/// `close_post`: close the open post (its lifetime is checked).
extension Steps {
    public struct ClosePost: MeasuredStep {
        public static let name = "close_post"
        public static let summary = "Close the open post (its lifetime is checked)."
        public static let screen = ScreenChange.closes(PostDetailController.self)

        /// The step (it takes no arguments).
        public init() {}
        /// The step from its (no) arguments.
        public init(_ arguments: StepArguments) {}

        /// Plays it for `vu`, inside its measured span.
        public func play(_ vu: VirtualUser) throws {
            try vu.close(PostDetailController.self, step: Self.name, expected: "post")
        }
    }
}

extension Step {
    /// `close_post`.
    public static var closePost: Step { .measured(Steps.ClosePost()) }
}
