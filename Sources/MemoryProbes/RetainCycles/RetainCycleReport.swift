/// Everything a walk found: the cycles, each reached object's holders, and what limited
/// the walk.
public struct RetainCycleReport: Sendable, CustomStringConvertible {
    /// One object reached from the root.
    public struct Object: Hashable, Sendable {
        /// The type name; closure contexts and captured-variable boxes are named
        /// `closure context`, other heap objects (an async task) `opaque object`.
        public let typeName: String
        public let address: UInt
        /// References from outside the walked graph: the object's strong retain count
        /// minus the references the walk found to it (for the root, also minus the
        /// caller's one reference). 0 means only the graph holds it. A static (immortal)
        /// object the compiler laid out in the binary counts 1: the program holds it.
        public let externalHolders: Int
        /// The object's own allocation size in bytes (0 when jemalloc is not the allocator,
        /// and for static objects).
        public let bytes: Int
    }

    /// Each distinct cycle once, shortest first.
    public let cycles: [RetainCycle]
    /// Every object reached, the root first, in breadth-first order.
    public let objects: [Object]
    /// True when `maxObjects`, `maxCycles` or the search's step bound cut the walk short.
    public let isTruncated: Bool
    /// Types reached that were built without reflection metadata: references inside them
    /// are invisible, so "no cycle" cannot be claimed.
    public let typesWithoutReflectionMetadata: [String]
    /// Closure contexts whose captures could not be laid out (generic captures): not
    /// followed.
    public let unresolvedClosureContexts: Int
    /// Heap objects reached that the walk cannot look into (an async task held by a stored
    /// `Task`, ...): references inside them are not seen. Listed in `objects` as `opaque object`.
    public let opaqueObjects: Int

    /// True when the walk saw every reference it reached: no type without reflection
    /// metadata, no unresolved closure context, no opaque object, no truncation.
    public var isComplete: Bool {
        !isTruncated && typesWithoutReflectionMetadata.isEmpty && unresolvedClosureContexts == 0 && opaqueObjects == 0
    }

    public var description: String {
        var lines: [String] = []
        if cycles.isEmpty {
            lines.append(isComplete ? "no retain cycle among \(objects.count) objects" : "no retain cycle found among \(objects.count) objects, but the walk was incomplete:")
        } else {
            lines.append("\(cycles.count) retain cycle\(cycles.count == 1 ? "" : "s") among \(objects.count) objects:")
            for cycle in cycles {
                lines.append("  \(cycle)\(cycle.isUnreachable ? "  (unreachable: nothing else holds it)" : "")")
            }
        }
        if !typesWithoutReflectionMetadata.isEmpty {
            lines.append("  built without reflection metadata (references inside not seen): "
                + typesWithoutReflectionMetadata.joined(separator: ", "))
        }
        if unresolvedClosureContexts > 0 {
            lines.append("  \(unresolvedClosureContexts) closure context(s) with generic captures not followed")
        }
        if opaqueObjects > 0 {
            lines.append("  \(opaqueObjects) object(s) the walk cannot look into (e.g. a running Task)")
        }
        if isTruncated { lines.append("  truncated: raise maxObjects or maxCycles to see the rest") }
        return lines.joined(separator: "\n")
    }
}
