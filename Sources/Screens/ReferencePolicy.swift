/// The leak-prone references of the apps' screens (design section 3). Each edge is built
/// weak (the fix) or strong (the bug the apps shipped), so one run can compare variants.
public enum ReferenceEdge: String, CaseIterable, Sendable, Codable {
    /// ProfileHeader's delegate back to its ProfileController.
    case profileHeaderDelegate
    /// Each TweetCell's delegate back to its controller.
    case cellDelegate
    /// The mention-tap closure a cell stores.
    case mentionHandler
    /// The feed's live observation of new posts.
    case feedObserver
    /// Listeners on the process-wide event bus.
    case eventBus
    /// The action sheet's views in the window.
    case actionSheet
    /// The link-preview cache.
    case linkPreviewCache
}

/// How strongly each edge holds: `.allWeak`, `.allStrong`, or either with per-edge overrides.
public struct ReferencePolicy: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Whether an edge is built in its weak (correct) or strong (leaking) form.
    public enum Strength: String, Hashable, Sendable, Codable {
        case weak, strong
    }

    /// The strength of every edge not overridden.
    public var base: Strength
    /// Edges that differ from `base`.
    public var overrides: [ReferenceEdge: Strength]

    /// A policy with a base strength and per-edge overrides.
    public init(_ base: Strength, overrides: [ReferenceEdge: Strength] = [:]) {
        self.base = base
        self.overrides = overrides
    }

    /// Every edge weak: the fixed app.
    public static let allWeak = ReferencePolicy(.weak)
    /// Every edge strong: every bug the apps had.
    public static let allStrong = ReferencePolicy(.strong)

    /// The strength of one edge.
    public func strength(of edge: ReferenceEdge) -> Strength {
        overrides[edge] ?? base
    }

    /// Whether the edge is built in its strong (leaking) form.
    public func isStrong(_ edge: ReferenceEdge) -> Bool {
        strength(of: edge) == .strong
    }

    /// This policy with one edge set.
    public func with(_ edge: ReferenceEdge, _ strength: Strength) -> ReferencePolicy {
        var copy = self
        copy.overrides[edge] = strength == base ? nil : strength
        return copy
    }

    public var description: String {
        let changed = ReferenceEdge.allCases.filter { overrides[$0] != nil && overrides[$0] != base }
        guard !changed.isEmpty else { return base == .weak ? "allWeak" : "allStrong" }
        return "\(base == .weak ? "allWeak" : "allStrong") + " + changed.map { "\($0.rawValue)=\(strength(of: $0).rawValue)" }.joined(separator: ",")
    }
}
