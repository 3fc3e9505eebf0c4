import Screens
import SocialStack

extension Steps {
    /// `delete_post`: delete a post.
    public struct DeletePost: MeasuredStep {
        public static let name = "delete_post"
        public static let summary = "Delete a post."
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
            try stack.posts.delete(try vu.post(target, step: Self.name), as: try vu.session())
        }
    }
}

extension Step {
    /// `delete_post`.
    public static func deletePost(_ target: Target) -> Step { .measured(Steps.DeletePost(target: target)) }
}
