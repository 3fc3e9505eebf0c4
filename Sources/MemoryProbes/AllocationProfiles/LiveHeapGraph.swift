/// The recorded allocations still live, as a graph: block A points to block B when an
/// aligned word of the bytes A's caller asked for (not the size class's slack), read as an address (its top 16 and low 3 bits cleared: where Swift
/// keeps flags and enum tags), is B's start. Swift references, array, string and dictionary
/// storage, closure contexts and boxes all point to their block's start; requiring it keeps
/// plain data (a thumbnail's bytes) from passing for pointers. From the graph, what a set
/// of objects keeps alive: the objects' own blocks and every block reachable from them and
/// from no other live block (the objects' retained set, as heap analysers define it).
///
/// Conservative, with known limits: a word of data equal to a block's start still adds an
/// edge, and so does a stale pointer in memory the caller asked for but has not written (an
/// array's reserved capacity);
/// an interior pointer (C code pointing into the middle of a buffer) adds none. Memory that
/// was not recorded (allocated before the measured steps, globals, thread stacks) is not
/// scanned, so a block that only such memory also holds counts as retained by the objects. A Swift weak reference points to the object's
/// side table, whose pointer back to the object is not followed (a weak reference keeps
/// nothing alive): a block is a side table when its first word is a recorded object whose
/// reference count says this block is its side table.
public struct LiveHeapGraph: Sendable {
    /// A live block: its address, usable size, and the bytes its caller asked for.
    public struct Block: Sendable, Hashable {
        public let address: UInt
        public let size: Int
        public let requestedSize: Int
    }

    /// Sorted by address, non-overlapping.
    public let blocks: [Block]
    /// Compressed adjacency: the blocks block `i` points to are `targets[starts[i]..<starts[i + 1]]`.
    private let starts: [Int]
    private let targets: [Int32]

    /// Scans `live` (blocks that are live now and stay so while this runs).
    public init(live: [AllocationRecording.LiveAllocation]) {
        let blocks = live.map { Block(address: $0.address, size: $0.size, requestedSize: $0.requestedSize) }
            .sorted { $0.address < $1.address }
        self.blocks = blocks
        var starts = [0]
        var targets: [Int32] = []
        starts.reserveCapacity(blocks.count + 1)
        let lowest = blocks.first?.address ?? 0
        let highest = blocks.last?.address ?? 0

        func blockIndex(startingAt address: UInt) -> Int? {
            address >= lowest && address <= highest ? Self.index(of: address, in: blocks) : nil
        }

        func isSideTable(_ block: Block) -> Bool {
            guard block.requestedSize >= 16, let word = UnsafeRawPointer(bitPattern: block.address)?.load(as: UInt.self),
                  let object = blockIndex(startingAt: word), blocks[object].requestedSize >= 16,
                  let refCounts = UnsafeRawPointer(bitPattern: word)?.load(fromByteOffset: 8, as: UInt.self)
            else { return false }
            // A side-table reference count: UseSlowRC and SideTableMark set, the table's
            // address shifted right by 3 in the low 62 bits.
            return refCounts >> 62 == 0b11 && (refCounts & ((1 << 62) - 1)) << 3 == block.address
        }

        for (index, block) in blocks.enumerated() {
            if !isSideTable(block), let base = UnsafeRawPointer(bitPattern: block.address) {
                for word in 0..<(block.requestedSize / 8) {
                    let value = base.load(fromByteOffset: word * 8, as: UInt.self) & 0x0000_FFFF_FFFF_FFF8
                    if let target = blockIndex(startingAt: value), target != index { targets.append(Int32(target)) }
                }
            }
            starts.append(targets.count)
        }
        self.starts = starts
        self.targets = targets
    }

    /// What the objects at `addresses` keep alive: their own blocks plus every block reachable
    /// from them and from no other live block. Nil when none of them is a recorded block.
    public func retained(by addresses: [UInt]) -> (blocks: Int, bytes: Int)? {
        var isRoot = [Bool](repeating: false, count: blocks.count)
        var queue: [Int] = []
        for address in addresses {
            if let index = Self.index(of: address, in: blocks), !isRoot[index] {
                isRoot[index] = true
                queue.append(index)
            }
        }
        guard !queue.isEmpty else { return nil }
        let reached = reach(from: queue, marked: isRoot, avoiding: nil)
        // Everything held from outside the objects' reach, not passing through the objects.
        let outside = (0..<blocks.count).filter { !reached[$0] }
        let heldElsewhere = reach(from: outside, marked: reached.map { !$0 }, avoiding: isRoot)
        var count = 0, bytes = 0
        for index in blocks.indices where isRoot[index] || (reached[index] && !heldElsewhere[index]) {
            count += 1
            bytes += blocks[index].size
        }
        return (count, bytes)
    }

    /// Every block reachable from `sources` (already set in `marked`), not entering `avoiding`.
    private func reach(from sources: [Int], marked: [Bool], avoiding: [Bool]?) -> [Bool] {
        var marked = marked
        var stack = sources
        while let block = stack.popLast() {
            for edge in starts[block]..<starts[block + 1] {
                let target = Int(targets[edge])
                if marked[target] || avoiding?[target] == true { continue }
                marked[target] = true
                stack.append(target)
            }
        }
        return marked
    }

    private static func index(of address: UInt, in blocks: [Block]) -> Int? {
        var low = 0, high = blocks.count
        while low < high {
            let middle = (low + high) / 2
            if blocks[middle].address < address { low = middle + 1 } else { high = middle }
        }
        return low < blocks.count && blocks[low].address == address ? low : nil
    }
}
