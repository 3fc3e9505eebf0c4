import SocialStack

/// What a tweet cell tells its controller.
public protocol TweetCellDelegate: AnyObject, Sendable {
    /// The like button was tapped.
    func cellDidTapLike(_ cell: TweetCell) throws
}

/// One post in a list: its view model, a delegate back to the controller (the
/// `cellDelegate` edge) and the mention-tap closure the controller sets (the
/// `mentionHandler` edge), plus the link preview its text points to.
public final class TweetCell: View, @unchecked Sendable {
    public private(set) var viewModel: TweetViewModel
    /// `weak var delegate` in the fix; a strong stored delegate in the bug.
    var delegate: Link<any TweetCellDelegate>
    /// Called with the username when a mention is tapped.
    public internal(set) var onMentionTap: ((String) -> Void)?
    /// The preview of the first link in the text, if any.
    public internal(set) var linkPreview: LinkPreview?

    init(viewModel: TweetViewModel, delegate: any TweetCellDelegate, strength: ReferencePolicy.Strength) {
        self.viewModel = viewModel
        self.delegate = Link(delegate, strength)
        super.init(name: "tweet \(viewModel.post.id.rawValue)", frame: Rect(x: 0, y: 0, width: 375, height: 120))
    }

    /// Taps the like button: the controller likes or unlikes through the stack.
    public func tapLike() throws {
        try delegate.target?.cellDidTapLike(self)
    }

    /// Taps a mention in the caption.
    public func tapMention(_ username: String) {
        onMentionTap?(username)
    }

    /// Shows a new like state.
    func update(isLiked: Bool, likeCount: Int) {
        viewModel.isLiked = isLiked
        viewModel.likeCount = likeCount
    }
}
