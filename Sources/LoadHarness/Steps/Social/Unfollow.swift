import Screens
import SocialStack

extension Steps {
    /// `unfollow`: unfollow a user.
    public struct Unfollow: MeasuredStep {
        public static let name = "unfollow"
        public static let summary = "Unfollow a user."
        public static let arguments = [StepSyntax.Argument("user", .user, default: "random")]

        /// `user:`.
        public var target: Target

        /// The step with these arguments.
        public init(target: Target) {
            self.target = target
        }

        public init(_ arguments: StepArguments) {
            self.init(target: arguments.target("user"))
        }

        public func play(_ vu: VirtualUser) throws {
            let stack = vu.stack
            _ = try stack.follows.unfollow(try vu.user(target, step: Self.name), as: try vu.session())
        }
    }
}

extension Step {
    /// `unfollow`.
    public static func unfollow(_ target: Target) -> Step { .measured(Steps.Unfollow(target: target)) }
}
