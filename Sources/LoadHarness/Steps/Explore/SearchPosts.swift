import Screens
import SocialStack

extension Steps {
    /// `search_posts`: search posts.
    public struct SearchPosts: MeasuredStep {
        public static let name = "search_posts"
        public static let summary = "Search posts."
        public static let arguments = [StepSyntax.Argument("query", .text, default: "a", doc: "Search text; may use {vu}, {iteration}, {seed}.")]

        /// `query:`.
        public var query: TextTemplate

        /// The step with these arguments.
        public init(query: TextTemplate) {
            self.query = query
        }

        public init(_ arguments: StepArguments) {
            self.init(query: arguments.text("query"))
        }

        public func play(_ vu: VirtualUser) throws {
            try vu.top(ExploreController.self, step: Self.name, expected: "explore screen").searchPosts(vu.text(query))
        }
    }
}

extension Step {
    /// `search_posts`.
    public static func searchPosts(_ query: TextTemplate) -> Step { .measured(Steps.SearchPosts(query: query)) }
}
