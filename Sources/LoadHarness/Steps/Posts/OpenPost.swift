import Screens
import SocialStack

extension Steps {
    /// `open_post`: open a post's detail screen.
    public struct OpenPost: MeasuredStep {
        public static let name = "open_post"
        public static let summary = "Open a post's detail screen."
        public static let arguments = [StepSyntax.Argument("post", .post, default: "random")]
        public static let screen = ScreenChange.opens(PostDetailController.self)

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
            try vu.app.navigator.push(PostDetailController(app: vu.app, post: try vu.post(target, step: Self.name)))
        }
    }
}

extension Step {
    /// `open_post`.
    public static func openPost(_ target: Target) -> Step { .measured(Steps.OpenPost(target: target)) }
}
