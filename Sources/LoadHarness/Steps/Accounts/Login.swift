import Screens
import SocialStack

extension Steps {
    /// `login`: log in as the virtual user's own dataset user.
    public struct Login: ArgumentFreeStep {
        public static let name = "login"
        public static let summary = "Log in as the virtual user's own dataset user."

        public init() {}

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
