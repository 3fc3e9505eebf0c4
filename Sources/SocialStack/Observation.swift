import Foundation

/// A live subscription to one user's new events: notifications (`NotificationObservation`,
/// the apps' `.observe(.childAdded)`) or posts entering their home feed (`FeedObservation`).
///
/// Each event is delivered once, on the thread whose write created it, right after that
/// write commits. An observation belongs to the session that started it: delivery goes on
/// until `cancel()`, or until that session ends (logged out, a password reset, the account
/// deleted, expired), when the stack ends it and tells its `ended` handler why, once, as
/// Firebase ends a listener with "permission denied" at sign-out. Dropping this object does
/// not stop it, as dropping a Firebase handle did not. After `cancel()` returns, or once the
/// observation has ended, the callback is never called again (a delivery in progress on
/// another thread finishes first).
public final class Observation<Event: Sendable>: @unchecked Sendable {
    /// Whose events are delivered.
    public let user: UserID
    /// The digest of the token of the session it belongs to.
    let tokenHash: Data
    /// Its first 8 bytes: what a logout's scan compares first (`ObservationHub.end(session:of:_:)`).
    let tokenPrefix: UInt64
    private let callback: @Sendable (Event) -> Void
    private let onEnd: (@Sendable (ObservationEnd) -> Void)?
    /// The clock sessions expire by (`Configuration.clock`).
    private let clock: @Sendable () -> Date
    private weak var hub: ObservationHub<Event>?
    // Guards `state` and serializes deliveries with cancel and end; recursive so that the
    // callback and the end handler may cancel their own observation.
    private let lock = NSRecursiveLock()
    private var state = State.starting

    private enum State {
        /// Registered, its session not checked yet: delivers nothing.
        case starting
        /// Delivering until `expiresAt` (milliseconds), when its session expires.
        case live(expiresAt: Int64)
        case cancelled
        case ended(ObservationEnd)
    }

    init(session: Session, hub: ObservationHub<Event>, clock: @escaping @Sendable () -> Date,
         callback: @escaping @Sendable (Event) -> Void, ended: (@Sendable (ObservationEnd) -> Void)?) {
        self.user = session.user.id
        self.tokenHash = session.tokenHash
        self.tokenPrefix = ObservationHub<Event>.prefix(of: session.tokenHash)
        self.hub = hub
        self.clock = clock
        self.callback = callback
        self.onEnd = ended
    }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        if case .cancelled = state { return true }
        return false
    }

    /// Why the stack ended the observation (its session ended); nil while it delivers, and
    /// after `cancel()`.
    public var ended: ObservationEnd? {
        lock.lock()
        defer { lock.unlock() }
        if case let .ended(reason) = state { return reason }
        return nil
    }

    /// Stops delivery; idempotent. The `ended` handler is not called: the caller knows.
    public func cancel() {
        lock.lock()
        let wasLive = switch state {
        case .starting, .live: true
        case .cancelled, .ended: false
        }
        if wasLive { state = .cancelled }
        lock.unlock()
        if wasLive { hub?.remove(self) }
    }

    /// Starts delivery once the session is checked, until `expiresAt`; false when the
    /// observation was ended meanwhile (its session ended between the check and now).
    func start(expiresAt: Int64) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard case .starting = state else { return false }
        state = .live(expiresAt: expiresAt)
        return true
    }

    /// Ends the observation when its session has expired at `now` (milliseconds); whether it did.
    func endIfExpired(at now: Int64) -> Bool {
        lock.lock()
        guard case let .live(expiresAt) = state, expiresAt <= now else {
            lock.unlock()
            return false
        }
        lock.unlock()
        end(.sessionExpired(at: Timestamp.date(expiresAt)))
        return true
    }

    /// Ends the observation because its session ended: a live one's handler is told why,
    /// once; one still starting ends silently (its `observe` call throws instead).
    func end(_ reason: ObservationEnd) {
        lock.lock()
        switch state {
        case .live:
            state = .ended(reason)
            // Under the lock: no delivery runs beside it or after it.
            onEnd?(reason)
        case .starting:
            state = .ended(reason)
        case .cancelled, .ended:
            lock.unlock()
            return
        }
        lock.unlock()
        hub?.remove(self)
    }

    /// Delivers `event`, unless the observation is not live; an expired session ends it instead.
    func deliver(_ event: Event) {
        lock.lock()
        guard case let .live(expiresAt) = state else {
            lock.unlock()
            return
        }
        if Timestamp.milliseconds(clock()) >= expiresAt {
            lock.unlock()
            end(.sessionExpired(at: Timestamp.date(expiresAt)))
            return
        }
        defer { lock.unlock() }
        callback(event)
    }
}

/// A live subscription to one user's new notifications.
public typealias NotificationObservation = Observation<SocialNotification>

/// A live subscription to the posts entering one user's home feed.
public typealias FeedObservation = Observation<Post>
