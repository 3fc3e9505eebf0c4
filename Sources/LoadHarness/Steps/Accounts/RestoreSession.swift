import Screens
import SocialStack

extension Steps {
    /// `restore_session`: restore the saved session.
    public struct RestoreSession: ArgumentFreeStep {
        public static let name = "restore_session"
        public static let summary = "Restore the saved session."

        public init() {}

        public func play(_ vu: VirtualUser) throws {
            let stack = vu.stack
            guard let session = vu.app.session else { throw ScreenError.notSignedIn }
            vu.app.signIn(try stack.auth.restoreSession(token: session.token))
        }
    }
}

extension Step {
    /// `restore_session`.
    public static var restoreSession: Step { .measured(Steps.RestoreSession()) }
}
