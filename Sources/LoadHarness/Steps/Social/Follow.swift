import Screens
import SocialStack

extension Steps {
    /// `follow`: follow a user.
    public struct Follow: MeasuredStep {
        public static let name = "follow"
        public static let summary = "Follow a user."
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
            _ = try stack.follows.follow(try vu.user(target, step: Self.name), as: try vu.session())
        }
    }
}

extension Step {
    /// `follow`.
    public static func follow(_ target: Target) -> Step { .measured(Steps.Follow(target: target)) }
}
