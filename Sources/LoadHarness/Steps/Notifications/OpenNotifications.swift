import Screens
import SocialStack

/// `open_notifications`: open the notifications screen.
extension Steps {
    public struct OpenNotifications: ArgumentFreeStep {
        public static let name = "open_notifications"
        public static let summary = "Open the notifications screen."
        public static let screen = ScreenChange.opens(NotificationsController.self)

        /// The step.
        public init() {}

        /// Plays it for `vu`, inside its measured span.
        public func play(_ vu: VirtualUser) throws {
            try vu.app.navigator.push(NotificationsController(app: vu.app))
        }
    }
}

extension Step {
    /// `open_notifications`.
    public static var openNotifications: Step { .measured(Steps.OpenNotifications()) }
}
