import Foundation

/// The limits on what users type, in characters (grapheme clusters) after trimming.
public enum TextLimits {
    public static let post = 280
    public static let comment = 1000
    public static let fullName = 50
    public static let bio = 160
    public static let usernameMinimum = 3
    public static let usernameMaximum = 20
    public static let passwordMinimum = 8
}

/// The apps' validation rules, written out by hand (no regex engine on the hot path).
enum TextRules {
    /// `[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,64}`, the whole string.
    static func isValidEmail(_ email: String) -> Bool {
        let bytes = Array(email.utf8)
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")), at > 0 else { return false }
        let local = bytes[..<at], domain = bytes[(at + 1)...]
        guard local.allSatisfy(isEmailLocalByte), !domain.isEmpty, domain.allSatisfy(isDomainByte),
              let dot = domain.lastIndex(of: UInt8(ascii: "."))
        else { return false }
        let host = domain[domain.startIndex..<dot], tld = domain[(dot + 1)...]
        return !host.isEmpty && (2...64).contains(tld.count) && tld.allSatisfy(isASCIILetter)
    }

    /// Why `password` is too weak, or nil when it has 8+ characters with a letter and a digit.
    static func passwordProblem(_ password: String) -> String? {
        if password.count < TextLimits.passwordMinimum {
            return "it must have at least \(TextLimits.passwordMinimum) characters"
        }
        if !password.contains(where: \.isLetter) { return "it must contain a letter" }
        if !password.contains(where: \.isNumber) { return "it must contain a digit" }
        return nil
    }

    /// Usernames are case-insensitive: this is the stored form.
    static func normalizedUsername(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Why a normalized username is invalid, or nil when it is `[a-z0-9_]{3,20}`.
    static func usernameProblem(_ name: String) -> String? {
        let count = name.unicodeScalars.count
        if count < TextLimits.usernameMinimum { return "it must have at least \(TextLimits.usernameMinimum) characters" }
        if count > TextLimits.usernameMaximum { return "it must have at most \(TextLimits.usernameMaximum) characters" }
        if let bad = name.unicodeScalars.first(where: { !isUsernameScalar($0) }) {
            return "'\(bad)' is not allowed: use a-z, 0-9 and _"
        }
        return nil
    }

    /// The nearest valid username to an invalid one: allowed characters only, padded or cut.
    static func usernameSuggestion(for name: String) -> String {
        var kept = String(String.UnicodeScalarView(normalizedUsername(name).unicodeScalars.filter(isUsernameScalar)))
        if kept.count > TextLimits.usernameMaximum { kept = String(kept.prefix(TextLimits.usernameMaximum)) }
        while kept.count < TextLimits.usernameMinimum { kept += "_" }
        return kept
    }

    /// Text trimmed of surrounding white space, and what is wrong with it, if anything.
    static func trimmed(_ text: String, limit: Int) -> (text: String, problem: TextProblem?) {
        // Foundation's trimming walks a CharacterSet on every call; a text whose first and
        // last scalars are not in the set is already trimmed, and most texts are.
        let scalars = text.unicodeScalars
        let trimmed = if let first = scalars.first, let last = scalars.last, !isTrimmed(first), !isTrimmed(last) {
            text
        } else {
            text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if trimmed.isEmpty { return (trimmed, .empty) }
        if trimmed.utf8.contains(0) { return (trimmed, .containsNul) }
        // A character is at least one UTF-8 byte: count characters only when there are more bytes than the limit.
        if trimmed.utf8.count > limit {
            let count = trimmed.count
            if count > limit { return (trimmed, .tooLong(count: count, limit: limit)) }
        }
        return (trimmed, nil)
    }

    /// Whether `.whitespacesAndNewlines` holds the scalar: Unicode's White_Space property
    /// plus U+200B ZERO WIDTH SPACE (TextRulesTrimTests compares the two).
    private static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\u{200B}"
    }

    /// The lowercased `@username` mentions in `text`, each once, in order of appearance.
    /// An `@` preceded by a letter, digit or `_` (an email address) is not a mention.
    static func mentions(in text: String) -> [String] {
        var found: [String] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "@" else { continue }
            if index > 0, isWordScalar(scalars[index - 1]) { continue }
            var end = index + 1
            while end < scalars.count, isWordScalar(scalars[end]) { end += 1 }
            let name = String(String.UnicodeScalarView(scalars[(index + 1)..<end])).lowercased()
            if (TextLimits.usernameMinimum...TextLimits.usernameMaximum).contains(end - index - 1),
               usernameProblem(name) == nil, !found.contains(name) {
                found.append(name)
            }
            index = end - 1
        }
        return found
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isEmailLocalByte(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || isASCIIDigit(byte) || "._%+-".utf8.contains(byte)
    }

    private static func isDomainByte(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || isASCIIDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    private static func isUsernameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }
}

/// What is wrong with a piece of text a user typed.
public enum TextProblem: Hashable, Sendable {
    /// Nothing left after trimming white space.
    case empty
    /// More characters than allowed.
    case tooLong(count: Int, limit: Int)
    /// A U+0000 character, which SQLite's text functions would cut the text at.
    case containsNul

    var message: String {
        switch self {
        case .empty: "it is empty"
        case let .tooLong(count, limit): "it has \(count) characters; the limit is \(limit), so remove \(count - limit)"
        case .containsNul: "it contains a NUL character (U+0000); remove it"
        }
    }
}
