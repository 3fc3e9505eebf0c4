import Testing
import SocialStack

/// The sign-up form check a login screen runs before submitting: every problem at once,
/// and nothing for a form the stack accepts.
@Suite struct SignUpProblemTests {
    @Test func everyBadFieldIsReportedInFieldOrder() {
        let problems = SignUpProblem.problems(email: "not-an-email", password: "short", username: "A!", fullName: "   ")
        #expect(problems.map(\.field) == [.email, .password, .username, .fullName])
        #expect(problems[0].message.contains("not-an-email"))
        #expect(problems[1].message == "it must have at least 8 characters")
        #expect(problems[2].message.hasSuffix("try 'a__'"))
        #expect(problems[3].message == "it is empty")
    }

    @Test func aFormTheStackAcceptsHasNoProblems() throws {
        #expect(SignUpProblem.problems(email: "ada@example.com", password: "password1", username: "Ada_L", fullName: "Ada").isEmpty)
        let stack = try SocialStack(.init(storage: .memory, passwordCost: .low))
        _ = try stack.auth.signUp(email: "ada@example.com", password: "password1", username: "Ada_L", fullName: "Ada")
    }

    @Test func theFormAgreesWithSignUpOnEachRule() throws {
        let stack = try SocialStack(.init(storage: .memory, passwordCost: .low))
        let forms: [(email: String, password: String, username: String, fullName: String)] = [
            ("bad", "password1", "okname", "Ok"), ("a@b.co", "lettersonly", "okname", "Ok"),
            ("a@b.co", "12345678", "okname", "Ok"), ("a@b.co", "password1", "no", "Ok"),
            ("a@b.co", "password1", "way_too_long_username_here", "Ok"), ("a@b.co", "password1", "okname", ""),
        ]
        for form in forms {
            #expect(!SignUpProblem.problems(email: form.email, password: form.password, username: form.username, fullName: form.fullName).isEmpty)
            #expect(throws: AuthError.self) {
                try stack.auth.signUp(email: form.email, password: form.password, username: form.username, fullName: form.fullName)
            }
        }
    }
}
