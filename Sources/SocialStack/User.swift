import Foundation
import GRDB

/// A person with an account: the profile the apps show.
public struct User: Hashable, Sendable, Codable {
    public let id: UserID
    /// Lowercase, `[a-z0-9_]{3,20}`, unique.
    public var username: String
    public var fullName: String
    public var bio: String
    public var profileImage: MediaID?
    public let createdAt: Date

    init(id: UserID, username: String, fullName: String, bio: String, profileImage: MediaID?, createdAt: Date) {
        self.id = id
        self.username = username
        self.fullName = fullName
        self.bio = bio
        self.profileImage = profileImage
        self.createdAt = createdAt
    }

    /// Decodes a row whose first columns are `User.columns`, in that order.
    init(row: Row) {
        id = row[0]
        username = row[1]
        fullName = row[2]
        bio = row[3]
        profileImage = row[4]
        createdAt = Timestamp.date(row[5] as Int64)
    }

    static let columns = "users.id, users.username, users.full_name, users.bio, users.profile_image_id, users.created_at"
}

/// A profile's counters, kept in step with the follow and post rows in the same transaction.
public struct UserStats: Hashable, Sendable, Codable {
    public let followers: Int
    public let following: Int
    public let posts: Int

    /// Builds stats.
    public init(followers: Int, following: Int, posts: Int) {
        self.followers = followers
        self.following = following
        self.posts = posts
    }
}
