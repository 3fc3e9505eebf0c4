import Testing
import Screens
import SocialStack

/// ProfileController: header, follow and unfollow, likes from cells, mention taps, the event bus.
@Suite struct ProfileScreenTests {
    @Test func loadsTheUserTheirStatsAvatarAndPosts() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let profile = ProfileController(app: app, user: world.bob)
        #expect(profile.title == "Profile")
        try app.navigator.push(profile)
        let header = try #require(profile.header)
        #expect(profile.isOpen)
        #expect(profile.title == "@bob")
        #expect(header.user.username == "bob")
        #expect(header.stats == UserStats(followers: 2, following: 2, posts: 5))
        #expect(!header.isOwnProfile)
        #expect(!header.isFollowing)
        #expect(header.followButtonTitle == "Follow")
        let avatar = try #require(header.avatar)
        #expect(avatar.width == 300 && avatar.height == 300 && avatar.pixels.count == 360_000)
        #expect(header.avatarBytes == (try world.stack.media.bytes(try world.stack.users.user(world.bob).profileImage!)))
        #expect(Array(avatar.pixels.prefix(2_048)) == header.avatarBytes)
        // Top-level posts only, newest first; the reply is not on the profile.
        #expect(profile.cells.map(\.viewModel.post.id) == (try world.stack.posts.posts(by: world.bob).items.map(\.id)))
        #expect(profile.cells.map(\.viewModel.post.id.rawValue) == [17, 12, 7, 2])
        #expect(profile.cells.allSatisfy { $0.viewModel.author.username == "bob" })
        #expect(profile.cells.map { $0.linkPreview?.url } == ["https://example.com/bob/3", nil, "https://example.com/bob/1", nil])
        #expect(profile.cells[1].viewModel.caption.mentions == ["cyd"])
        app.navigator.pop()
        #expect(!profile.isOpen)
    }

    @Test func ownProfileHasNoFollowButton() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let profile = ProfileController(app: app, user: world.ada)
        try app.navigator.push(profile)
        let header = try #require(profile.header)
        #expect(header.isOwnProfile)
        #expect(header.followButtonTitle == nil)
        #expect(profile.cells.allSatisfy { $0.viewModel.isLiked })  // ada liked each of her posts
    }

    @Test(arguments: [ReferencePolicy.allWeak, .allStrong])
    func followAndUnfollowFromTheHeader(_ policy: ReferencePolicy) throws {
        let world = try ScreenWorld()
        let app = try world.app(policy)
        let profile = ProfileController(app: app, user: world.bob)
        try app.navigator.push(profile)
        let header = try #require(profile.header)

        try header.tapFollow()
        #expect(header.isFollowing)
        #expect(header.followButtonTitle == "Following")
        #expect(header.stats.followers == 3)
        #expect(try world.stack.follows.isFollowing(world.bob, by: world.ada))
        #expect(try world.stack.users.stats(for: world.bob) == header.stats)
        #expect(try world.stack.users.stats(for: world.ada).following == 3)

        try header.tapFollow()
        #expect(!header.isFollowing)
        #expect(header.followButtonTitle == "Follow")
        #expect(header.stats.followers == 2)
        #expect(try !world.stack.follows.isFollowing(world.bob, by: world.ada))
        #expect(try world.stack.users.stats(for: world.bob) == header.stats)
        app.navigator.pop()
    }

    @Test func refreshHeaderPicksUpChangesMadeElsewhere() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let profile = ProfileController(app: app, user: world.bob)
        #expect(throws: ScreenError.notOpen(screen: "ProfileController")) { try profile.refreshHeader() }
        try app.navigator.push(profile)
        try world.stack.follows.follow(world.bob, as: world.session(of: world.ada))
        _ = try world.stack.users.updateProfile(as: world.session(of: world.bob), fullName: "Robert")
        try profile.refreshHeader()
        #expect(profile.header?.isFollowing == true)
        #expect(profile.header?.stats.followers == 3)
        #expect(profile.header?.user.fullName == "Robert")
    }

    @Test(arguments: [ReferencePolicy.allWeak, .allStrong])
    func likeFromACellUpdatesTheCellAndTheStack(_ policy: ReferencePolicy) throws {
        let world = try ScreenWorld()
        let app = try world.app(policy)
        let profile = ProfileController(app: app, user: world.bob)
        try app.navigator.push(profile)
        let cell = profile.cells[0]
        let post = cell.viewModel.post.id
        #expect(!cell.viewModel.isLiked && cell.viewModel.likeCount == 1)

        try cell.tapLike()
        #expect(cell.viewModel.isLiked && cell.viewModel.likeCount == 2)
        #expect(try world.stack.likes.hasLiked(post, by: world.ada))
        #expect(try world.stack.posts.post(post).likeCount == 2)

        try cell.tapLike()
        #expect(!cell.viewModel.isLiked && cell.viewModel.likeCount == 1)
        #expect(try !world.stack.likes.hasLiked(post, by: world.ada))
        #expect(try world.stack.posts.post(post).likeCount == 1)
    }

    @Test(arguments: [ReferencePolicy.allWeak, .allStrong])
    func tappingAMentionPushesThatUsersProfile(_ policy: ReferencePolicy) throws {
        let world = try ScreenWorld()
        let app = try world.app(policy)
        let profile = ProfileController(app: app, user: world.bob)
        try app.navigator.push(profile)
        let cell = try #require(profile.cells.first { !$0.viewModel.caption.mentions.isEmpty })
        cell.tapMention(cell.viewModel.caption.mentions[0])
        #expect(app.navigator.stack.count == 2)
        let pushed = try #require(app.navigator.topScreen as? ProfileController)
        #expect(pushed.userID == world.cyd)
        #expect(pushed.isOpen && pushed.title == "@cyd")

        cell.tapMention("nobody_here")  // an unknown name does nothing
        #expect(app.navigator.stack.count == 2)
        app.navigator.closeAll()
    }

    @Test func profileScreensHearProfileChangesOnTheBus() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        func openThreeAndFollow() throws {
            let first = ProfileController(app: app, user: world.bob)
            let second = ProfileController(app: app, user: world.bob)
            let other = ProfileController(app: app, user: world.eve)
            for screen in [first, second, other] { try app.navigator.push(screen) }
            #expect(app.eventBus.listenerCount == 3)
            try first.header!.tapFollow()
            #expect(first.profileChangesSeen == 1)
            #expect(second.profileChangesSeen == 1)
            #expect(other.profileChangesSeen == 0)
            app.eventBus.post(.profileChanged(world.eve))
            #expect(other.profileChangesSeen == 1)
            app.navigator.closeAll()
        }
        try openThreeAndFollow()
        #expect(app.eventBus.listenerCount == 0)
    }

    @Test func aMissingUserFailsToLoad() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        #expect(throws: UserError.userNotFound(999)) {
            try app.navigator.push(ProfileController(app: app, user: 999))
        }
        #expect(app.navigator.stack.isEmpty)
    }
}
