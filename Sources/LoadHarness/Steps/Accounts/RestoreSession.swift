import Screens
import SocialStack

/// `restore_session`: restore the saved session.
extension Steps {
    public struct RestoreSession: MeasuredStep {
        public static let name = "restore_session"
        public static let summary = "Restore the saved session."

        /// The step (it takes no arguments).
        public init() {}
        public init(_ arguments: StepArguments) {}

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
