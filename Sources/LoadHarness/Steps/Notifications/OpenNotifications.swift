import Screens
import SocialStack

extension Steps {
    /// `open_notifications`: open the notifications screen.
    public struct OpenNotifications: ArgumentFreeStep {
        public static let name = "open_notifications"
        public static let summary = "Open the notifications screen."
        public static let screen = ScreenChange.opens(NotificationsController.self)

        public init() {}

        public func play(_ vu: VirtualUser) throws {
            try vu.app.navigator.push(NotificationsController(app: vu.app))
        }
    }
}

extension Step {
    /// `open_notifications`.
    public static var openNotifications: Step { .measured(Steps.OpenNotifications()) }
}
