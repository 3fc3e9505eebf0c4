import Screens
import SocialStack

extension Steps {
    /// `comment`: comment on a post.
    public struct Comment: MeasuredStep {
        public static let name = "comment"
        public static let summary = "Comment on a post."
        public static let arguments = [
            StepSyntax.Argument("post", .post, default: "random"),
            StepSyntax.Argument("text", .text, default: "comment {vu}-{iteration}", doc: "Text; may use {vu}, {iteration}, {seed}."),
        ]

        /// `post:`.
        public var target: Target
        /// `text:`.
        public var text: TextTemplate

        /// The step with these arguments.
        public init(target: Target, text: TextTemplate) {
            self.target = target
            self.text = text
        }

        public init(_ arguments: StepArguments) {
            self.init(target: arguments.target("post"), text: arguments.text("text"))
        }

        public func play(_ vu: VirtualUser) throws {
            let stack = vu.stack
            _ = try stack.comments.comment(on: try vu.post(target, step: Self.name), text: vu.text(text), as: try vu.session())
        }
    }
}

extension Step {
    /// `comment`.
    public static func comment(on target: Target, text: TextTemplate) -> Step { .measured(Steps.Comment(target: target, text: text)) }
}
