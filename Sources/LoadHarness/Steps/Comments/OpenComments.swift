import Screens
import SocialStack

extension Steps {
    /// `open_comments`: open a post's comments.
    public struct OpenComments: MeasuredStep {
        public static let name = "open_comments"
        public static let summary = "Open a post's comments."
        public static let arguments = [StepSyntax.Argument("post", .post, default: "random")]
        public static let screen = ScreenChange.opens(CommentsController.self)

        /// `post:`.
        public var target: Target

        /// The step with these arguments.
        public init(target: Target) {
            self.target = target
        }

        public init(_ arguments: StepArguments) {
            self.init(target: arguments.target("post"))
        }

        public func play(_ vu: VirtualUser) throws {
            try vu.app.navigator.push(CommentsController(app: vu.app, post: try vu.post(target, step: Self.name)))
        }
    }
}

extension Step {
    /// `open_comments`.
    public static func openComments(_ target: Target) -> Step { .measured(Steps.OpenComments(target: target)) }
}
