import SocialStack

/// One running app: the stack it talks to, the reference policy its screens are built
/// with, its window and navigator, its process-wide event bus and link-preview cache, and
/// the signed-in user.
public final class App: Sendable {
    public let stack: SocialStack
    public let policy: ReferencePolicy
    public let window: Window
    public let eventBus: EventBus
    public let linkPreviews: LinkPreviewCache
    private let signedIn = Locked<Session?>(nil)

    /// An app on `stack` whose screens are built with `policy`.
    public init(stack: SocialStack, policy: ReferencePolicy = .allWeak) {
        self.stack = stack
        self.policy = policy
        window = Window()
        eventBus = EventBus()
        linkPreviews = LinkPreviewCache()
    }

    /// The navigator of the app's window.
    public var navigator: Navigator { window.navigator }

    /// The signed-in session, if any.
    public var session: Session? { signedIn.withLock { $0 } }

    /// Signs `session` in (the login screen does this).
    public func signIn(_ session: Session) { signedIn.withLock { $0 = session } }

    /// Signs out.
    public func signOut() { signedIn.withLock { $0 = nil } }

    /// The signed-in user's session, which every call acting as them passes to the stack,
    /// or `ScreenError.notSignedIn` for screens that need one.
    public func viewer() throws -> Session {
        guard let session else { throw ScreenError.notSignedIn }
        return session
    }

    /// Whether an edge is strong under this app's policy.
    func strength(of edge: ReferenceEdge) -> ReferencePolicy.Strength { policy.strength(of: edge) }
}

/// Why a screen could not do what was asked (the stack's own errors pass through as they are).
public enum ScreenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The screen needs a signed-in user; sign in through `LoginController` first.
    case notSignedIn
    /// An action on a screen that is not loaded, or already closed.
    case notOpen(screen: String)
    /// An action sheet choice outside its options.
    case noSuchOption(index: Int, options: [String])
    /// A sign-up form with problems, every one of them.
    case invalidForm([SignUpProblem])

    public var description: String {
        switch self {
        case .notSignedIn: "no user is signed in: sign in with LoginController first"
        case .notOpen(let screen): "\(screen) is not open: load it first (or it was closed)"
        case .noSuchOption(let index, let options):
            "no option \(index): the sheet has \(options.count) (\(options.joined(separator: ", ")))"
        case .invalidForm(let problems): "the form has problems: " + problems.map(\.description).joined(separator: "; ")
        }
    }
}
