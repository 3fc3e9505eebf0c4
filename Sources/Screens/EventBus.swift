import SocialStack

/// The app's process-wide event bus (NotificationCenter in the apps). It holds listeners
/// weakly by owner; a listener whose owner died is dropped. The `eventBus` edge's strong
/// form is the apps' bug: a callback that captures its controller strongly keeps the owner
/// alive, so the bus never drops it.
public final class EventBus: Sendable {
    /// What screens tell each other.
    public enum Event: Hashable, Sendable {
        case profileChanged(UserID)
        case postDeleted(PostID)
        case postLiked(PostID, byViewer: Bool)
    }

    private struct Listener {
        weak var owner: (AnyObject & Sendable)?
        let callback: @Sendable (Event) -> Void
    }

    private let listeners = Locked<[Listener]>([])

    /// A bus with no listeners.
    public init() {}

    /// Calls `callback` for each event posted while `owner` lives.
    public func listen(owner: AnyObject & Sendable, _ callback: @escaping @Sendable (Event) -> Void) {
        listeners.withLock { all in
            // Drop the dead first: entries must not pile up between posts.
            all.removeAll { $0.owner == nil }
            all.append(Listener(owner: owner, callback: callback))
        }
    }

    /// Delivers `event` to every listener whose owner lives, after dropping the others.
    public func post(_ event: Event) {
        let live = listeners.withLock { all -> [@Sendable (Event) -> Void] in
            all.removeAll { $0.owner == nil }
            return all.map(\.callback)
        }
        for callback in live { callback(event) }
    }

    /// Listeners whose owner is alive.
    public var listenerCount: Int {
        listeners.withLock { all in all.filter { $0.owner != nil }.count }
    }
}
