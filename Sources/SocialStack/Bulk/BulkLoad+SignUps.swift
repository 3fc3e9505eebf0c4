import Foundation
import GRDB

extension BulkLoad {
    /// Creates an account and its first session, as `AuthService.signUp` does, with the same
    /// validation, and returns its id.
    @discardableResult
    public func signUp(email: String, password: String, username: String, fullName: String,
                       profileImage: [UInt8]? = nil) throws -> UserID {
        try signUp([Account(email: email, password: password, username: username, fullName: fullName,
                            profileImage: profileImage)])[0]
    }

    /// Creates the accounts in order, as one `signUp` call per account would (the same rows,
    /// ids, salts, tokens and errors), and returns their ids. Their passwords are hashed on
    /// another thread meanwhile and stored when the load ends.
    ///
    /// Each account's salt and session token are drawn from the stack's random source in the
    /// order sign-up draws them, before any of the batch is written; when an account is
    /// refused, the accounts before it are written and its error is thrown (the random
    /// source may then have been drawn for accounts after it).
    @discardableResult
    public func signUp(_ accounts: [Account]) throws -> [UserID] {
        try enter(.signUps)
        var checked: [CheckedAccount] = []
        checked.reserveCapacity(accounts.count)
        var refusal: (any Error)?
        for account in accounts {
            do {
                let (username, fullName) = try AuthService.checkedSignUp(
                    email: account.email, password: account.password, username: account.username, fullName: account.fullName)
                checked.append(CheckedAccount(account: account, username: username, fullName: fullName))
            } catch {
                refusal = error
                break
            }
        }
        // The salt and then the session token, drawn in the order sign-up draws them.
        let random = store.configuration.randomBytes
        for index in checked.indices {
            checked[index].salt = random(PasswordHasher.saltBytes)
            checked[index].token = BulkSessionToken.digest(ofTokenFrom: random(SecretToken.randomBytes))
        }
        var ids: [UserID] = []
        ids.reserveCapacity(checked.count)
        var start = 0
        while start < checked.count {
            let end = min(checked.count, start + BulkRowsInsert.maxRows)
            let written = try insert(checked[start..<end])
            hashes.submit(zip(checked[start..<end], written).map { account, user in
                BulkHashQueue.Job(user: user.rawValue, password: account.account.password, salt: account.salt)
            })
            ids += written
            start = end
        }
        if let refusal { throw refusal }
        return ids
    }

    /// An account that passed sign-up's checks, with its salt and token once drawn.
    struct CheckedAccount {
        let account: Account
        let username: String
        let fullName: String
        var salt: [UInt8] = []
        /// The SHA-256 of its first session's token (what `sessions` stores).
        var token = Data()
    }

    /// Writes the accounts' profile images, users and sessions (one statement for the users,
    /// one for the sessions). When one is refused (an email or username taken, an image
    /// rejected), the batch's writes are undone and the accounts are written one at a time,
    /// so the accounts before it are written and its own error is thrown.
    private func insert(_ accounts: ArraySlice<CheckedAccount>) throws -> [UserID] {
        if accounts.count == 1 { return [try insertUser(accounts[accounts.startIndex], statement: statements.users.statement(rows: 1))] }
        var ids: [Int64] = []
        do {
            try db.inSavepoint {
                let insertUsers = try statements.users.statement(rows: accounts.count)
                for (row, account) in accounts.enumerated() {
                    try bindUser(account, row: Int32(row), to: insertUsers)
                }
                try insertUsers.execute()
                // AUTOINCREMENT ids, one more per row: the last row's id is the last inserted one.
                let last = insertUsers.lastInsertedRowID
                ids = (0..<Int64(accounts.count)).map { last - Int64(accounts.count) + 1 + $0 }
                let insertSessions = try statements.sessions.statement(rows: accounts.count)
                for (row, (account, user)) in zip(accounts, ids).enumerated() {
                    bindSession(account, user: user, row: Int32(row), to: insertSessions)
                }
                try insertSessions.execute()
                return .commit
            }
        } catch {
            // The savepoint rolled the batch back: one at a time now.
            let insertUser = try statements.users.statement(rows: 1)
            return try accounts.map { try self.insertUser($0, statement: insertUser) }
        }
        for user in ids { users.insert(user) }
        return ids.map(UserID.init(rawValue:))
    }

    /// One account's user and session, with sign-up's errors for a taken email or username
    /// (its profile image is then not stored, as sign-up checks before storing it).
    private func insertUser(_ account: CheckedAccount, statement: DirectStatement) throws -> UserID {
        func write() throws {
            try bindUser(account, row: 0, to: statement)
            try statement.execute()
        }
        do {
            // A stored profile image goes with a refused user (a savepoint rolls it back).
            if account.account.profileImage != nil {
                try db.inSavepoint { try write(); return .commit }
            } else {
                try write()
            }
        } catch {
            guard let error = error as? DatabaseError, error.isUniqueViolation else { throw error }
            if try db.cachedValue(Bool.self, sql: "SELECT EXISTS (SELECT 1 FROM users WHERE email = ?)", arguments: [account.account.email]) ?? false {
                throw AuthError.emailTaken
            }
            throw AuthError.usernameTaken(account.username, suggestion: try Usernames.freeSuggestion(near: account.username, in: db))
        }
        let user = statement.lastInsertedRowID
        users.insert(user)
        let insertSession = try statements.sessions.statement(rows: 1)
        bindSession(account, user: user, row: 0, to: insertSession)
        try insertSession.execute()
        return UserID(rawValue: user)
    }

    /// Stores the profile image, then binds the user row `row` of `statement`.
    private func bindUser(_ checked: CheckedAccount, row: Int32, to statement: DirectStatement) throws {
        var imageID: MediaID?
        if let profileImage = checked.account.profileImage {
            do { imageID = try MediaService.insert(profileImage, in: db, store: store) }
            catch let error as MediaError { throw AuthError.imageRejected(error) }
        }
        let base = row * statements.users.columns
        statement.bind(checked.account.email, at: base + 1)
        statement.bind(checked.username, at: base + 2)
        statement.bind(checked.fullName, at: base + 3)
        statement.bind(checked.fullName.lowercased(), at: base + 4)
        statement.bind(imageID?.rawValue, at: base + 5)
        statement.bind(passwordPlaceholder, at: base + 6)
        statement.bind(store.nowMillis, at: base + 7)
    }

    /// Binds the session row `row` of `statement`: the account's first session.
    private func bindSession(_ checked: CheckedAccount, user: Int64, row: Int32, to statement: DirectStatement) {
        let base = row * statements.sessions.columns
        let start = store.nowMillis
        statement.bind(blob: checked.token, at: base + 1)
        statement.bind(user, at: base + 2)
        statement.bind(start, at: base + 3)
        statement.bind(start + Int64(store.configuration.sessionLifetime * 1000), at: base + 4)
    }
}
