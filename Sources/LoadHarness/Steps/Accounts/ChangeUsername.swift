import Screens
import SocialStack

/// `change_username`: change the username.
extension Steps {
    public struct ChangeUsername: MeasuredStep {
        public static let name = "change_username"
        public static let summary = "Change the username."
        public static let arguments = [StepSyntax.Argument("username", .text, default: "vu{vu}_{iteration}", doc: "The new username; may use {vu}, {iteration}, {seed}.")]

        /// `username:`.
        public var text: TextTemplate

        /// The step with these arguments.
        public init(text: TextTemplate) {
            self.text = text
        }

        /// The step from its read arguments.
        public init(_ arguments: StepArguments) {
            self.init(text: arguments.text("username"))
        }

        /// Plays it for `vu`, inside its measured span.
        public func play(_ vu: VirtualUser) throws {
            let stack = vu.stack
            _ = try stack.users.changeUsername(of: vu.me, to: vu.text(text))
        }
    }
}

extension Step {
    /// `change_username`.
    public static func changeUsername(_ text: TextTemplate) -> Step { .measured(Steps.ChangeUsername(text: text)) }
}
