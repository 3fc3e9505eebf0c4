/// The call tree of one flame graph: the folded stacks of one variant's step merged by
/// their frames, root first (the step), each node's value the sum of the stacks through it.
/// Children are ordered by value (largest first), then name; siblings too narrow to draw
/// (or beyond the drawing's box budget) are merged into one box, or left out when even
/// together they are too narrow, and the tree stops at a depth, so the drawing stays small
/// whatever the profile holds.
struct FlameTree: Equatable {
    struct Node: Equatable {
        /// The frame's function name; for a merged box, what it merged (`3 smaller frames`).
        var name: String
        /// The stacks' value through this frame (bytes, retained bytes).
        var value: Int
        /// Largest first, then by name; their values sum to at most `value` (the rest is the
        /// frame's own value, stacks that end here, and siblings left out).
        var children: [Node] = []
        /// How many sibling frames this box stands for (0: a real frame).
        var mergedFrames = 0
        /// Frames below this one that were not drawn because of the depth limit.
        var cutBelow = false
    }

    /// One box of the drawing: where the frame sits in its row, in the tree's value units.
    struct Box: Equatable {
        var name: String
        var value: Int
        /// Row, 0 for the root.
        var depth: Int
        /// Offset of the box's left edge from the root's, in value units.
        var start: Int
        var mergedFrames: Int
        var cutBelow: Bool
    }

    let root: Node

    /// How many rows the drawing needs.
    var depth: Int { Self.height(root) }

    /// The tree of `stacks` (frames root first, below `rootName`; values > 0 count):
    /// children whose value is under `minimumFraction` of the total are merged, rows beyond
    /// `maximumDepth` (the root is row 1) are cut, and when the tree would still draw more
    /// than `maximumBoxes` boxes, the narrowest frames are merged too until it does not.
    static func build(_ stacks: [(frames: [String], value: Int)], rootName: String, minimumFraction: Double,
                      maximumDepth: Int, maximumBoxes: Int = .max) -> FlameTree {
        // A trie in flat arrays: one entry per distinct path.
        var names = [rootName], values = [0], children: [[String: Int]] = [[:]]
        for stack in stacks where stack.value > 0 {
            var node = 0
            values[0] += stack.value
            for frame in stack.frames {
                if let next = children[node][frame] {
                    node = next
                } else {
                    names.append(frame)
                    values.append(0)
                    children.append([:])
                    children[node][frame] = names.count - 1
                    node = names.count - 1
                }
                values[node] += stack.value
            }
        }
        let ordered = children.map { $0.values.sorted { values[$0] != values[$1] ? values[$0] > values[$1] : names[$0] < names[$1] } }

        // Boxes drawn when frames under `minimum` are merged (a merged box counts one).
        func count(_ index: Int, row: Int, minimum: Double) -> Int {
            guard row < maximumDepth else { return 1 }
            var boxes = 1, mergedValue = 0
            for child in ordered[index] {
                if Double(values[child]) >= minimum, values[child] > 0 {
                    boxes += count(child, row: row + 1, minimum: minimum)
                } else {
                    mergedValue += values[child]
                }
            }
            return boxes + (mergedValue > 0 && Double(mergedValue) >= minimum ? 1 : 0)
        }
        var minimum = Double(values[0]) * max(0, minimumFraction)
        if maximumBoxes < .max, count(0, row: 1, minimum: minimum) > maximumBoxes {
            // The smallest frame value (above the pixel minimum) that keeps the drawing within budget.
            let candidates = Array(Set(values.filter { Double($0) > minimum })).sorted()
            var low = 0, high = candidates.count - 1
            while low < high {
                let middle = (low + high) / 2
                if count(0, row: 1, minimum: Double(candidates[middle])) <= maximumBoxes { high = middle } else { low = middle + 1 }
            }
            minimum = candidates.isEmpty ? minimum : Double(candidates[low])
        }

        func prune(_ index: Int, row: Int) -> Node {
            var node = Node(name: names[index], value: values[index])
            guard !ordered[index].isEmpty else { return node }
            guard row < maximumDepth else {
                node.cutBelow = true
                return node
            }
            var merged = 0, mergedValue = 0
            for child in ordered[index] {
                if Double(values[child]) >= minimum, values[child] > 0 {
                    node.children.append(prune(child, row: row + 1))
                } else {
                    merged += 1
                    mergedValue += values[child]
                }
            }
            if merged > 0, Double(mergedValue) >= minimum, mergedValue > 0 {
                node.children.append(Node(name: "\(merged) smaller frames", value: mergedValue, mergedFrames: merged))
            }
            return node
        }
        return FlameTree(root: prune(0, row: 1))
    }

    /// Every box, root first, each row left to right under its parent.
    func boxes() -> [Box] {
        var boxes: [Box] = []
        func visit(_ node: Node, depth: Int, start: Int) {
            boxes.append(Box(name: node.name, value: node.value, depth: depth, start: start, mergedFrames: node.mergedFrames,
                             cutBelow: node.cutBelow))
            var offset = start
            for child in node.children {
                visit(child, depth: depth + 1, start: offset)
                offset += child.value
            }
        }
        visit(root, depth: 0, start: 0)
        return boxes
    }

    private static func height(_ node: Node) -> Int { 1 + (node.children.map(height).max() ?? 0) }
}
