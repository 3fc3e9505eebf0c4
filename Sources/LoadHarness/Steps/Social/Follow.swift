import Screens
import SocialStack

/// `follow`: follow a user.
extension Steps {
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

        /// The step from its read arguments.
        public init(_ arguments: StepArguments) {
            self.init(target: arguments.target("user"))
        }

        /// Plays it for `vu`, inside its measured span.
        public func play(_ vu: VirtualUser) throws {
            let stack = vu.stack
            _ = try stack.follows.follow(try vu.user(target, step: Self.name), by: vu.me)
        }
    }
}

extension Step {
    /// `follow`.
    public static func follow(_ target: Target) -> Step { .measured(Steps.Follow(target: target)) }
}
