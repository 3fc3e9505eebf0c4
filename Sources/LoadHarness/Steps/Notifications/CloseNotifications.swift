import Screens
import SocialStack

extension Steps {
    /// `close_notifications`: close the notifications screen (its lifetime is checked).
    public struct CloseNotifications: ArgumentFreeStep {
        public static let name = "close_notifications"
        public static let summary = "Close the notifications screen (its lifetime is checked)."
        public static let screen = ScreenChange.closes(NotificationsController.self)

        public init() {}

        public func play(_ vu: VirtualUser) throws {
            try vu.close(NotificationsController.self, step: Self.name, expected: "notifications screen")
        }
    }
}

extension Step {
    /// `close_notifications`.
    public static var closeNotifications: Step { .measured(Steps.CloseNotifications()) }
}
