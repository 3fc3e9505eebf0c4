import Foundation

/// Which build of roost made a run: the GNU build ID the linker stamps into the executable
/// (an ELF note, `readelf -n`), the same for every copy of one build (the stripped copy
/// `roost run --instructions` plays keeps it) and different for any other build. `roost merge`
/// refuses shards of different builds by it.
enum BuildIdentity {
    /// This process's executable's build ID in hex; nil when it has none or cannot be read.
    static let current: String? = read(path: "/proc/self/exe")

    /// The build ID of the ELF file at `path` (64-bit, little-endian); nil when it has none.
    static func read(path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
            guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.read(upToCount: count), data.count == count
            else { return nil }
            return [UInt8](data)
        }
        func integer(_ bytes: [UInt8], _ at: Int, _ size: Int) -> UInt64 {
            (0..<size).reduce(UInt64(0)) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
        }
        // ELF64, little-endian: e_phoff at 32, e_phentsize at 54, e_phnum at 56.
        guard let header = bytes(at: 0, count: 64), header[0...3] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2, header[5] == 1
        else { return nil }
        let programHeaders = integer(header, 32, 8), entrySize = Int(integer(header, 54, 2)), entries = Int(integer(header, 56, 2))
        for index in 0..<entries {
            guard let entry = bytes(at: programHeaders + UInt64(index * entrySize), count: 56) else { return nil }
            // PT_NOTE = 4: p_offset at 8, p_filesz at 32.
            guard integer(entry, 0, 4) == 4 else { continue }
            let size = Int(integer(entry, 32, 8))
            guard size > 0, size < 1 << 16, let notes = bytes(at: integer(entry, 8, 8), count: size) else { continue }
            var at = 0
            while at + 12 <= notes.count {
                let nameSize = Int(integer(notes, at, 4)), descriptionSize = Int(integer(notes, at + 4, 4))
                let type = integer(notes, at + 8, 4)
                let name = at + 12, description = name + (nameSize + 3) / 4 * 4
                guard description + descriptionSize <= notes.count else { break }
                // NT_GNU_BUILD_ID = 3, owner "GNU\0".
                if type == 3, nameSize == 4, notes[name..<name + 4] == [0x47, 0x4E, 0x55, 0] {
                    return notes[description..<description + descriptionSize].map { String(format: "%02x", $0) }.joined()
                }
                at = description + (descriptionSize + 3) / 4 * 4
            }
        }
        return nil
    }
}
