import GRDB

/// Username rules shared by sign-up and rename.
enum Usernames {
    static func isTaken(_ name: String, in db: Database) throws -> Bool {
        try db.cachedValue(Bool.self, sql: "SELECT EXISTS (SELECT 1 FROM users WHERE username = ?)", arguments: [name]) ?? false
    }

    /// The first free name made of `name` and a number (`ada` -> `ada1`, `ada2`, ...).
    static func freeSuggestion(near name: String, in db: Database) throws -> String {
        var number = 1
        while true {
            let suffix = String(number)
            let candidate = String(name.prefix(TextLimits.usernameMaximum - suffix.count)) + suffix
            if try !isTaken(candidate, in: db) { return candidate }
            number += 1
        }
    }
}
