import SocialStack

/// Sign in and sign up. Sign-up checks every field first and reports all problems at once
/// (`ScreenError.invalidForm`), before anything reaches the stack.
public final class LoginController: Screen, @unchecked Sendable {
    public let app: App
    public var email = ""
    public var password = ""
    public var username = ""
    public var fullName = ""
    public private(set) var isOpen = false

    /// The login screen.
    public init(app: App) { self.app = app }

    public var title: String { "Log in" }

    public func load() throws { isOpen = true }

    /// What is wrong with the sign-up fields now, every problem at once.
    public var signUpProblems: [SignUpProblem] {
        SignUpProblem.problems(email: email, password: password, username: username, fullName: fullName)
    }

    /// Signs in with the email and password fields; the app's session is set.
    @discardableResult
    public func signIn() throws -> Session {
        let session = try app.stack.auth.logIn(email: email, password: password)
        app.signIn(session)
        return session
    }

    /// Signs up with all four fields (checked first) and signs the new user in.
    @discardableResult
    public func signUp(profileImage: [UInt8]? = nil) throws -> Session {
        let problems = signUpProblems
        guard problems.isEmpty else { throw ScreenError.invalidForm(problems) }
        let session = try app.stack.auth.signUp(email: email, password: password, username: username,
                                                fullName: fullName, profileImage: profileImage)
        app.signIn(session)
        return session
    }

    public func close() {
        password = ""
        isOpen = false
    }

    public var parts: [AnyObject] { [self] }
}
