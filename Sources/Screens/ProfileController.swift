import SocialStack

/// A user's profile: a header (user, stats, follow button, avatar) and one tweet cell per
/// post, loaded through the stack. Follow and unfollow from the header; like from a cell;
/// a tapped mention opens that user's profile; "..." shows an action sheet. It listens on
/// the event bus for profile changes.
public final class ProfileController: Screen, TweetCellDelegate, ProfileHeaderDelegate, MentionOpening,
    @unchecked Sendable {
    public let app: App
    /// Whose profile this is.
    public let userID: UserID
    public private(set) var header: ProfileHeader?
    public private(set) var cells: [TweetCell] = []
    public private(set) var actionSheet: ActionSheetLauncher?
    /// The last option chosen on the action sheet.
    public private(set) var lastAction: String?
    /// Event-bus deliveries this screen handled (profile changes of its user).
    public private(set) var profileChangesSeen = 0
    public private(set) var isOpen = false

    /// A profile screen for `user`, shown to the app's signed-in user.
    public init(app: App, user: UserID) {
        self.app = app
        userID = user
    }

    public var title: String { header.map { "@\($0.user.username)" } ?? "Profile" }

    public func load() throws {
        let viewer = try app.viewer()
        let stack = app.stack
        let user = try stack.users.user(userID)
        let stats = try stack.users.stats(for: userID)
        let isOwn = viewer.user.id == userID
        let following = isOwn ? false : try stack.follows.isFollowing(userID, by: viewer.user.id)
        let avatar = try user.profileImage.map { try stack.media.bytes($0) }
        header = ProfileHeader(user: user, stats: stats, isFollowing: following, isOwnProfile: isOwn,
                               avatarBytes: avatar, delegate: self, strength: app.strength(of: .profileHeaderDelegate))
        let posts = try stack.posts.posts(by: userID).items
        let list = TweetList(app: app)
        cells = list.cells(for: try list.viewModels(for: posts, viewer: viewer), controller: self)
        listenForProfileChanges()
        isOpen = true
    }

    public func close() {
        actionSheet?.dismiss()
        isOpen = false
    }

    public var parts: [AnyObject] {
        var parts: [AnyObject] = [self]
        if let header { parts.append(header); if let avatar = header.avatar { parts.append(avatar) } }
        parts += cells
        parts += actionSheet?.parts ?? []
        return parts
    }

    /// Reloads the header's user and stats.
    public func refreshHeader() throws {
        guard let header else { throw ScreenError.notOpen(screen: "ProfileController") }
        let viewer = try app.viewer()
        let user = try app.stack.users.user(userID)
        let following = header.isOwnProfile ? false : try app.stack.follows.isFollowing(userID, by: viewer.user.id)
        header.update(user: user, stats: try app.stack.users.stats(for: userID), isFollowing: following)
    }

    private func listenForProfileChanges() {
        let watched = userID
        switch app.strength(of: .eventBus) {
        case .weak:
            app.eventBus.listen(owner: self) { [weak self] event in
                if case .profileChanged(watched) = event { self?.profileChangesSeen += 1 }
            }
        case .strong:
            app.eventBus.listen(owner: self) { event in
                if case .profileChanged(watched) = event { self.profileChangesSeen += 1 }
            }
        }
    }

    // MARK: ProfileHeaderDelegate

    public func headerDidTapFollow(_ header: ProfileHeader) throws {
        let viewer = try app.viewer()
        if header.isFollowing {
            try app.stack.follows.unfollow(userID, as: viewer)
        } else {
            try app.stack.follows.follow(userID, as: viewer)
        }
        header.update(stats: try app.stack.users.stats(for: userID), isFollowing: !header.isFollowing)
        app.eventBus.post(.profileChanged(userID))
    }

    public func headerDidTapMore(_ header: ProfileHeader) throws {
        let sheet = ActionSheetLauncher(
            options: ["Share profile", "Copy link", "Cancel"], window: app.window,
            strength: app.strength(of: .actionSheet)
        ) { [weak self] choice in self?.lastAction = choice }
        actionSheet = sheet
        sheet.show()
    }

    // MARK: TweetCellDelegate

    public func cellDidTapLike(_ cell: TweetCell) throws {
        try TweetList(app: app).toggleLike(cell, viewer: try app.viewer())
    }
}
