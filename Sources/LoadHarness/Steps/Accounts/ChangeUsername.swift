import Screens
import SocialStack

extension Steps {
    /// `change_username`: change the username.
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

        public init(_ arguments: StepArguments) {
            self.init(text: arguments.text("username"))
        }

        public func play(_ vu: VirtualUser) throws {
            let stack = vu.stack
            _ = try stack.users.changeUsername(as: try vu.session(), to: vu.text(text))
        }
    }
}

extension Step {
    /// `change_username`.
    public static func changeUsername(_ text: TextTemplate) -> Step { .measured(Steps.ChangeUsername(text: text)) }
}
