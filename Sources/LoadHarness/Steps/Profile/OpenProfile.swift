import Screens
import SocialStack

extension Steps {
    /// `open_profile`: open a user's profile.
    public struct OpenProfile: MeasuredStep {
        public static let name = "open_profile"
        public static let summary = "Open a user's profile."
        public static let arguments = [StepSyntax.Argument("user", .user, default: "random")]
        public static let screen = ScreenChange.opens(ProfileController.self)

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
            try vu.app.navigator.push(ProfileController(app: vu.app, user: try vu.user(target, step: Self.name)))
        }
    }
}

extension Step {
    /// `open_profile`.
    public static func openProfile(_ target: Target) -> Step { .measured(Steps.OpenProfile(target: target)) }
}
