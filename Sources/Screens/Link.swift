/// A stored reference built weak or strong from the reference policy: `.weak` is the
/// app's fix (`weak var delegate`), `.strong` the bug it shipped (a strong stored
/// delegate). A cycle through the strong form reads `ProfileHeader.delegate.strong ->
/// ProfileController`.
public enum Link<Target>: @unchecked Sendable {
    /// Held weakly: gone when its target dies.
    case weak(WeakReference)
    /// Held strongly: keeps its target alive.
    case strong(Target)

    /// A link to `target` of the given strength. `Target` must be a class or a class-bound
    /// protocol.
    public init(_ target: Target, _ strength: ReferencePolicy.Strength) {
        switch strength {
        case .weak: self = .weak(WeakReference(target as AnyObject))
        case .strong: self = .strong(target)
        }
    }

    /// The target, if it is still alive.
    public var target: Target? {
        switch self {
        case .weak(let reference): reference.object as? Target
        case .strong(let target): target
        }
    }
}

/// One weak reference, in a box a `Link` can hold.
public final class WeakReference: @unchecked Sendable {
    /// The object, or nil once it died.
    public private(set) weak var object: AnyObject?

    /// A weak reference to `object`.
    public init(_ object: AnyObject) { self.object = object }
}
