import SocialStack

/// What a profile header tells its controller.
public protocol ProfileHeaderDelegate: AnyObject, Sendable {
    /// The follow button was tapped.
    func headerDidTapFollow(_ header: ProfileHeader) throws
    /// The "..." button was tapped.
    func headerDidTapMore(_ header: ProfileHeader) throws
}

/// The top of a profile: the user, their stats, the follow button's state, and the profile
/// image decoded at 3x. Its delegate is the `profileHeaderDelegate` edge.
public final class ProfileHeader: View, @unchecked Sendable {
    /// The avatar's size in points; decoded at 3x it is 300 x 300 pixels, 360,000 bytes.
    public static let avatarPoints = 100

    public private(set) var user: User
    public private(set) var stats: UserStats
    /// Whether the viewer follows this user (always false on one's own profile).
    public private(set) var isFollowing: Bool
    /// Whether this is the viewer's own profile (no follow button).
    public let isOwnProfile: Bool
    /// The profile image's bytes as stored, and decoded.
    public let avatarBytes: [UInt8]?
    public let avatar: PixelBuffer?
    /// `weak var delegate` in the fix; a strong stored delegate in the bug.
    var delegate: Link<any ProfileHeaderDelegate>

    init(user: User, stats: UserStats, isFollowing: Bool, isOwnProfile: Bool, avatarBytes: [UInt8]?,
         delegate: any ProfileHeaderDelegate, strength: ReferencePolicy.Strength) {
        self.user = user
        self.stats = stats
        self.isFollowing = isFollowing
        self.isOwnProfile = isOwnProfile
        self.avatarBytes = avatarBytes
        avatar = avatarBytes.map { PixelBuffer(decoding: $0, points: Self.avatarPoints) }
        self.delegate = Link(delegate, strength)
        super.init(name: "profile header", frame: Rect(x: 0, y: 0, width: 375, height: 260))
    }

    /// The follow button's title.
    public var followButtonTitle: String? { isOwnProfile ? nil : isFollowing ? "Following" : "Follow" }

    /// Taps follow / following: the controller follows or unfollows through the stack.
    public func tapFollow() throws { try delegate.target?.headerDidTapFollow(self) }

    /// Taps "...": the controller shows its action sheet.
    public func tapMore() throws { try delegate.target?.headerDidTapMore(self) }

    func update(user: User? = nil, stats: UserStats, isFollowing: Bool) {
        if let user { self.user = user }
        self.stats = stats
        self.isFollowing = isFollowing
    }
}
