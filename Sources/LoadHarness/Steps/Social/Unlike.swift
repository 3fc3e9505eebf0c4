import Screens
import SocialStack

extension Steps {
    /// `unlike`: unlike a post.
    public struct Unlike: MeasuredStep {
        public static let name = "unlike"
        public static let summary = "Unlike a post."
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
            _ = try stack.likes.unlike(try vu.post(target, step: Self.name), as: try vu.session())
        }
    }
}

extension Step {
    /// `unlike`.
    public static func unlike(_ target: Target) -> Step { .measured(Steps.Unlike(target: target)) }
}
