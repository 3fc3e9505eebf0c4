import Screens
import SocialStack

/// `close_profile`: close the open profile (its lifetime is checked).
extension Steps {
    public struct CloseProfile: MeasuredStep {
        public static let name = "close_profile"
        public static let summary = "Close the open profile (its lifetime is checked)."
        public static let screen = ScreenChange.closes(ProfileController.self)

        /// The step (it takes no arguments).
        public init() {}
        /// The step from its (no) arguments.
        public init(_ arguments: StepArguments) {}

        /// Plays it for `vu`, inside its measured span.
        public func play(_ vu: VirtualUser) throws {
            try vu.close(ProfileController.self, step: Self.name, expected: "profile")
        }
    }
}

extension Step {
    /// `close_profile`.
    public static var closeProfile: Step { .measured(Steps.CloseProfile()) }
}
