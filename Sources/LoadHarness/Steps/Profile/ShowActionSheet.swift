import Screens
import SocialStack

extension Steps {
    /// `show_action_sheet`: show and dismiss the action sheet.
    public struct ShowActionSheet: ArgumentFreeStep {
        public static let name = "show_action_sheet"
        public static let summary = "Show and dismiss the action sheet."

        public init() {}

        public func play(_ vu: VirtualUser) throws {
            let profile = try vu.top(ProfileController.self, step: Self.name, expected: "profile")
            guard let header = profile.header else { throw StepError.noOpenScreen(step: Self.name, expected: "profile header") }
            try header.tapMore()
            if let sheet = profile.actionSheet { try sheet.choose(sheet.options.count - 1) }
        }
    }
}

extension Step {
    /// `show_action_sheet`.
    public static var showActionSheet: Step { .measured(Steps.ShowActionSheet()) }
}
