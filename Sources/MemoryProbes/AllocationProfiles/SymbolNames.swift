/// Readable names of mangled symbols, for other modules (callgrind's profiles name functions
/// by their symbol): Swift and C++ names demangled and simplified as allocation profiles show them.
public enum SymbolNames {
    /// `Screens.ProfileHeader.init(user:...)` for its mangled symbol; a plain C name as it is.
    public static func readable(_ symbol: String) -> String { SymbolName.readable(symbol) }
}
