/// A leak-prone reference of the apps' screens (design section 3), or of a package's own
/// objects (registered with `RoostExtension`). Each edge is built weak (the fix) or strong
/// (the bug the apps shipped), so one run can compare variants.
public struct ReferenceEdge: RawRepresentable, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The edge's name in scenarios (`overrides: { profileHeaderDelegate: strong }`).
    public let rawValue: String

    /// The edge called `rawValue` (any name: the scenario reader accepts only registered ones).
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The edge called `name`.
    public init(_ name: String) { rawValue = name }

    public var description: String { rawValue }

    /// ProfileHeader's delegate back to its ProfileController.
    public static let profileHeaderDelegate = ReferenceEdge("profileHeaderDelegate")
    /// Each TweetCell's delegate back to its controller.
    public static let cellDelegate = ReferenceEdge("cellDelegate")
    /// The mention-tap closure a cell stores.
    public static let mentionHandler = ReferenceEdge("mentionHandler")
    /// The feed's live observation of new posts.
    public static let feedObserver = ReferenceEdge("feedObserver")
    /// Listeners on the process-wide event bus.
    public static let eventBus = ReferenceEdge("eventBus")
    /// The action sheet's views in the window.
    public static let actionSheet = ReferenceEdge("actionSheet")
    /// The link-preview cache.
    public static let linkPreviewCache = ReferenceEdge("linkPreviewCache")

    /// The screens' own edges, in the order of design section 3.
    public static let allCases: [ReferenceEdge] = [
        .profileHeaderDelegate, .cellDelegate, .mentionHandler, .feedObserver, .eventBus, .actionSheet, .linkPreviewCache,
    ]
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
        let others = overrides.keys.filter { !ReferenceEdge.allCases.contains($0) }.sorted { $0.rawValue < $1.rawValue }
        let changed = (ReferenceEdge.allCases + others).filter { overrides[$0] != nil && overrides[$0] != base }
        guard !changed.isEmpty else { return base == .weak ? "allWeak" : "allStrong" }
        return "\(base == .weak ? "allWeak" : "allStrong") + " + changed.map { "\($0.rawValue)=\(strength(of: $0).rawValue)" }.joined(separator: ",")
    }
}
