import SocialStack

/// Builds tweet cells for a controller from posts: authors and like state through the
/// stack, the cell delegate and mention handler from the reference policy, link previews
/// from the app's cache. Shared by the profile, feed, post detail and explore screens.
struct TweetList {
    let app: App

    /// View models for `posts`, in order, as `viewer` sees them.
    func viewModels(for posts: [Post], viewer: Session) throws -> [TweetViewModel] {
        let authors = try app.stack.users.users(Array(uniqueInOrder: posts.lazy.map(\.author)))
        let liked = try app.stack.likes.liked(posts.map(\.id), by: viewer.user.id)
        return posts.compactMap { post in
            authors[post.author].map { TweetViewModel(post: post, author: $0, isLiked: liked.contains(post.id)) }
        }
    }

    /// Cells for `models`, wired to `controller` with this app's policy. (An existential,
    /// not a generic parameter: closures formed in generic code capture values of generic
    /// type, whose layout a cycle search cannot read.)
    func cells(for models: [TweetViewModel], controller: any TweetCellDelegate & MentionOpening) -> [TweetCell] {
        models.map { model in
            let cell = TweetCell(viewModel: model, delegate: controller, strength: app.strength(of: .cellDelegate))
            switch app.strength(of: .mentionHandler) {
            case .weak:
                cell.onMentionTap = { [weak controller] username in controller?.openProfile(named: username) }
            case .strong:
                cell.onMentionTap = { username in controller.openProfile(named: username) }
            }
            if let url = LinkPreviewCache.firstLink(in: model.post.text) {
                cell.linkPreview = app.linkPreviews.preview(for: url, app.strength(of: .linkPreviewCache))
            }
            return cell
        }
    }

    /// Likes or unlikes the cell's post as `viewer`, updates the cell, and tells the bus.
    func toggleLike(_ cell: TweetCell, viewer: Session) throws {
        let post = cell.viewModel.post.id
        if cell.viewModel.isLiked {
            try app.stack.likes.unlike(post, as: viewer)
        } else {
            try app.stack.likes.like(post, as: viewer)
        }
        let fresh = try app.stack.posts.post(post)
        cell.update(isLiked: !cell.viewModel.isLiked, likeCount: fresh.likeCount)
        app.eventBus.post(.postLiked(post, byViewer: cell.viewModel.isLiked))
    }
}

/// A controller that can open a mentioned user's profile.
protocol MentionOpening: AnyObject, Sendable {
    var app: App { get }
    func openProfile(named username: String)
}

extension MentionOpening {
    /// Pushes the profile of `username`; an unknown name does nothing (the app ignored it).
    func openProfile(named username: String) {
        guard let user = try? app.stack.users.user(named: username) else { return }
        try? app.navigator.push(ProfileController(app: app, user: user.id))
    }
}
