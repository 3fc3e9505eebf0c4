import Foundation

/// The limits on what users type, in characters (grapheme clusters) after trimming, and
/// in UTF-8 bytes beside them: a character has no byte limit of its own (one `a` with
/// 500,000 combining marks is one character), so every field has both.
public enum TextLimits {
    public static let post = 280
    public static let comment = 1000
    public static let fullName = 50
    public static let bio = 160
    public static let usernameMinimum = 3
    public static let usernameMaximum = 20
    public static let passwordMinimum = 8

    /// UTF-8 bytes a field may hold per character it may hold: the longest emoji sequence
    /// Unicode recommends (a kiss with two skin tones) is 35 bytes, so a field full of any
    /// emoji fits; most text is 1 to 4 bytes a character.
    public static let bytesPerCharacter = 36
    /// A post's (and an edit's) bytes: 10,080.
    public static let postBytes = post * bytesPerCharacter
    /// A comment's bytes: 36,000.
    public static let commentBytes = comment * bytesPerCharacter
    /// A full name's bytes: 1,800.
    public static let fullNameBytes = fullName * bytesPerCharacter
    /// A bio's bytes: 5,760.
    public static let bioBytes = bio * bytesPerCharacter
    /// An email address's bytes (RFC 5321's limit on a path is 256 with its brackets).
    public static let emailBytes = 254
    /// A password's bytes: more is not a password, and every byte is hashed.
    public static let passwordBytes = 1024
    /// A search query's bytes.
    public static let searchBytes = 256
    /// A post search's words: each becomes a prefix phrase FTS5 intersects.
    public static let searchTerms = 8
    /// The characters of a bad value an error quotes.
    public static let quotedPrefix = 32
    /// A session or reset token's bytes: 32 random bytes in unpadded base64url. A token of
    /// any other length was never issued, so it is refused before it is hashed.
    public static let tokenBytes = 43
}

/// The apps' validation rules, written out by hand (no regex engine on the hot path).
enum TextRules {
    /// `[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,64}`, the whole string.
    /// At most `TextLimits.emailBytes` bytes.
    static func isValidEmail(_ email: String) -> Bool {
        guard email.utf8.count <= TextLimits.emailBytes else { return false }
        let bytes = Array(email.utf8)
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")), at > 0 else { return false }
        let local = bytes[..<at], domain = bytes[(at + 1)...]
        guard local.allSatisfy(isEmailLocalByte), !domain.isEmpty, domain.allSatisfy(isDomainByte),
              let dot = domain.lastIndex(of: UInt8(ascii: "."))
        else { return false }
        let host = domain[domain.startIndex..<dot], tld = domain[(dot + 1)...]
        return !host.isEmpty && (2...64).contains(tld.count) && tld.allSatisfy(isASCIILetter)
    }

    /// Why `password` cannot be set (over the byte limit, a NUL, too weak), or nil when it has 8+
    /// characters with a letter and a digit.
    static func passwordProblem(_ password: String) -> String? {
        if password.utf8.count > TextLimits.passwordBytes {
            return "it must have at most \(TextLimits.passwordBytes) bytes"
        }
        // Trailing NULs hash as if they were not there (`PasswordHasher.verify`): refused.
        if password.utf8.contains(0) { return "it must not contain a NUL character" }
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
        // Allowed usernames are ASCII, so a byte is a character: no need to count a huge name.
        if name.utf8.count > TextLimits.usernameMaximum * 4 {
            return "it must have at most \(TextLimits.usernameMaximum) characters"
        }
        let count = name.unicodeScalars.count
        if count < TextLimits.usernameMinimum { return "it must have at least \(TextLimits.usernameMinimum) characters" }
        if count > TextLimits.usernameMaximum { return "it must have at most \(TextLimits.usernameMaximum) characters" }
        if let bad = name.unicodeScalars.first(where: { !isUsernameScalar($0) }) {
            return "'\(quoted(String(bad)))' is not allowed: use a-z, 0-9 and _"
        }
        return nil
    }

    /// The nearest valid username to an invalid one: allowed characters only, padded or cut.
    static func usernameSuggestion(for name: String) -> String {
        // Only the start of a long name counts: a suggestion is at most 20 characters.
        let start = String(name.unicodeScalars.prefix(4 * TextLimits.usernameMaximum))
        var kept = String(String.UnicodeScalarView(normalizedUsername(start).unicodeScalars.filter(isUsernameScalar)))
        if kept.count > TextLimits.usernameMaximum { kept = String(kept.prefix(TextLimits.usernameMaximum)) }
        while kept.count < TextLimits.usernameMinimum { kept += "_" }
        return kept
    }

    /// Text trimmed of surrounding white space, and what is wrong with it, if anything.
    /// `byteLimit` bounds the trimmed text's UTF-8 bytes, and is checked before characters
    /// are counted, so a huge text costs one pass over its bytes.
    static func trimmed(_ text: String, limit: Int, byteLimit: Int) -> (text: String, problem: TextProblem?) {
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
        let bytes = trimmed.utf8.count
        if bytes > byteLimit { return (trimmed, .tooManyBytes(bytes: bytes, limit: byteLimit)) }
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

    /// A bad value as an error quotes it: at most `TextLimits.quotedPrefix` characters,
    /// control characters (NUL among them) escaped, and the length of what was cut, so an
    /// error never echoes a megabyte back.
    static func quoted(_ value: String) -> String {
        var quoted = ""
        var characters = 0
        for scalar in value.unicodeScalars {
            if characters == TextLimits.quotedPrefix {
                return quoted + "… (\(value.utf8.count) bytes in all)"
            }
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                quoted += scalar.escaped(asASCII: true)
            } else {
                quoted.unicodeScalars.append(scalar)
            }
            characters += 1
        }
        return quoted
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
    /// More UTF-8 bytes than allowed (checked before characters are counted).
    case tooManyBytes(bytes: Int, limit: Int)

    var message: String {
        switch self {
        case .empty: "it is empty"
        case let .tooLong(count, limit): "it has \(count) characters; the limit is \(limit), so remove \(count - limit)"
        case .containsNul: "it contains a NUL character (U+0000); remove it"
        case let .tooManyBytes(bytes, limit): "it has \(bytes) bytes of UTF-8; the limit is \(limit), so remove \(bytes - limit)"
        }
    }
}
