import Foundation
import Synchronization

/// A live subscription to one user's new notifications (the apps' `.observe(.childAdded)`).
///
/// Each notification is delivered once, on the thread whose write created it, right after
/// that write commits. Delivery goes on until `cancel()`: dropping this object does not stop
/// it, as dropping a Firebase handle did not. After `cancel()` returns, the callback is
/// never called again (a delivery in progress on another thread finishes first).
public final class NotificationObservation: @unchecked Sendable {
    /// Whose notifications are delivered.
    public let user: UserID
    private let callback: @Sendable (SocialNotification) -> Void
    private weak var hub: NotificationHub?
    // Guards `cancelled` and serializes deliveries with cancel; recursive so that the
    // callback may cancel its own observation.
    private let lock = NSRecursiveLock()
    private var cancelled = false

    init(user: UserID, hub: NotificationHub, callback: @escaping @Sendable (SocialNotification) -> Void) {
        self.user = user
        self.hub = hub
        self.callback = callback
    }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Stops delivery; idempotent.
    public func cancel() {
        lock.lock()
        let wasCancelled = cancelled
        cancelled = true
        lock.unlock()
        if !wasCancelled { hub?.remove(self) }
    }

    func deliver(_ notification: SocialNotification) {
        lock.lock()
        defer { lock.unlock() }
        guard !cancelled else { return }
        callback(notification)
    }
}

/// The registry of live observations, by recipient.
final class NotificationHub: Sendable {
    private let observations = Mutex<[UserID: [NotificationObservation]]>([:])

    func add(_ observation: NotificationObservation) {
        observations.withLock { $0[observation.user, default: []].append(observation) }
    }

    func remove(_ observation: NotificationObservation) {
        observations.withLock { all in
            all[observation.user]?.removeAll { $0 === observation }
            if all[observation.user]?.isEmpty == true { all[observation.user] = nil }
        }
    }

    func count(for user: UserID) -> Int {
        observations.withLock { $0[user]?.count ?? 0 }
    }

    func deliver(_ notifications: [SocialNotification]) {
        for notification in notifications {
            let targets = observations.withLock { $0[notification.recipient] ?? [] }
            for observation in targets { observation.deliver(notification) }
        }
    }
}
