import Testing
import Screens
import SocialStack

/// LoginController: sign-up checks every field at once; sign-in passes the stack's errors on.
@Suite struct LoginScreenTests {
    @Test func signUpWithBadFieldsListsEveryProblem() throws {
        let world = try ScreenWorld()
        let app = world.signedOutApp()
        let login = LoginController(app: app)
        try app.navigator.present(login)
        #expect(login.title == "Log in")
        login.email = "not-an-email"
        login.password = "short"
        login.username = "Bad Name!"
        login.fullName = "   "
        let problems = login.signUpProblems
        #expect(problems.map(\.field) == [.email, .password, .username, .fullName])
        #expect(problems.map(\.message) == [
            "'not-an-email' is not an email address like name@example.com",
            "it must have at least 8 characters",
            "' ' is not allowed: use a-z, 0-9 and _; try 'badname'",
            "it is empty",
        ])
        #expect(throws: ScreenError.invalidForm(problems)) { try login.signUp() }
        #expect(app.session == nil)
        #expect(try world.stack.search.users(matching: "badname").isEmpty)
    }

    @Test func signUpWithSomeBadFieldsListsOnlyThose() throws {
        let world = try ScreenWorld()
        let app = world.signedOutApp()
        let login = LoginController(app: app)
        login.email = "fay@example.com"
        login.password = "lettersonly"
        login.username = "fa"
        login.fullName = "Fay"
        #expect(throws: ScreenError.invalidForm([
            SignUpProblem(field: .password, message: "it must contain a digit"),
            SignUpProblem(field: .username, message: "it must have at least 3 characters; try 'fa_'"),
        ])) { try login.signUp() }
    }

    @Test func signUpWithGoodFieldsSignsTheUserIn() throws {
        let world = try ScreenWorld()
        let app = world.signedOutApp()
        let login = LoginController(app: app)
        try app.navigator.present(login)
        login.email = "fay@example.com"
        login.password = "password9"
        login.username = "Fay"
        login.fullName = "Fay Doe"
        #expect(login.signUpProblems.isEmpty)
        let session = try login.signUp()
        #expect(session.user.username == "fay")
        #expect(app.session == session)
        #expect(try app.viewer().user.id == session.user.id)
        #expect(try world.stack.users.user(named: "fay").fullName == "Fay Doe")
        app.navigator.dismiss()
        #expect(login.password.isEmpty)  // closing clears the password field
        let profile = ProfileController(app: app, user: session.user.id)
        try app.navigator.push(profile)
        #expect(profile.header?.isOwnProfile == true)
    }

    @Test func signUpWithATakenEmailThrowsTheStacksError() throws {
        let world = try ScreenWorld()
        let app = world.signedOutApp()
        let login = LoginController(app: app)
        login.email = "ada@example.com"
        login.password = "password9"
        login.username = "ada2"
        login.fullName = "Ada Two"
        #expect(throws: AuthError.emailTaken) { try login.signUp() }
        #expect(app.session == nil)
    }

    @Test func signInSetsTheSessionAndAWrongPasswordThrowsTheStacksError() throws {
        let world = try ScreenWorld()
        let app = world.signedOutApp()
        let login = LoginController(app: app)
        try app.navigator.present(login)
        login.email = "bob@example.com"
        login.password = "wrong-password1"
        #expect(throws: AuthError.wrongEmailOrPassword) { try login.signIn() }
        #expect(app.session == nil)
        login.email = "nobody@example.com"
        #expect(throws: AuthError.wrongEmailOrPassword) { try login.signIn() }
        login.email = "bob@example.com"
        login.password = "password1"
        let session = try login.signIn()
        #expect(session.user.id == world.bob)
        #expect(try app.viewer().user.id == world.bob)
        app.signOut()
        #expect(throws: ScreenError.notSignedIn) { try app.viewer() }
    }
}
