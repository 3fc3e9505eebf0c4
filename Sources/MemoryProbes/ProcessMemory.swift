#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// The process's resident memory, read from `/proc/self` (Linux).
public struct ProcessMemory: Hashable, Sendable, CustomStringConvertible {
    /// Resident set size now, in bytes (`/proc/self/statm`, field 2, times the page size).
    public let residentBytes: Int
    /// The largest resident set size so far, in bytes (`VmHWM` in `/proc/self/status`).
    public let peakResidentBytes: Int

    /// Reads both figures now; nil where `/proc` is not available.
    public static func current() -> ProcessMemory? {
        guard let resident = residentBytes(), let peak = peakResidentBytes() else { return nil }
        return ProcessMemory(residentBytes: resident, peakResidentBytes: max(peak, resident))
    }

    /// Resident set size now, in bytes.
    public static func residentBytes() -> Int? {
        guard let statm = readProcFile("/proc/self/statm") else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Peak resident set size, in bytes.
    public static func peakResidentBytes() -> Int? {
        guard let status = readProcFile("/proc/self/status") else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            // "VmHWM:	  123456 kB"
            let number = line.dropFirst("VmHWM:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
            return number.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }

    /// Reads a `/proc` file whole: they report size 0, so read until end of file.
    private static func readProcFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { return nil }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public var description: String {
        "rss \(residentBytes / 1024) KiB, peak \(peakResidentBytes / 1024) KiB"
    }
}
