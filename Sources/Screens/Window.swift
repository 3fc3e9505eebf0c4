/// The app's window: it owns the visible hierarchy (the navigator's screens and any views
/// added on top, such as an action sheet's dimming view and table).
public final class Window: View, @unchecked Sendable {
    /// The navigator whose screens fill the window.
    public let navigator: Navigator

    /// An empty window with its navigator.
    public init() {
        navigator = Navigator()
        super.init(name: "window", frame: .phone)
    }
}
