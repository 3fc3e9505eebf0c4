import Screens
import SocialStack

extension Steps {
    /// `edit_post`: edit a post.
    public struct EditPost: MeasuredStep {
        public static let name = "edit_post"
        public static let summary = "Edit a post."
        public static let arguments = [
            StepSyntax.Argument("post", .post, default: "random"),
            StepSyntax.Argument("text", .text, default: "post {vu}-{iteration}", doc: "Text; may use {vu}, {iteration}, {seed}."),
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
            _ = try stack.posts.edit(try vu.post(target, step: Self.name), text: vu.text(text), as: try vu.session())
        }
    }
}

extension Step {
    /// `edit_post`.
    public static func editPost(_ target: Target, text: TextTemplate) -> Step { .measured(Steps.EditPost(target: target, text: text)) }
}
