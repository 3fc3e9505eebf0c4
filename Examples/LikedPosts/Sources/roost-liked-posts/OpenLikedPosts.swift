import LoadHarness

/// `open_liked_posts`: open the screen of the posts the virtual user liked.
struct OpenLikedPosts: MeasuredStep {
    static let name = "open_liked_posts"
    static let summary = "Open the posts the user liked."
    static let arguments = [StepSyntax.Argument("limit", .integer(minimum: 1), default: "20", doc: "Posts to load, at most 100.")]
    static let screen = ScreenChange.opens(LikedPostsController.self)

    var limit: Int

    init(_ arguments: StepArguments) throws {
        limit = arguments.integer("limit")
        guard limit <= 100 else { throw StepArgumentError(argument: "limit", "at most 100 posts a page, got \(limit)") }
    }

    func play(_ vu: VirtualUser) throws {
        try vu.app.navigator.push(LikedPostsController(app: vu.app, limit: limit))
    }
}
