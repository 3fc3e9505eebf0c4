import Synchronization

/// Names the return addresses of recorded stacks: the module that holds each one, its
/// module-relative address, and its function from the module's ELF symbols (the
/// executable's `.symtab`; a shared library's `.dynsym` when stripped), demangled and
/// simplified. Lookup failures keep the module and offset. Symbol tables are read once per
/// process and shared; each symbolizer caches the frames it has named.
public final class StackSymbolizer {
    public let modules: [LoadedModule]
    private var cache: [UInt: SymbolizedFrame] = [:]

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

    /// The frames at `addresses`, in the same order.
    public func frames(_ addresses: [UInt]) -> [SymbolizedFrame] { addresses.map(frame(at:)) }

    private func module(containing address: UInt) -> LoadedModule? {
        var low = 0, high = modules.count
        while low < high {
            let middle = (low + high) / 2
            if modules[middle].textStart <= address { low = middle + 1 } else { high = middle }
        }
        guard low > 0, modules[low - 1].contains(address) else { return nil }
        return modules[low - 1]
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
