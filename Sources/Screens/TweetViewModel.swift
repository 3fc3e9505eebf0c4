import SocialStack

/// What a tweet cell shows: the post, its author, the viewer's like state, and a styled
/// caption.
public struct TweetViewModel: Hashable, Sendable {
    public let post: Post
    public let author: User
    public var isLiked: Bool
    public var likeCount: Int
    public let caption: AttributedCaption

    /// A view model for `post` by `author`.
    public init(post: Post, author: User, isLiked: Bool) {
        self.post = post
        self.author = author
        self.isLiked = isLiked
        likeCount = post.likeCount
        caption = AttributedCaption(post.text)
    }
}

/// Caption text with styled runs, as an attributed string would hold them: mentions,
/// hashtags and links highlighted.
public struct AttributedCaption: Hashable, Sendable {
    /// How a run is drawn.
    public enum Style: String, Hashable, Sendable {
        case plain, mention, hashtag, link
    }

    /// One styled word or stretch of words.
    public struct Run: Hashable, Sendable {
        public let text: String
        public let style: Style
    }

    public let runs: [Run]

    /// The caption of `text`: words starting with @, # or a URL scheme are styled.
    public init(_ text: String) {
        var runs: [Run] = []
        var plain = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let style: Style = word.hasPrefix("@") && word.count > 1 ? .mention
                : word.hasPrefix("#") && word.count > 1 ? .hashtag
                : word.hasPrefix("https://") || word.hasPrefix("http://") ? .link : .plain
            if style == .plain {
                plain += plain.isEmpty && runs.isEmpty ? String(word) : " " + word
                continue
            }
            if !plain.isEmpty || !runs.isEmpty { plain += " " }
            if !plain.isEmpty { runs.append(Run(text: plain, style: .plain)) }
            plain = ""
            runs.append(Run(text: String(word), style: style))
        }
        if !plain.isEmpty { runs.append(Run(text: plain, style: .plain)) }
        self.runs = runs
    }

    /// The usernames mentioned (without the @).
    public var mentions: [String] {
        runs.filter { $0.style == .mention }.map { String($0.text.dropFirst()).lowercased() }
    }

    /// The caption as plain text.
    public var text: String { runs.map(\.text).joined() }
}
