import Screens
import SocialStack

/// `logout`: log out.
extension Steps {
    public struct Logout: MeasuredStep {
        public static let name = "logout"
        public static let summary = "Log out."

        /// The step (it takes no arguments).
        public init() {}
        /// The step from its (no) arguments.
        public init(_ arguments: StepArguments) {}

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
