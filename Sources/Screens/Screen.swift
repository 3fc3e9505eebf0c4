/// A headless screen: it loads what it shows through the stack, and closes. Closing must
/// leave nothing of it reachable from the window or the navigator in the weak variants.
public protocol Screen: AnyObject, Sendable {
    /// What the navigation bar shows.
    var title: String { get }
    /// Loads the screen's content through the stack (synchronous; throws the stack's errors).
    func load() throws
    /// Takes the screen down: observations and listeners it owns are stopped or, in the
    /// strong variants, left behind as the apps left them.
    func close()
    /// The screen and its parts (header, cells, sheets, buffers), for lifetime tracking.
    var parts: [AnyObject] { get }
}
