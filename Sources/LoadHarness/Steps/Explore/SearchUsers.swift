import Screens
import SocialStack

/// `search_users`: search users.
extension Steps {
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

        /// The step from its read arguments.
        public init(_ arguments: StepArguments) {
            self.init(query: arguments.text("query"))
        }

        /// Plays it for `vu`, inside its measured span.
        public func play(_ vu: VirtualUser) throws {
            try vu.top(ExploreController.self, step: Self.name, expected: "explore screen").searchUsers(vu.text(query))
        }
    }
}

extension Step {
    /// `search_users`.
    public static func searchUsers(_ query: TextTemplate) -> Step { .measured(Steps.SearchUsers(query: query)) }
}
