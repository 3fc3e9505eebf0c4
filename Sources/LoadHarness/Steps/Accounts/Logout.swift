import Screens
import SocialStack

extension Steps {
    /// `logout`: log out.
    public struct Logout: ArgumentFreeStep {
        public static let name = "logout"
        public static let summary = "Log out."

        public init() {}

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
