import CInlineFrames
import Synchronization

/// One module's DWARF, for the functions a compiler inlined at a code address (libdw):
/// release builds inline small functions and initialisers into their callers, and the
/// symbol table names only the caller. nil for a module without debug information.
/// libdw is not safe to use from several threads at once: lookups take the lock.
final class InlineFrameTable: @unchecked Sendable {
    private let frames: OpaquePointer
    private let lock = Mutex(())

    /// The table of the ELF file at `path`; nil when it carries no DWARF.
    init?(path: String) {
        guard let opened = roost_inline_frames_open(path) else { return nil }
        frames = opened
    }

    deinit {
        roost_inline_frames_close(frames)
    }

    /// The raw (mangled, where they have one) names of the functions inlined at `offset`, a
    /// module-relative code address, innermost first; empty when nothing was inlined there.
    func inlined(at offset: UInt) -> [String] {
        final class Names { var names: [String] = [] }
        let collected = Names()
        lock.withLock { _ in
            _ = roost_inline_frames_lookup(frames, UInt64(offset), { name, context in
                guard let name, let context else { return }
                Unmanaged<Names>.fromOpaque(context).takeUnretainedValue().names.append(String(cString: name))
            }, Unmanaged.passUnretained(collected).toOpaque())
        }
        return collected.names
    }
}
