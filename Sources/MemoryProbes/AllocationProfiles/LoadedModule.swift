import CJemalloc
import Foundation

/// A module loaded in this process (the executable or a shared library) as the allocation
/// profiler's unwinder sees it: where its code is, and whether its functions keep frame
/// pointers (walked by them) or not (walked through their DWARF call-frame information).
public struct LoadedModule: Sendable, Hashable {
    /// The file it was loaded from (the executable's resolved through /proc/self/exe).
    public let path: String
    /// The file's name, e.g. `libsqlite3.so.0`: what a frame without a symbol is shown with.
    public let name: String
    /// Load bias: an address minus `base` is the module-relative address (the ELF virtual address).
    public let base: UInt
    public let textStart: UInt
    public let textEnd: UInt
    /// Whether most of its functions define their frame through rbp (judged from its FDEs).
    public let hasFramePointers: Bool
    /// FDEs examined for that judgement, and how many of them use rbp as the frame base.
    public let fdesChecked: Int
    public let fdesWithFramePointer: Int

    /// Whether `address` lies in its code.
    public func contains(_ address: UInt) -> Bool { address >= textStart && address < textEnd }

    /// Every loaded module, sorted by address (the table is rebuilt when libraries were
    /// loaded or unloaded since it was last built).
    public static func all() -> [LoadedModule] {
        roost_profile_refresh_modules()
        return (0..<roost_profile_module_count()).compactMap { index in
            var module = roost_profile_module()
            guard roost_profile_module_info(index, &module) == 0 else { return nil }
            let loaderName = module.path.map { String(cString: $0) } ?? ""
            let path = loaderName.isEmpty ? executablePath : loaderName
            return LoadedModule(
                path: path, name: (path as NSString).lastPathComponent, base: UInt(module.base),
                textStart: UInt(module.text_start), textEnd: UInt(module.text_end),
                hasFramePointers: module.has_frame_pointers != 0, fdesChecked: Int(module.fdes_checked),
                fdesWithFramePointer: Int(module.fdes_with_frame_pointer))
        }
    }

    /// The main executable's path (what the loader names "").
    static let executablePath: String =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "/proc/self/exe"
}
