import Foundation
import MemoryProbes
import Testing

/// A thread bound to a new jemalloc arena of its own (`roost run --instructions` does this for
/// each virtual user's thread), whatever arena jemalloc had given it.
@Suite struct ThreadArenaTests {
    @Test func aThreadMovesToANewArenaOfItsOwn() throws {
        let arenas = try #require(Thread.runAndWait { () -> (UInt32?, Bool, UInt32?) in
            let before = ThreadArena.current
            let moved = ThreadArena.useNewArena()
            return (before, moved, ThreadArena.current)
        })
        let (before, moved, after) = arenas
        #expect(moved)
        let old = try #require(before), new = try #require(after)
        #expect(new != old)
        // Another thread's new arena is another arena again.
        let other = Thread.runAndWait { () -> UInt32? in
            ThreadArena.useNewArena()
            return ThreadArena.current
        }
        #expect(other != nil && other != new)
    }

    /// A thread's cache keeps blocks of the arena it had; moved to a fixed region, its next
    /// allocations must come from the region, not from those blocks (whose addresses depend on
    /// what the thread, and the arena jemalloc gave it, did before).
    @Test func aThreadMovedToAFixedRegionTakesNothingFromItsOldCache() throws {
        let moved = try #require(Thread.runAndWait { () -> (start: UInt, blocks: [UInt])? in
            // Freed small blocks wait in the thread's cache for the next allocations of their size
            // (3,000 bytes: a size class nothing else on the thread uses meanwhile).
            var old: [UnsafeMutableRawPointer] = []
            old.reserveCapacity(8)
            for _ in 0..<8 { if let block = malloc(3000) { old.append(block) } }
            for block in old { free(block) }
            guard let start = ThreadArena.useNewFixedRegionArena() else { return nil }
            var blocks: [UInt] = []
            blocks.reserveCapacity(8)
            for _ in 0..<8 { if let block = malloc(3000) { blocks.append(UInt(bitPattern: block)) } }
            for block in blocks { free(UnsafeMutableRawPointer(bitPattern: block)) }
            return (start, blocks)
        } ?? nil)
        #expect(moved.blocks.count == 8)
        #expect(moved.blocks.allSatisfy { $0 >= moved.start && $0 < moved.start + (1 << 30) })
    }

    /// Two threads on new fixed-region arenas, making the same allocations in the same order,
    /// get them on the same pages of their regions: what other threads' stacks and mappings
    /// exist does not move them (`roost run --instructions`).
    @Test func fixedRegionArenasPlaceTheSameAllocationsAtTheSameOffsets() throws {
        // Above jemalloc's thread cache (32 KiB): every one comes from the arena itself.
        let sizes = [40_000, 100_000, 65_536, 1 << 20, 3 << 20, 48_000]
        let play = { @Sendable () -> (start: UInt, pages: [Int], inside: Bool)? in
            // Allocated before the move: a small block would come from the thread's cache,
            // whose contents depend on what the thread allocated and freed before.
            var pages: [Int] = []
            var blocks: [UnsafeMutableRawPointer] = []
            pages.reserveCapacity(sizes.count + 1)
            blocks.reserveCapacity(sizes.count)
            guard let start = ThreadArena.useNewFixedRegionArena() else { return nil }
            var inside = true
            // jemalloc starts a large block at a random cache line of its first page, drawn from
            // a generator seeded with the address of the thread's own state (fixed only for
            // threads with a fixed stack, FixedStackThread): the page is what must repeat.
            let page = { (block: UnsafeMutableRawPointer) in (Int(UInt(bitPattern: block)) - Int(start)) >> 12 }
            for size in sizes {
                guard let block = malloc(size) else { return nil }
                memset(block, 0x5a, size)
                let address = UInt(bitPattern: block)
                inside = inside && address >= start && address + UInt(size) <= start + (1 << 30)
                pages.append(page(block))
                blocks.append(block)
            }
            free(blocks[1])  // a freed block is reused by the next allocation that fits
            if let again = malloc(90_000) {
                pages.append(page(again))
                free(again)
            }
            for (index, block) in blocks.enumerated() where index != 1 { free(block) }
            return (start, pages, inside)
        }
        // A first play makes the process's first uses (runtime metadata, whose pages the
        // thread then allocates in its arena); the two after it must match.
        _ = try #require(Thread.runAndWait(play) ?? nil)
        let first = try #require(Thread.runAndWait(play) ?? nil)
        // Made after two regions and other threads' stacks were mapped: the same pages all the same.
        let second = try #require(Thread.runAndWait(play) ?? nil)
        #expect(first.start != second.start)
        #expect(first.inside && second.inside)
        #expect(first.pages == second.pages)
        #expect(first.pages.count == sizes.count + 1)
        // The freed 100,000-byte block's pages are reused by the 90,000-byte one.
        #expect(first.pages.last == first.pages[1])
    }
}

private extension Thread {
    /// Runs `body` on a new thread and returns its result.
    static func runAndWait<T>(_ body: @escaping @Sendable () -> T) -> T? {
        nonisolated(unsafe) var result: T?
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            result = body()
            done.signal()
        }
        thread.start()
        done.wait()
        return result
    }
}
