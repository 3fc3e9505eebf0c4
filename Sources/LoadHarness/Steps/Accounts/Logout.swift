import Screens
import SocialStack

/// `logout`: log out.
extension Steps {
    public struct Logout: ArgumentFreeStep {
        public static let name = "logout"
        public static let summary = "Log out."

        /// The step.
        public init() {}

        /// Plays it for `vu`, inside its measured span.
        public func play(_ vu: VirtualUser) throws {
            let stack = vu.stack
            if let session = vu.app.session { _ = try stack.auth.logOut(token: session.token) }
            vu.app.signOut()
        }
    }
}

extension Step {
    /// `logout`.
    public static var logout: Step { .measured(Steps.Logout()) }
}
