import Screens
import SocialStack

extension Steps {
    /// `reply`: reply to a post.
    public struct Reply: MeasuredStep {
        public static let name = "reply"
        public static let summary = "Reply to a post."
        public static let arguments = [
            StepSyntax.Argument("post", .post, default: "random"),
            StepSyntax.Argument("text", .text, default: "reply {vu}-{iteration}", doc: "Text; may use {vu}, {iteration}, {seed}."),
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
            let post = try stack.posts.post(try vu.post(target, step: Self.name))
            try vu.compose(.reply(post), text: vu.text(text))
        }
    }
}

extension Step {
    /// `reply`.
    public static func reply(to target: Target, text: TextTemplate) -> Step { .measured(Steps.Reply(target: target, text: text)) }
}
