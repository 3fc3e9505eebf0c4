import SocialStack

/// The signed-in user's notifications: the first page, then live ones as they are written
/// (newest first). The `feedObserver` edge (the screens' live observations) decides what a
/// close does: its weak form cancels the observation; its strong form is the apps' bug: the
/// token is dropped, the callback captures the controller, and each reload starts one more,
/// so the closed screen stays alive and keeps receiving.
public final class NotificationsController: Screen, @unchecked Sendable {
    public let app: App
    private let items = Locked<[SocialNotification]>([])
    private var observation: NotificationObservation?
    public private(set) var isOpen = false

    /// The notifications screen of the signed-in user.
    public init(app: App) { self.app = app }

    public var title: String { "Notifications" }

    /// What the list shows, newest first.
    public var notifications: [SocialNotification] { items.withLock { $0 } }

    public func load() throws {
        let viewer = try app.viewer()
        let page = try app.stack.notifications.notifications(for: viewer).items
        items.withLock { $0 = page }
        switch app.strength(of: .feedObserver) {
        case .weak:
            observation?.cancel()
            observation = try app.stack.notifications.observe(viewer) { [weak self] notification in
                self?.receive(notification)
            }
        case .strong:
            // The apps' code: the handle is not kept, so nothing can ever cancel it.
            _ = try app.stack.notifications.observe(viewer) { notification in self.receive(notification) }
        }
        isOpen = true
    }

    /// Marks everything shown as read.
    public func markAllRead() throws {
        _ = try app.stack.notifications.markRead(for: try app.viewer())
        try load()
    }

    public func close() {
        observation?.cancel()
        observation = nil
        isOpen = false
    }

    public var parts: [AnyObject] { [self] }

    private func receive(_ notification: SocialNotification) {
        items.withLock { $0.insert(notification, at: 0) }
    }
}
