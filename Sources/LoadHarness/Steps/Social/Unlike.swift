import Screens
import SocialStack

/// `unlike`: unlike a post.
extension Steps {
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

        /// The step from its read arguments.
        public init(_ arguments: StepArguments) {
            self.init(target: arguments.target("post"))
        }

        /// Plays it for `vu`, inside its measured span.
        public func play(_ vu: VirtualUser) throws {
            let stack = vu.stack
            _ = try stack.likes.unlike(try vu.post(target, step: Self.name), by: vu.me)
        }
    }
}

extension Step {
    /// `unlike`.
    public static func unlike(_ target: Target) -> Step { .measured(Steps.Unlike(target: target)) }
}
