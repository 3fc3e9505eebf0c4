import Screens
import SocialStack

extension Steps {
    /// `signup`: sign up a new account.
    public struct Signup: ArgumentFreeStep {
        public static let name = "signup"
        public static let summary = "Sign up a new account."

        public init() {}

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
