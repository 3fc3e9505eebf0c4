/// One frame of a recorded stack, named: its module, its module-relative address (the same
/// in every run of the same build, whatever the address-space layout), and its function.
public struct SymbolizedFrame: Sendable, Hashable {
    /// The module's file name, e.g. `libsqlite3.so.0` (`?` when no module holds the address).
    public let module: String
    /// The return address relative to the module's load address.
    public let offset: UInt
    /// The function, demangled and simplified; nil when the module has no symbol for it.
    public let symbol: String?
    /// Whether the frame belongs to the allocator or a language runtime (the Swift runtime
    /// and standard library, libc, libstdc++, compiler thunks, a class's allocating
    /// initialiser, a C library's allocation wrapper): never an allocation's site.
    public let isAllocatorOrRuntime: Bool

    /// The function's name, or `module+0xoffset` when lookup failed.
    public var name: String { symbol ?? "\(module)+0x\(String(offset, radix: 16))" }

    /// A frame; `isAllocatorOrRuntime` is judged from the module and the name.
    public init(module: String, offset: UInt, symbol: String?) {
        self.module = module
        self.offset = offset
        self.symbol = symbol
        isAllocatorOrRuntime = Self.isAllocatorOrRuntime(module: module, symbol: symbol)
    }

    /// The index of the allocation's site in `frames` (leaf first): the first frame outside
    /// the allocator and the runtimes; nil when every frame is theirs. A library's internal
    /// functions without symbols (Debian's libsqlite3 exports little more than its API) are
    /// represented by the first named function of the same library above them
    /// (`sqlite3_step`), unless that is an allocation wrapper too.
    public static func siteIndex(in frames: [SymbolizedFrame]) -> Int? {
        var index = 0
        while index < frames.count {
            let frame = frames[index]
            if frame.isAllocatorOrRuntime {
                index += 1
                continue
            }
            guard frame.symbol == nil else { return index }
            var last = index
            while last + 1 < frames.count, frames[last + 1].module == frame.module, frames[last + 1].symbol == nil {
                last += 1
            }
            guard last + 1 < frames.count, frames[last + 1].module == frame.module else { return index }
            index = last + 1  // the library's named function: examined like any frame
        }
        return nil
    }

    private static let runtimeModules: Set<String> = [
        "libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "libjemalloc.so.2", "ld-linux-x86-64.so.2",
    ]
    private static let runtimeNamePrefixes = [
        "swift_", "_swift", "__swift", "swift::", "Swift.", "malloc", "calloc", "realloc", "posix_memalign",
        "aligned_alloc", "operator new", "reabstraction thunk", "thunk", "outlined ", "value witness",
        "type metadata", "__libc_", "strdup", "strndup",
    ]

    private static func isAllocatorOrRuntime(module: String, symbol: String?) -> Bool {
        if module.hasPrefix("libswift") || runtimeModules.contains(module) { return true }
        guard let symbol else { return false }
        var name = Substring(symbol)
        if name.hasPrefix("static ") { name = name.dropFirst("static ".count) }
        // A closure is the runtime's when its context is.
        while name.hasPrefix("closure #") || name.hasPrefix("implicit closure #"), let range = name.range(of: " in ") {
            name = name[range.upperBound...]
        }
        // A C function with "alloc" in its name wraps the allocator (sqlite3Malloc,
        // CCryptoBoringSSL_OPENSSL_malloc, __CFSafelyReallocate).
        if !name.contains("."), !name.contains(" "), name.lowercased().contains("alloc") { return true }
        // A class's allocating initialiser only calls swift_allocObject and init: the
        // allocation belongs to whoever wrote `Type(...)` (release builds inline it there).
        if name.contains(".__allocating_init(") { return true }
        return runtimeNamePrefixes.contains { name.hasPrefix($0) }
    }
}
