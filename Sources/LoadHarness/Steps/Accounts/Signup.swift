import Screens
import SocialStack

/// `signup`: sign up a new account.
extension Steps {
    public struct Signup: ArgumentFreeStep {
        public static let name = "signup"
        public static let summary = "Sign up a new account."

        /// The step.
        public init() {}

        /// Plays it for `vu`, inside its measured span.
        public func play(_ vu: VirtualUser) throws {
            vu.signups += 1
            let login = vu.loginScreen()
            login.email = "vu\(vu.index)-\(vu.signups)-\(vu.seed)@signup.roost.test"
            login.password = Dataset.password
            login.username = "s\(vu.index)_\(vu.signups)"
            login.fullName = "Signup \(vu.index)"
            try login.signUp()
        }
    }
}

extension Step {
    /// `signup`.
    public static var signup: Step { .measured(Steps.Signup()) }
}
