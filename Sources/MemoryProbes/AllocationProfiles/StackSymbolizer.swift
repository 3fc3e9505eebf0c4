import Synchronization

/// Names the return addresses of recorded stacks: the module that holds each one, its
/// module-relative address, and its function from the module's ELF symbols (the
/// executable's `.symtab`; a shared library's `.dynsym` when stripped), demangled and
/// simplified, with the functions the compiler inlined there (from the module's DWARF, when
/// it has any) as frames of their own. Lookup failures keep the module and offset. Symbol
/// tables are read once per process and shared; each symbolizer caches the frames it has named.
public final class StackSymbolizer {
    public let modules: [LoadedModule]
    private var cache: [UInt: SymbolizedFrame] = [:]
    private var inlinedCache: [UInt: [SymbolizedFrame]] = [:]

    /// A symbolizer over the modules loaded now.
    public init(modules: [LoadedModule] = LoadedModule.all()) {
        self.modules = modules
    }

    /// The frame at return address `address`.
    public func frame(at address: UInt) -> SymbolizedFrame {
        if let known = cache[address] { return known }
        let frame: SymbolizedFrame
        if let module = module(containing: address) {
            let offset = address - module.base
            // A return address points after the call: look up the call's own byte.
            let raw = Self.symbols(of: module.path)?.name(containing: offset - 1)
            frame = SymbolizedFrame(module: module.name, offset: offset, symbol: raw.map(SymbolName.readable))
        } else {
            frame = SymbolizedFrame(module: "?", offset: address, symbol: nil)
        }
        cache[address] = frame
        return frame
    }

    /// The frames at return address `address`, innermost first: the functions inlined at
    /// the call (a release build's `ProfileHeader.init` inside `ProfileController.load()`),
    /// then the function the symbol table names (`frame(at:)`).
    public func frames(at address: UInt) -> [SymbolizedFrame] {
        let physical = frame(at: address)
        if let known = inlinedCache[address] { return known + [physical] }
        var inlined: [SymbolizedFrame] = []
        if let module = module(containing: address), let table = Self.inlineTable(of: module.path) {
            let offset = address - module.base
            for name in table.inlined(at: offset - 1) {
                let frame = SymbolizedFrame(module: module.name, offset: offset, symbol: SymbolName.readable(name))
                // A specialisation inlined into its own unspecialised body reads the same: once.
                if inlined.last?.name != frame.name { inlined.append(frame) }
            }
            if inlined.last?.name == physical.name { inlined.removeLast() }
        }
        inlinedCache[address] = inlined
        return inlined + [physical]
    }

    /// The frames at `addresses` (leaf first), in the same order, each return address
    /// followed by nothing or preceded by the functions inlined at it (`frames(at:)`).
    public func frames(_ addresses: [UInt]) -> [SymbolizedFrame] { addresses.flatMap(frames(at:)) }

    private func module(containing address: UInt) -> LoadedModule? {
        var low = 0, high = modules.count
        while low < high {
            let middle = (low + high) / 2
            if modules[middle].textStart <= address { low = middle + 1 } else { high = middle }
        }
        guard low > 0, modules[low - 1].contains(address) else { return nil }
        return modules[low - 1]
    }

    /// DWARF inline tables by file path, opened once per process (nil: no debug information).
    private static let inlineTables = Mutex<[String: InlineFrameTable?]>([:])

    private static func inlineTable(of path: String) -> InlineFrameTable? {
        inlineTables.withLock { tables in
            if let known = tables[path] { return known }
            let table = InlineFrameTable(path: path)
            tables[path] = .some(table)
            return table
        }
    }

    /// Symbol tables by file path, loaded once per process (nil: none readable).
    private static let tables = Mutex<[String: ELFSymbolTable?]>([:])

    private static func symbols(of path: String) -> ELFSymbolTable? {
        if let known = tables.withLock({ $0[path] }) { return known }
        let table = ELFSymbolTable(path: path)  // read outside the lock: a large executable takes a while
        return tables.withLock { tables in
            if let known = tables[path] { return known }
            tables[path] = .some(table)
            return table
        }
    }
}
