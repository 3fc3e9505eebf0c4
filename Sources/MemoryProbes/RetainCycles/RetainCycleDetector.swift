/// Finds retain cycles reachable from an object by walking its strong references only,
/// with property names read from the runtime's field records (weak, unowned and
/// unowned(unsafe) fields and captures are never followed, nor read).
///
/// Call it while the graph is not being changed by other threads. A type compiled without
/// reflection metadata makes the result incomplete, and the report says so.
public struct RetainCycleDetector: Sendable {
    /// The longest cycle reported, in objects (closure contexts count as objects).
    public let maxDepth: Int
    /// The most objects the walk visits before it stops (and reports itself truncated).
    public let maxObjects: Int
    /// The most cycles reported.
    public let maxCycles: Int

    /// A detector with these bounds.
    public init(maxDepth: Int = 12, maxObjects: Int = 1_000_000, maxCycles: Int = 1_000) {
        self.maxDepth = max(1, maxDepth)
        self.maxObjects = max(1, maxObjects)
        self.maxCycles = max(1, maxCycles)
    }

    /// Why `cycles(from:)` cannot give a trustworthy answer.
    public enum Failure: Error, CustomStringConvertible {
        /// Some reached types have no reflection metadata (`-disable-reflection-metadata`):
        /// their references are invisible. Holds the cycles found anyway.
        case reflectionMetadataMissing(types: [String], partial: [RetainCycle])
        /// Some closure contexts' captures could not be laid out (generic captures): what
        /// they hold is invisible. Holds the cycles found anyway.
        case closureCapturesUnresolved(contexts: Int, partial: [RetainCycle])

        public var description: String {
            switch self {
            case .closureCapturesUnresolved(let contexts, let partial):
                return "cannot rule out retain cycles: \(contexts) closure context(s) with generic captures "
                    + "could not be read" + (partial.isEmpty ? "" : " (\(partial.count) cycle(s) found anyway)")
            case .reflectionMetadataMissing(let types, let partial):
                return "cannot rule out retain cycles: built without reflection metadata: "
                    + types.joined(separator: ", ")
                    + (partial.isEmpty ? "" : " (\(partial.count) cycle(s) found anyway)")
            }
        }
    }

    /// Every retain cycle reachable from `root`, shortest first. Throws when references are
    /// hidden (types without reflection metadata, closures with generic captures) instead of
    /// reporting "no cycles".
    public func cycles<Root: AnyObject>(from root: Root) throws -> [RetainCycle] {
        let report = report(from: root)
        if !report.typesWithoutReflectionMetadata.isEmpty {
            throw Failure.reflectionMetadataMissing(types: report.typesWithoutReflectionMetadata, partial: report.cycles)
        }
        if report.unresolvedClosureContexts > 0 {
            throw Failure.closureCapturesUnresolved(contexts: report.unresolvedClosureContexts, partial: report.cycles)
        }
        return report.cycles
    }

    /// The cycles, the objects reached with their outside holders, and the walk's limits.
    public func report<Root: AnyObject>(from root: Root) -> RetainCycleReport {
        let rootAddress = UnsafeRawPointer(Unmanaged.passUnretained(root).toOpaque())
        var walker = GraphWalker(planner: Planner(), maxObjects: maxObjects)
        walker.walk(from: rootAddress)
        let search = CycleSearch(graph: walker, maxDepth: maxDepth, maxCycles: maxCycles).cycles()
        return withExtendedLifetime(root) {
            assemble(walker, edgeCycles: search.cycles, searchTruncated: search.isTruncated)
        }
    }

    private func assemble(_ walker: GraphWalker, edgeCycles: [[Int32]], searchTruncated: Bool) -> RetainCycleReport {
        var names: [UnsafeRawPointer: String] = [:]
        func typeName(_ node: Int) -> String {
            switch walker.kinds[node] {
            case .instance: break
            case .context: return "closure context"
            case .opaque: return "opaque object"
            }
            let metadata = walker.metadata[node]
            if let name = names[metadata] { return name }
            let name = RuntimeReflection.name(of: RuntimeReflection.type(atMetadata: metadata))
            names[metadata] = name
            return name
        }

        // Objects the compiler laid out statically (in the binary's data, with an immortal
        // retain count) are held by the program itself, and are not malloc's to size.
        let counts: [Int] = (0..<walker.nodeCount).map { node in
            RuntimeReflection.retainCount(of: UnsafeRawPointer(bitPattern: walker.addresses[node])!)
        }
        let isStatic = (0..<walker.nodeCount).map {
            RuntimeReflection.isImmortal(UnsafeRawPointer(bitPattern: walker.addresses[$0])!)
        }
        let external: [Int] = (0..<walker.nodeCount).map { node in
            isStatic[node] ? 1 : max(0, counts[node] - Int(walker.inDegree[node]) - (node == 0 ? 1 : 0))
        }
        let heldFromOutside = reachable(from: external.indices.filter { external[$0] > 0 }, in: walker)

        // One cycle per sequence of objects: other references between the same objects (two
        // fields holding one object, ten service structs sharing one store) are counted on it.
        var cycles: [RetainCycle] = []
        var indexByObjects: [[UInt]: Int] = [:]
        for edges in edgeCycles {
            let found = cycle(edges, walker: walker, typeName: typeName, unreachable: !edges.contains {
                heldFromOutside[Int(walker.edgeTargets[Int($0)])]
            })
            let objects = found.steps.map(\.address)
            if let index = indexByObjects[objects] {
                cycles[index].otherPaths += 1
            } else {
                indexByObjects[objects] = cycles.count
                cycles.append(found)
            }
        }
        cycles = cycles.enumerated().sorted {
            ($0.element.length, $0.offset) < ($1.element.length, $1.offset)
        }.map(\.element)

        let objects = (0..<walker.nodeCount).map { node in
            RetainCycleReport.Object(
                typeName: typeName(node), address: walker.addresses[node], externalHolders: external[node],
                bytes: isStatic[node] ? 0 : AllocationCounters.allocationSize(of: UnsafeRawPointer(bitPattern: walker.addresses[node])!))
        }
        return RetainCycleReport(
            cycles: cycles, objects: objects, isTruncated: walker.isTruncated || searchTruncated,
            typesWithoutReflectionMetadata: walker.typesWithoutFieldRecords.sorted(),
            unresolvedClosureContexts: walker.unresolvedContexts, opaqueObjects: walker.opaqueObjects)
    }

    /// The nodes reachable from `sources` (the sources included).
    private func reachable(from sources: [Int], in walker: GraphWalker) -> [Bool] {
        var seen = [Bool](repeating: false, count: walker.nodeCount)
        var queue = sources
        for node in sources { seen[node] = true }
        while let node = queue.popLast() {
            for edge in walker.edgeStart[node]..<walker.edgeStart[node + 1] {
                let target = Int(walker.edgeTargets[Int(edge)])
                if !seen[target] { seen[target] = true; queue.append(target) }
            }
        }
        return seen
    }

    /// A cycle's steps: closure contexts fold into the reference that leads into them.
    private func cycle(
        _ edges: [Int32], walker: GraphWalker, typeName: (Int) -> String, unreachable: Bool
    ) -> RetainCycle {
        // Edge i leaves node sources[i]: the cycle's first node, then each edge's target.
        var sources = [Int(walker.edgeTargets[Int(edges[edges.count - 1])])]
        for edge in edges.dropLast() { sources.append(Int(walker.edgeTargets[Int(edge)])) }
        // Start at the first class instance (the lowest-numbered node may be a context).
        let firstInstance = sources.firstIndex { walker.kinds[$0] == .instance }
        let startAt = firstInstance ?? 0
        var steps: [RetainCycle.Step] = []
        for offset in 0..<edges.count {
            let position = (startAt + offset) % edges.count
            let source = sources[position]
            let label = walker.edgeLabels[Int(edges[position])].text
            if firstInstance != nil, walker.kinds[source] == .context { continue }
            steps.append(RetainCycle.Step(typeName: typeName(source), reference: label, address: walker.addresses[source]))
        }
        return RetainCycle(steps: steps, isUnreachable: unreachable)
    }
}
