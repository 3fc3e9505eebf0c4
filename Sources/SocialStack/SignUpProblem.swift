/// One thing wrong with a sign-up form, found without touching the database: what a
/// login screen shows next to the field before it submits.
public struct SignUpProblem: Hashable, Sendable, CustomStringConvertible {
    /// The form's fields.
    public enum Field: String, Hashable, Sendable, CaseIterable {
        case email, password, username, fullName
    }

    /// The field at fault.
    public let field: Field
    /// What is wrong and, where there is one, the nearest valid value.
    public let message: String

    /// A problem with a field.
    public init(field: Field, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field.rawValue): \(message)" }

    /// Every problem of a sign-up form at once, in field order; empty when `AuthService.signUp`
    /// would accept the form (uniqueness aside, which needs the database).
    public static func problems(email: String, password: String, username: String, fullName: String) -> [SignUpProblem] {
        var problems: [SignUpProblem] = []
        if !TextRules.isValidEmail(email) {
            let bytes = email.utf8.count
            problems.append(.init(field: .email, message: bytes > TextLimits.emailBytes
                ? "'\(TextRules.quoted(email))' has \(bytes) bytes; an email address has at most \(TextLimits.emailBytes)"
                : "'\(TextRules.quoted(email))' is not an email address like name@example.com"))
        }
        if let reason = TextRules.passwordProblem(password) {
            problems.append(.init(field: .password, message: reason))
        }
        let name = TextRules.normalizedUsername(username)
        if let reason = TextRules.usernameProblem(name) {
            problems.append(.init(field: .username,
                                  message: "\(reason); try '\(TextRules.usernameSuggestion(for: username))'"))
        }
        if let problem = TextRules.trimmed(fullName, limit: TextLimits.fullName, byteLimit: TextLimits.fullNameBytes).problem {
            problems.append(.init(field: .fullName, message: problem.message))
        }
        return problems
    }
}
