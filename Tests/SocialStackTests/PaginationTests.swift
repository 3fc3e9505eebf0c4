import Foundation
import Testing
@testable import SocialStack

/// Walks a paged list with its cursor; `between(n)` runs before fetching page n (n >= 1).
private func walk<Item>(
    _ fetch: (Int64?) throws -> Page<Item>, between: (Int) throws -> Void = { _ in }
) throws -> [Page<Item>] {
    var pages: [Page<Item>] = []
    var cursor: Int64?
    repeat {
        if !pages.isEmpty { try between(pages.count) }
        let page = try fetch(cursor)
        pages.append(page)
        cursor = page.nextCursor
    } while cursor != nil && pages.count < 1_000
    return pages
}

/// Every page but the last is full and its cursor is its last item's key; the last page
/// is not empty (unless the list is) and has no cursor.
private func expectWellFormed<Item>(
    _ pages: [Page<Item>], limit: Int, key: ((Item) -> Int64)? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    for (number, page) in pages.enumerated() {
        if number < pages.count - 1 {
            #expect(page.items.count == limit, "page \(number) is not full", sourceLocation: sourceLocation)
            if let key { #expect(page.nextCursor == page.items.last.map(key), sourceLocation: sourceLocation) }
        } else {
            #expect(page.nextCursor == nil, "the last page has a cursor", sourceLocation: sourceLocation)
            #expect(!page.items.isEmpty || pages.count == 1, "an empty page after a full one", sourceLocation: sourceLocation)
        }
    }
}

private func expectStrictlyDescending(_ ids: [Int64], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 > $1 }, "ids not strictly descending: \(ids)", sourceLocation: sourceLocation)
}

@Suite struct PaginationTests {
    /// New posts by followed users arriving during a walk do not shift the pages: the walk
    /// returns exactly the feed as it was when it started.
    @Test(arguments: FeedStrategy.allCases)
    func homeFeedWalkIsStableWhileFollowedUsersPost(strategy: FeedStrategy) throws {
        let clock = TestClock()
        let stack = try makeStack(feed: strategy, clock: clock)
        let reader = try signUp(stack, "reader")
        let followees = try (0..<3).map { try signUp(stack, "followee\($0)") }
        let stranger = try signUp(stack, "stranger")
        for followee in followees { try stack.follows.follow(followee, as: stack.session(of: reader)) }
        var expected: [PostID] = []
        for round in 0..<8 {
            for author in followees + [reader] {
                clock.advance(by: 1)
                expected.append(try stack.posts.compose(.post("round \(round) by \(author)"), as: stack.session(of: author)).id)
            }
            let other = try stack.posts.compose(.post("stranger \(round)"), as: stack.session(of: stranger)).id
            try stack.posts.compose(.reply(to: other, "a reply, not in feeds"), as: stack.session(of: followees[0]))
        }
        expected.reverse()  // 32 posts, newest first

        var arrived: [PostID] = []
        let limit = 5
        let pages = try walk({ try stack.feed.homeFeed(for: stack.session(of: reader), before: $0, limit: limit) }) { _ in
            for author in followees + [reader] {
                clock.advance(by: 1)
                arrived.append(try stack.posts.compose(.post("new while reading"), as: stack.session(of: author)).id)
            }
        }
        let ids = pages.flatMap(\.items).map(\.id)
        #expect(ids == expected)
        #expect(Set(ids).count == ids.count)
        expectStrictlyDescending(ids.map(\.rawValue))
        expectWellFormed(pages, limit: limit, key: { $0.id.rawValue })
        #expect(pages.count == 7)
        // The new posts are in the feed, on top, for a walk that starts now.
        let fresh = try stack.feed.homeFeed(for: stack.session(of: reader), limit: arrived.count).items.map(\.id)
        #expect(fresh == arrived.sorted(by: >))
    }

    @Test func profilePostsWalkIsStableWhileTheAuthorPosts() throws {
        let stack = try makeStack()
        let author = try signUp(stack, "author")
        let other = try signUp(stack, "other")
        var topLevel: [PostID] = [], everything: [PostID] = []
        for index in 0..<24 {
            let post = try stack.posts.compose(.post("post \(index)"), as: stack.session(of: author)).id
            topLevel.append(post)
            everything.append(post)
            if index % 3 == 0 {
                everything.append(try stack.posts.compose(.reply(to: post, "self reply \(index)"), as: stack.session(of: author)).id)
            }
            try stack.posts.compose(.post("noise \(index)"), as: stack.session(of: other))
        }

        var arrivals: [PostID] = []
        let arrive = { (_: Int) in
            let post = try stack.posts.compose(.post("new"), as: stack.session(of: author)).id
            arrivals += [post, try stack.posts.compose(.reply(to: post, "new reply"), as: stack.session(of: author)).id]
        }
        let pages = try walk({ try stack.posts.posts(by: author, before: $0, limit: 4) }, between: arrive)
        #expect(pages.flatMap(\.items).map(\.id) == topLevel.reversed())
        expectWellFormed(pages, limit: 4, key: { $0.id.rawValue })
        #expect(pages.count == 6)

        #expect(arrivals.count == 10)
        // A second walk, replies included, returns everything written before it started.
        everything += arrivals
        let withReplies = try walk({ try stack.posts.posts(by: author, includingReplies: true, before: $0, limit: 7) }, between: arrive)
        let ids = withReplies.flatMap(\.items).map(\.id)
        #expect(ids == everything.reversed())
        expectStrictlyDescending(ids.map(\.rawValue))
        expectWellFormed(withReplies, limit: 7, key: { $0.id.rawValue })
    }

    @Test func notificationsWalkIsStableWhileNotificationsArrive() throws {
        let stack = try makeStack()
        let owner = try signUp(stack, "owner")
        let fans = try (0..<6).map { try signUp(stack, "fan\($0)") }
        let posts = try (0..<4).map { try stack.posts.compose(.post("post \($0)"), as: stack.session(of: owner)).id }
        for fan in fans { try stack.follows.follow(owner, as: stack.session(of: fan)) }
        for fan in fans.prefix(4) { for post in posts { try stack.likes.like(post, as: stack.session(of: fan)) } }
        // 6 follows + 16 likes + 3 comments = 25, five full pages of 5.
        for index in 0..<3 { try stack.comments.comment(on: posts[index], text: "first", as: stack.session(of: fans[5])) }
        let expected = try count(stack, "notifications", where: "recipient_id = \(owner.rawValue)")
        #expect(expected == 25)

        var round = 0
        let pages = try walk({ try stack.notifications.notifications(for: stack.session(of: owner), before: $0, limit: 5) }) { _ in
            round += 1
            try stack.likes.like(posts[round % posts.count], as: stack.session(of: fans[4 + round % 2]))
            try stack.comments.comment(on: posts[0], text: "more \(round)", as: stack.session(of: fans[5]))
        }
        let ids = pages.flatMap(\.items).map(\.id.rawValue)
        #expect(ids.count == expected)
        #expect(pages.count == 5)
        #expect(Set(ids).count == ids.count)
        expectStrictlyDescending(ids)
        expectWellFormed(pages, limit: 5, key: { $0.id.rawValue })
        // Exactly the notifications that existed at the start: the oldest ones by id.
        let all = try stack.notifications.notifications(for: stack.session(of: owner), limit: 200).items.map(\.id.rawValue)
        #expect(all.count > expected)
        #expect(ids == Array(all.suffix(expected)))
        #expect(pages.flatMap(\.items).allSatisfy { $0.recipient == owner })
    }

    @Test func followersWalkIsStableWhileNewFollowersArrive() throws {
        let stack = try makeStack()
        let star = try signUp(stack, "star")
        var followers: [UserID] = []
        for index in 0..<20 {
            let fan = try signUp(stack, "fan\(index)")
            try stack.follows.follow(star, as: stack.session(of: fan))
            followers.append(fan)
        }
        var newcomer = 0
        let pages = try walk({ try stack.follows.followers(of: star, before: $0, limit: 4) }) { _ in
            newcomer += 1
            try stack.follows.follow(star, as: stack.session(of: try signUp(stack, "late\(newcomer)")))
        }
        let ids = pages.flatMap(\.items).map(\.id)
        #expect(ids == followers.reversed())
        expectWellFormed(pages, limit: 4)
        #expect(pages.count == 5)
        #expect(try stack.users.stats(for: star).followers == 20 + newcomer)
    }

    @Test func commentsWalkIsStableWhileCommentsArrive() throws {
        let stack = try makeStack()
        let author = try signUp(stack, "author")
        let talkers = try (0..<3).map { try signUp(stack, "talker\($0)") }
        let post = try stack.posts.compose(.post("discuss"), as: stack.session(of: author)).id
        let otherPost = try stack.posts.compose(.post("elsewhere"), as: stack.session(of: author)).id
        var expected: [CommentID] = []
        for index in 0..<24 {
            expected.append(try stack.comments.comment(on: post, text: "comment \(index)", as: stack.session(of: talkers[index % 3])).id)
            try stack.comments.comment(on: otherPost, text: "other \(index)", as: stack.session(of: talkers[index % 3]))
        }
        let pages = try walk({ try stack.comments.comments(on: post, before: $0, limit: 6) }) { page in
            try stack.comments.comment(on: post, text: "late \(page)", as: stack.session(of: talkers[page % 3]))
        }
        let ids = pages.flatMap(\.items).map(\.id)
        #expect(ids == expected.reversed())
        expectStrictlyDescending(ids.map(\.rawValue))
        expectWellFormed(pages, limit: 6, key: { $0.id.rawValue })
        #expect(pages.count == 4)
        #expect(pages.flatMap(\.items).allSatisfy { $0.post == post })
    }

    /// Replies are oldest first, so replies written during the walk come after the ones
    /// already read: the walk returns every reply that existed when its last page was
    /// fetched, once each, in order.
    @Test func repliesWalkOldestFirstPicksUpNewRepliesOnce() throws {
        let stack = try makeStack()
        let author = try signUp(stack, "author")
        let talkers = try (0..<3).map { try signUp(stack, "talker\($0)") }
        let post = try stack.posts.compose(.post("thread"), as: stack.session(of: author)).id
        let otherPost = try stack.posts.compose(.post("other thread"), as: stack.session(of: author)).id
        var replies: [PostID] = []
        for index in 0..<22 {
            replies.append(try stack.posts.compose(.reply(to: post, "reply \(index)"), as: stack.session(of: talkers[index % 3])).id)
            try stack.posts.compose(.reply(to: otherPost, "other \(index)"), as: stack.session(of: talkers[index % 3]))
        }
        let initial = replies
        let limit = 5
        let pages = try walk({ try stack.posts.replies(to: post, after: $0, limit: limit) }) { page in
            guard page <= 3 else { return }
            replies.append(try stack.posts.compose(.reply(to: post, "late \(page)"), as: stack.session(of: talkers[page % 3])).id)
        }
        let ids = pages.flatMap(\.items).map(\.id)
        #expect(ids == replies)
        #expect(Array(ids.prefix(initial.count)) == initial)
        #expect(ids.count == 25)
        #expect(pages.count == 5)
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }, "replies not strictly ascending")
        expectWellFormed(pages, limit: limit, key: { $0.id.rawValue })
        #expect(pages.flatMap(\.items).allSatisfy { $0.replyTo == post && $0.isReply })
    }

    /// When the list length is a multiple of the page size, the last full page already
    /// says there is no more (no empty page to fetch).
    @Test(arguments: FeedStrategy.allCases)
    func lastFullPageHasNoCursor(strategy: FeedStrategy) throws {
        let stack = try makeStack(feed: strategy)
        let author = try signUp(stack, "author")
        let reader = try signUp(stack, "reader")
        try stack.follows.follow(author, as: stack.session(of: reader))
        let posts = try (0..<12).map { try stack.posts.compose(.post("post \($0)"), as: stack.session(of: author)).id }
        for limit in [1, 3, 4, 6, 12] {
            let feed = try walk { try stack.feed.homeFeed(for: stack.session(of: reader), before: $0, limit: limit) }
            #expect(feed.count == 12 / limit)
            #expect(feed.last?.nextCursor == nil)
            #expect(feed.flatMap(\.items).map(\.id) == posts.reversed())
            let profile = try walk { try stack.posts.posts(by: author, before: $0, limit: limit) }
            #expect(profile.count == 12 / limit)
            #expect(profile.last?.nextCursor == nil)
        }
        let single = try stack.feed.homeFeed(for: stack.session(of: reader), limit: 13)
        #expect(single.items.count == 12 && single.nextCursor == nil)
        let empty = try stack.feed.homeFeed(for: stack.session(of: reader), before: posts[0].rawValue)
        #expect(empty.items.isEmpty && empty.nextCursor == nil)
    }

    @Test func pageSizesOverTwoHundredAreClamped() throws {
        for strategy in FeedStrategy.allCases {
            let stack = try makeStack(feed: strategy)
            let author = try signUp(stack, "author")
            let fan = try signUp(stack, "fan")
            try stack.follows.follow(author, as: stack.session(of: fan))
            var posts: [PostID] = []
            for index in 0..<205 { posts.append(try stack.posts.compose(.post("post \(index)"), as: stack.session(of: author)).id) }
            for index in 0..<205 { try stack.comments.comment(on: posts[0], text: "comment \(index)", as: stack.session(of: fan)) }
            for index in 0..<205 { try stack.posts.compose(.reply(to: posts[0], "reply \(index)"), as: stack.session(of: fan)) }
            let newest = Array(posts.reversed())

            for limit in [201, 500, Int.max] {
                let feed = try stack.feed.homeFeed(for: stack.session(of: fan), limit: limit)
                #expect(feed.items.map(\.id) == Array(newest.prefix(200)), "\(strategy) limit \(limit)")
                #expect(feed.nextCursor == newest[199].rawValue)
                let rest = try stack.feed.homeFeed(for: stack.session(of: fan), before: feed.nextCursor, limit: limit)
                #expect(rest.items.map(\.id) == Array(newest.suffix(5)) && rest.nextCursor == nil)

                #expect(try stack.posts.posts(by: author, limit: limit).items.count == 200)
                #expect(try stack.comments.comments(on: posts[0], limit: limit).items.count == 200)
                #expect(try stack.posts.replies(to: posts[0], limit: limit).items.count == 200)
                #expect(try stack.posts.posts(by: fan, includingReplies: true, limit: limit).items.count == 200)
                // 205 comments + 205 replies notified the author.
                let notifications = try stack.notifications.notifications(for: stack.session(of: author), limit: limit)
                #expect(notifications.items.count == 200 && notifications.nextCursor != nil)
            }
            #expect(try stack.feed.homeFeed(for: stack.session(of: fan), limit: 200).items.count == 200)
        }
    }
}
