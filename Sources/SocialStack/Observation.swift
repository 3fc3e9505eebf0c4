import Foundation

/// A live subscription to one user's new events: notifications (`NotificationObservation`,
/// the apps' `.observe(.childAdded)`) or posts entering their home feed (`FeedObservation`).
///
/// Each event is delivered once, on the thread whose write created it, right after that
/// write commits. Delivery goes on until `cancel()`: dropping this object does not stop it,
/// as dropping a Firebase handle did not. After `cancel()` returns, the callback is never
/// called again (a delivery in progress on another thread finishes first).
public final class Observation<Event: Sendable>: @unchecked Sendable {
    /// Whose events are delivered.
    public let user: UserID
    private let callback: @Sendable (Event) -> Void
    private weak var hub: ObservationHub<Event>?
    // Guards `cancelled` and serializes deliveries with cancel; recursive so that the
    // callback may cancel its own observation.
    private let lock = NSRecursiveLock()
    private var cancelled = false

    init(user: UserID, hub: ObservationHub<Event>, callback: @escaping @Sendable (Event) -> Void) {
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

    func deliver(_ event: Event) {
        lock.lock()
        defer { lock.unlock() }
        guard !cancelled else { return }
        callback(event)
    }
}

/// A live subscription to one user's new notifications.
public typealias NotificationObservation = Observation<SocialNotification>

/// A live subscription to the posts entering one user's home feed.
public typealias FeedObservation = Observation<Post>

/// The registry of live observations of one kind of event, by user.
final class ObservationHub<Event: Sendable>: Sendable {
    private let observations = Locked<[UserID: [Observation<Event>]]>([:])

    /// Registers and returns a new observation of `user`'s events.
    func observe(_ user: UserID, _ callback: @escaping @Sendable (Event) -> Void) -> Observation<Event> {
        let observation = Observation(user: user, hub: self, callback: callback)
        observations.withLock { $0[user, default: []].append(observation) }
        return observation
    }

    func remove(_ observation: Observation<Event>) {
        observations.withLock { all in
            all[observation.user]?.removeAll { $0 === observation }
            if all[observation.user]?.isEmpty == true { all[observation.user] = nil }
        }
    }

    func count(for user: UserID) -> Int {
        observations.withLock { $0[user]?.count ?? 0 }
    }

    /// The users with at least one live observation.
    var observedUsers: Set<UserID> {
        observations.withLock { Set($0.keys) }
    }

    /// Delivers `event` to every live observation of each recipient, outside the lock.
    func deliver(_ event: Event, to recipients: some Sequence<UserID>) {
        for recipient in recipients {
            let targets = observations.withLock { $0[recipient] ?? [] }
            for observation in targets { observation.deliver(event) }
        }
    }
}
