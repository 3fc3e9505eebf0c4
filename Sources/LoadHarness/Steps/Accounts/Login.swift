import Screens
import SocialStack

/// `login`: log in as the virtual user's own dataset user.
extension Steps {
    public struct Login: ArgumentFreeStep {
        public static let name = "login"
        public static let summary = "Log in as the virtual user's own dataset user."

        /// The step.
        public init() {}

        /// Plays it for `vu`, inside its measured span.
        public func play(_ vu: VirtualUser) throws {
            let login = vu.loginScreen()
            login.email = vu.dataset.emails[vu.ownSlot]
            login.password = Dataset.password
            try login.signIn()
        }
    }
}

extension Step {
    /// `login`.
    public static var login: Step { .measured(Steps.Login()) }
}
