import Foundation
@testable import LoadHarness
import Testing

/// Under `roost run --instructions` a virtual user's thread runs on a stack at an address fixed
/// in advance, and so does its thread-local state (jemalloc seeds its large blocks' random
/// offsets from that state's address).
@Suite struct FixedStackThreadTests {
    /// Where the fixed stacks are (FixedStackThread.c): 4 GiB from 28 GiB up.
    static let area: Range<UInt> = 0x7_0000_0000..<0x8_0000_0000

    /// The addresses of a local variable and of the thread's `errno` (thread-local) on a thread
    /// started with `fixed`.
    static func addresses(fixed: Bool) -> (stack: UInt, threadLocal: UInt) {
        nonisolated(unsafe) var seen: (UInt, UInt) = (0, 0)
        let done = DispatchSemaphore(value: 0)
        FixedStackThread.start(stackSize: 1 << 20, fixed: fixed) {
            var local = 0
            withUnsafeMutablePointer(to: &local) { seen = (UInt(bitPattern: $0), UInt(bitPattern: __errno_location())) }
            done.signal()
        }
        done.wait()
        return seen
    }

    @Test func aFixedThreadsStackAndThreadLocalStateAreInTheFixedArea() {
        let first = Self.addresses(fixed: true), second = Self.addresses(fixed: true)
        #expect(Self.area.contains(first.stack) && Self.area.contains(first.threadLocal))
        #expect(Self.area.contains(second.stack) && Self.area.contains(second.threadLocal))
        // Each thread its own stack: the next one above the last (1 MiB and a guard page on).
        #expect(second.stack > first.stack + (1 << 20))
        #expect(second.threadLocal - first.threadLocal == (1 << 20) + 4096)
    }

    @Test func outsideCountingAThreadIsAPlainOne() {
        let plain = Self.addresses(fixed: false)
        #expect(!Self.area.contains(plain.stack))
        #expect(plain.stack != 0)
    }
}
