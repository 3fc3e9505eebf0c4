import Screens
import SocialStack

/// `like`: like a post.
extension Steps {
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

        /// The step from its read arguments.
        public init(_ arguments: StepArguments) {
            self.init(target: arguments.target("post"))
        }

        /// Plays it for `vu`, inside its measured span.
        public func play(_ vu: VirtualUser) throws {
            let stack = vu.stack
            _ = try stack.likes.like(try vu.post(target, step: Self.name), by: vu.me)
        }
    }
}

extension Step {
    /// `like`.
    public static func like(_ target: Target) -> Step { .measured(Steps.Like(target: target)) }
}
