/// Finds the elementary cycles of a walked graph: strongly connected components first
/// (Tarjan, linear), then, inside each component, every cycle of at most `maxDepth`
/// objects, each found once from its lowest-numbered object (numbers follow the
/// breadth-first walk, so that is the object nearest the root).
struct CycleSearch {
    let graph: GraphWalker
    let maxDepth: Int
    let maxCycles: Int
    /// Bound on the edges the enumeration may try in all: dense components have
    /// exponentially many cycles.
    var maxSteps = 20_000_000

    /// Each cycle as the edge indices it follows, starting at its lowest-numbered node.
    func cycles() -> (cycles: [[Int32]], isTruncated: Bool) {
        let component = components()
        var found: [[Int32]] = []
        var steps = 0
        var truncated = false
        let n = graph.nodeCount
        var distance = [Int32](repeating: -1, count: n)
        var onPath = [Bool](repeating: false, count: n)
        let reverse = reverseEdges(component: component)

        for start in 0..<n where component[start] >= 0 {
            // Distances back to `start` over nodes numbered above it, up to maxDepth: a
            // path may continue from a node only if it can still close in time.
            var touched: [Int32] = [Int32(start)]
            distance[start] = 0
            var frontier = 0
            while frontier < touched.count {
                let node = Int(touched[frontier]); frontier += 1
                let d = distance[node]
                if d + 1 >= Int32(maxDepth) { continue }
                for source in reverse.sources(of: node) where source > start && distance[Int(source)] < 0
                    && component[Int(source)] == component[start] {
                    distance[Int(source)] = d + 1
                    touched.append(source)
                }
            }
            defer { for node in touched { distance[Int(node)] = -1 } }

            // Depth-first over edges (parallel edges make distinct cycles).
            var pathEdges: [Int32] = []
            var stack: [(node: Int, cursor: Int32)] = [(start, graph.edgeStart[start])]
            onPath[start] = true
            while let top = stack.last {
                let end = graph.edgeStart[top.node + 1]
                if top.cursor == end {
                    onPath[top.node] = false
                    stack.removeLast()
                    if !pathEdges.isEmpty { pathEdges.removeLast() }
                    continue
                }
                stack[stack.count - 1].cursor += 1
                steps += 1
                if steps > maxSteps { truncated = true; break }
                let edge = top.cursor
                let target = Int(graph.edgeTargets[Int(edge)])
                if target == start {
                    // One past the limit proves there are more than the report keeps.
                    if found.count == maxCycles { truncated = true; break }
                    found.append(pathEdges + [edge])
                    continue
                }
                guard target > start, !onPath[target], distance[target] >= 0,
                      stack.count + Int(distance[target]) <= maxDepth else { continue }
                onPath[target] = true
                pathEdges.append(edge)
                stack.append((target, graph.edgeStart[target]))
            }
            for entry in stack { onPath[entry.node] = false }
            if truncated { break }
        }
        return (found, truncated)
    }

    /// For each node, its component's number when that component can hold a cycle (more
    /// than one node, or a self-reference); -1 otherwise. Iterative Tarjan.
    private func components() -> [Int32] {
        let n = graph.nodeCount
        var index = [Int32](repeating: -1, count: n)
        var low = [Int32](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var componentOf = [Int32](repeating: -1, count: n)
        var sccStack: [Int32] = []
        var counter: Int32 = 0
        var componentCount: Int32 = 0

        for root in 0..<n where index[root] < 0 {
            var call: [(node: Int, cursor: Int32)] = [(root, graph.edgeStart[root])]
            index[root] = counter; low[root] = counter; counter += 1
            sccStack.append(Int32(root)); onStack[root] = true
            while let top = call.last {
                let node = top.node
                if top.cursor < graph.edgeStart[node + 1] {
                    call[call.count - 1].cursor += 1
                    let target = Int(graph.edgeTargets[Int(top.cursor)])
                    if index[target] < 0 {
                        index[target] = counter; low[target] = counter; counter += 1
                        sccStack.append(Int32(target)); onStack[target] = true
                        call.append((target, graph.edgeStart[target]))
                    } else if onStack[target] {
                        low[node] = min(low[node], index[target])
                    }
                    continue
                }
                call.removeLast()
                if let parent = call.last { low[parent.node] = min(low[parent.node], low[node]) }
                guard low[node] == index[node] else { continue }
                var members: [Int32] = []
                while let member = sccStack.popLast() {
                    onStack[Int(member)] = false
                    members.append(member)
                    if Int(member) == node { break }
                }
                let selfLoop = members.count == 1 && (graph.edgeStart[node]..<graph.edgeStart[node + 1])
                    .contains { Int(graph.edgeTargets[Int($0)]) == node }
                if members.count > 1 || selfLoop {
                    for member in members { componentOf[Int(member)] = componentCount }
                    componentCount += 1
                }
            }
        }
        return componentOf
    }

    /// Sources of the edges inside cyclic components, by target (compressed rows).
    private func reverseEdges(component: [Int32]) -> ReverseEdges {
        let n = graph.nodeCount
        var counts = [Int32](repeating: 0, count: n + 1)
        for source in 0..<n where component[source] >= 0 {
            for edge in graph.edgeStart[source]..<graph.edgeStart[source + 1] {
                let target = Int(graph.edgeTargets[Int(edge)])
                if component[target] == component[source] { counts[target + 1] += 1 }
            }
        }
        for node in 0..<n { counts[node + 1] += counts[node] }
        var fill = counts
        var sources = [Int32](repeating: 0, count: Int(counts[n]))
        for source in 0..<n where component[source] >= 0 {
            for edge in graph.edgeStart[source]..<graph.edgeStart[source + 1] {
                let target = Int(graph.edgeTargets[Int(edge)])
                if component[target] == component[source] {
                    sources[Int(fill[target])] = Int32(source)
                    fill[target] += 1
                }
            }
        }
        return ReverseEdges(start: counts, sources: sources)
    }
}

struct ReverseEdges {
    let start: [Int32]
    let sources: [Int32]

    func sources(of node: Int) -> ArraySlice<Int32> {
        sources[Int(start[node])..<Int(start[node + 1])]
    }
}
