import Screens
import SocialStack

extension Steps {
    /// `like`: like a post.
    public struct Like: MeasuredStep {
        public static let name = "like"
        public static let summary = "Like a post."
        public static let arguments = [StepSyntax.Argument("post", .post, default: "random")]

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
            let stack = vu.stack
            _ = try stack.likes.like(try vu.post(target, step: Self.name), as: try vu.session())
        }
    }
}

extension Step {
    /// `like`.
    public static func like(_ target: Target) -> Step { .measured(Steps.Like(target: target)) }
}
