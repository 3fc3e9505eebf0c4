import Screens
import SocialStack

extension Steps {
    /// `open_feed`: open the home feed.
    public struct OpenFeed: MeasuredStep {
        public static let name = "open_feed"
        public static let summary = "Open the home feed."
        public static let arguments = [StepSyntax.Argument("pages", .integer(minimum: 1), default: "1", doc: "Pages to scroll through.")]
        public static let screen = ScreenChange.opens(FeedController.self)

        /// `pages:`.
        public var pages: Int

        /// The step with these arguments.
        public init(pages: Int) {
            self.pages = pages
        }

        public init(_ arguments: StepArguments) {
            self.init(pages: arguments.integer("pages"))
        }

        public func play(_ vu: VirtualUser) throws {
            let feed = FeedController(app: vu.app)
            try vu.app.navigator.push(feed)
            for _ in 1..<max(1, pages) { try feed.loadNextPage() }
            vu.lastFeed = feed.cells.map(\.viewModel.post.id)
        }
    }
}

extension Step {
    /// `open_feed`.
    public static func openFeed(pages: Int) -> Step { .measured(Steps.OpenFeed(pages: pages)) }
}
