import Screens
import SocialStack

extension Steps {
    /// `search_users`: search users.
    public struct SearchUsers: MeasuredStep {
        public static let name = "search_users"
        public static let summary = "Search users."
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
            try vu.top(ExploreController.self, step: Self.name, expected: "explore screen").searchUsers(vu.text(query))
        }
    }
}

extension Step {
    /// `search_users`.
    public static func searchUsers(_ query: TextTemplate) -> Step { .measured(Steps.SearchUsers(query: query)) }
}
