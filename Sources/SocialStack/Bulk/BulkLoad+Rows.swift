import GRDB

extension BulkLoad {
    /// `follower` follows `user`, as `FollowService.follow` does; returns false when it already did.
    @discardableResult
    public func follow(_ user: UserID, by follower: UserID) throws -> Bool {
        try follow([user], by: follower) == 1
    }

    /// `follower` follows each of `followees` in order, as one `follow` call each would;
    /// returns how many of them it did not follow yet. When one is refused (`follower`
    /// itself, a user that does not exist), the follows before it are written and its
    /// error is thrown.
    @discardableResult
    public func follow(_ followees: [UserID], by follower: UserID) throws -> Int {
        try enter(.follows)
        var valid = 0
        var refusal: (any Error)?
        for user in followees {
            if user == follower { refusal = FollowError.cannotFollowSelf(user); break }
            guard users.contains(user.rawValue) else { refusal = FollowError.userNotFound(user); break }
            guard users.contains(follower.rawValue) else { refusal = FollowError.userNotFound(follower); break }
            valid += 1
        }
        var added = 0
        try forEachBatch(of: valid, in: statements.follows) { statement, row, index in
            statement.bind(follower.rawValue, at: row + 1)
            statement.bind(followees[index].rawValue, at: row + 2)
            statement.bind(store.nowMillis, at: row + 3)
        } done: { statement in
            added += Int(statement.changesCount)
        }
        if let refusal { throw refusal }
        return added
    }

    /// Writes a top-level post, as `PostService.compose(.post(text, image:), by:)` does, and
    /// records the users it mentions.
    @discardableResult
    public func compose(_ rawText: String, image: [UInt8]? = nil, by author: UserID) throws -> PostID {
        try compose([Draft(rawText, image: image, by: author)])[0]
    }

    /// Writes the posts in order, as one `compose` call each would, and returns their ids.
    /// When one is refused (its text, its image, an author that does not exist), the posts
    /// before it are written and its error is thrown.
    @discardableResult
    public func compose(_ drafts: [Draft]) throws -> [PostID] {
        try enter(.posts)
        var ids: [PostID] = []
        ids.reserveCapacity(drafts.count)
        var start = drafts.startIndex
        while start < drafts.endIndex {
            let end = min(drafts.endIndex, start + BulkRowsInsert.maxRows)
            // Each post's checks and image come before its row, as in the service.
            var rows: [(text: String, image: MediaID?, author: Int64, time: Int64)] = []
            var refusal: (any Error)?
            for draft in drafts[start..<end] {
                do {
                    let (text, problem) = TextRules.trimmed(draft.text, limit: TextLimits.post, byteLimit: TextLimits.postBytes)
                    if let problem { throw PostError.invalidText(problem) }
                    guard users.contains(draft.author.rawValue) else { throw PostError.userNotFound(draft.author) }
                    var imageID: MediaID?
                    if let image = draft.image {
                        do { imageID = try MediaService.insert(image, in: db, store: store) }
                        catch let error as MediaError { throw PostError.imageRejected(error) }
                    }
                    rows.append((text, imageID, draft.author.rawValue, store.nowMillis))
                } catch {
                    refusal = error
                    break
                }
            }
            if !rows.isEmpty {
                let insert = try statements.posts.statement(rows: rows.count)
                for (index, post) in rows.enumerated() {
                    let row = Int32(index) * statements.posts.columns
                    insert.bind(post.author, at: row + 1)
                    insert.bind(post.text, at: row + 2)
                    insert.bind(post.image?.rawValue, at: row + 3)
                    insert.bind(nil as Int64?, at: row + 4)
                    insert.bind(false, at: row + 5)
                    insert.bind(post.time, at: row + 6)
                }
                try insert.execute()
                // AUTOINCREMENT ids, one more per row: the last row's id is the last inserted one.
                let last = insert.lastInsertedRowID
                let first = last - Int64(rows.count) + 1
                for (offset, post) in rows.enumerated() {
                    posts.insert(first + Int64(offset))
                    ids.append(PostID(rawValue: first + Int64(offset)))
                    try mention(in: post.text, post: first + Int64(offset))
                }
                try flushMentions()
            }
            if let refusal { throw refusal }
            start = end
        }
        return ids
    }

    /// `user` likes the post, as `LikeService.like` does; returns false when they already did.
    @discardableResult
    public func like(_ post: PostID, by user: UserID) throws -> Bool {
        try like([post], by: user) == 1
    }

    /// `user` likes each of `posts` in order, as one `like` call each would; returns how many
    /// of them they did not like yet. When one is refused (a post or user that does not
    /// exist), the likes before it are written and its error is thrown.
    @discardableResult
    public func like(_ liked: [PostID], by user: UserID) throws -> Int {
        try enter(.likes)
        var valid = 0
        var refusal: (any Error)?
        for post in liked {
            guard posts.contains(post.rawValue) else { refusal = LikeError.postNotFound(post); break }
            guard users.contains(user.rawValue) else { refusal = LikeError.userNotFound(user); break }
            valid += 1
        }
        var added = 0
        try forEachBatch(of: valid, in: statements.likes) { statement, row, index in
            statement.bind(liked[index].rawValue, at: row + 1)
            statement.bind(user.rawValue, at: row + 2)
            statement.bind(store.nowMillis, at: row + 3)
        } done: { statement in
            added += Int(statement.changesCount)
        }
        if let refusal { throw refusal }
        return added
    }

    /// Writes `count` rows through `insert`, up to `maxRows` per statement: `bind` binds item
    /// `index` as the row whose parameters follow `row`; `done` runs after each statement.
    func forEachBatch(of count: Int, in insert: BulkRowsInsert,
                              bind: (DirectStatement, _ row: Int32, _ index: Int) -> Void,
                              done: (DirectStatement) -> Void) throws {
        var start = 0
        while start < count {
            let rows = min(count - start, BulkRowsInsert.maxRows)
            let statement = try insert.statement(rows: rows)
            for offset in 0..<rows {
                bind(statement, Int32(offset) * insert.columns, start + offset)
            }
            try statement.execute()
            done(statement)
            start += rows
        }
    }

    /// Queues the mentions of post `post` (each user it names once, in id order, as the
    /// service writes them).
    private func mention(in text: String, post: Int64) throws {
        let names = TextRules.mentions(in: text)
        guard !names.isEmpty else { return }
        var mentioned: [Int64] = []
        for name in names {
            statements.userNamed.bind(name, at: 1)
            if let user = try statements.userNamed.int64Value() { mentioned.append(user) }
        }
        for user in mentioned.sorted() {
            pendingMentions.append((post, user))
        }
    }

    /// Writes the queued mentions.
    private func flushMentions() throws {
        let mentions = pendingMentions
        pendingMentions.removeAll(keepingCapacity: true)
        try forEachBatch(of: mentions.count, in: statements.mentions) { statement, row, index in
            statement.bind(mentions[index].post, at: row + 1)
            statement.bind(mentions[index].user, at: row + 2)
        } done: { _ in }
    }
}
