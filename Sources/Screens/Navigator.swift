import SocialStack

/// Push, pop, present and dismiss, as a navigation controller does. It owns the screens it
/// shows; a screen popped or dismissed is closed and released.
public final class Navigator: Sendable {
    private struct State {
        var stack: [any Screen] = []
        var presented: [any Screen] = []
    }

    private let state = Locked(State())

    init() {}

    /// The pushed screens, bottom first.
    public var stack: [any Screen] { state.withLock { $0.stack } }
    /// The presented (modal) screens, bottom first.
    public var presented: [any Screen] { state.withLock { $0.presented } }
    /// The screen on top: the last presented one, else the top of the stack.
    public var topScreen: (any Screen)? { state.withLock { $0.presented.last ?? $0.stack.last } }

    /// Loads `screen` and pushes it; a screen that fails to load is not shown.
    public func push(_ screen: any Screen) throws {
        try screen.load()
        state.withLock { $0.stack.append(screen) }
    }

    /// Pops and closes the top pushed screen; nil when the stack is empty.
    @discardableResult
    public func pop() -> (any Screen)? {
        let screen = state.withLock { $0.stack.popLast() }
        screen?.close()
        return screen
    }

    /// Loads `screen` and presents it modally.
    public func present(_ screen: any Screen) throws {
        try screen.load()
        state.withLock { $0.presented.append(screen) }
    }

    /// Dismisses and closes the top presented screen; nil when nothing is presented.
    @discardableResult
    public func dismiss() -> (any Screen)? {
        let screen = state.withLock { $0.presented.popLast() }
        screen?.close()
        return screen
    }

    /// Pops and dismisses everything.
    public func closeAll() {
        while dismiss() != nil {}
        while pop() != nil {}
    }
}
