import Screens
import SocialStack

extension Steps {
    /// `post`: write a post.
    public struct Post: MeasuredStep {
        public static let name = "post"
        public static let summary = "Write a post."
        public static let arguments = [StepSyntax.Argument("text", .text, default: "post {vu}-{iteration}", doc: "Text; may use {vu}, {iteration}, {seed}.")]

        /// `text:`.
        public var text: TextTemplate

        /// The step with these arguments.
        public init(text: TextTemplate) {
            self.text = text
        }

        public init(_ arguments: StepArguments) {
            self.init(text: arguments.text("text"))
        }

        public func play(_ vu: VirtualUser) throws {
            try vu.compose(.post, text: vu.text(text))
        }
    }
}

extension Step {
    /// `post`.
    public static func post(text: TextTemplate) -> Step { .measured(Steps.Post(text: text)) }
}
