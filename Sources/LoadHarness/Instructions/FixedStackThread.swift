import CCallgrind
import Foundation

/// A virtual user's thread. Under `roost run --instructions` its stack is at an address fixed
/// in advance (`roost_fixed_stack_thread_start`: the Nth thread started gets the same stack in
/// every run), and so its thread-local state is: jemalloc seeds the generator that offsets each
/// large block by a random cache line from that state's address, and with stacks wherever mmap
/// put them (after whichever libdispatch workers' stacks existed) a virtual user's large blocks,
/// the Swift runtime's metadata pages among them, began at other offsets from run to run
/// (docs/cpu-cost.md). Otherwise it is a plain Foundation thread.
enum FixedStackThread {
    /// The body and the closure's context, handed through C.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// The default stack of a thread (glibc's and Foundation's): 8 MiB.
    static let defaultStackSize = 8 << 20

    /// Starts `body` on a new thread with a stack of `stackSize` bytes; when `fixed` (by
    /// default: when counting), at an address fixed in advance (a Foundation thread when no
    /// fixed stack is left).
    static func start(stackSize: Int = defaultStackSize, fixed: Bool = InstructionCounter.isActive,
                      _ body: @escaping @Sendable () -> Void) {
        if fixed {
            let context = Unmanaged.passRetained(Body(body)).toOpaque()
            let started = roost_fixed_stack_thread_start(UInt(stackSize), { context in
                Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
            }, context)
            if started == 0 { return }
            Unmanaged<Body>.fromOpaque(context).release()
        }
        let thread = Thread(block: body)
        thread.stackSize = stackSize
        thread.start()
    }
}
