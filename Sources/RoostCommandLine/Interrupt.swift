import Foundation
import LoadHarness

/// Ctrl-C while a command plays (`roost run`, `capacity`, `paired`): the command winds down and
/// still writes what it measured. Ctrl-C again does the same, never more (no half-written files).
/// The signal handler only writes a byte to a pipe (about all a handler may safely do); a
/// thread of its own reads the pipe and calls `handler`, so no dispatch queue's threads stand
/// between Ctrl-C and the stop. Without a pipe, Ctrl-C keeps its default (the process ends).
final class Interrupt: Sendable {
    /// The pipe's write end, for the signal handler (which can capture nothing).
    nonisolated(unsafe) private static var signalPipe: Int32 = -1
    private let pipe: (read: Int32, write: Int32)?

    /// Sets `stop` on Ctrl-C.
    convenience init(stop: StopFlag) {
        self.init { stop.set() }
    }

    /// Calls `handler` on Ctrl-C, on a thread of its own. One at a time in a process: the
    /// signal handler writes to the newest one's pipe.
    init(_ handler: @escaping @Sendable () -> Void) {
        var ends: [Int32] = [-1, -1]
        guard ends.withUnsafeMutableBufferPointer({ Glibc.pipe($0.baseAddress!) }) == 0 else {
            pipe = nil
            return
        }
        pipe = (ends[0], ends[1])
        Self.signalPipe = ends[1]
        let readEnd = ends[0]
        // A process started with SIGINT blocked (as a test runner's children are) would never
        // run the handler: unblock it on this thread, whose mask the reading thread inherits.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
        let thread = Thread {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) == 1 { handler() }
            close(readEnd)
        }
        thread.name = "roost: Ctrl-C"
        thread.start()
        signal(SIGINT) { _ in
            var byte: UInt8 = 1
            _ = write(Interrupt.signalPipe, &byte, 1)
        }
    }

    deinit {
        guard let pipe else { return }
        signal(SIGINT, SIG_DFL)
        close(pipe.write)  // the reading thread sees the end of the pipe and returns
    }
}
