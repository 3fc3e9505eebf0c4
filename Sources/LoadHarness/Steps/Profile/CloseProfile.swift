import Screens
import SocialStack

extension Steps {
    /// `close_profile`: close the open profile (its lifetime is checked).
    public struct CloseProfile: ArgumentFreeStep {
        public static let name = "close_profile"
        public static let summary = "Close the open profile (its lifetime is checked)."
        public static let screen = ScreenChange.closes(ProfileController.self)

        public init() {}

        public func play(_ vu: VirtualUser) throws {
            try vu.close(ProfileController.self, step: Self.name, expected: "profile")
        }
    }
}

extension Step {
    /// `close_profile`.
    public static var closeProfile: Step { .measured(Steps.CloseProfile()) }
}
