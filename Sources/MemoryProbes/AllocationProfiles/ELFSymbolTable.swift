#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The function symbols of an ELF file (its `.symtab`, or `.dynsym` when stripped: what
/// `dladdr` sees), read from a read-only mapping of the file, for naming return addresses
/// by their module-relative address.
final class ELFSymbolTable: @unchecked Sendable {
    private struct Symbol {
        let start: UInt
        let end: UInt
        let name: UInt32
    }

    private let mapping: UnsafeRawPointer
    private let length: Int
    private let strings: UnsafeRawPointer
    private let stringsSize: Int
    /// Sorted by start.
    private let symbols: [Symbol]

    /// The table of the file at `path`; nil when it is not a 64-bit little-endian ELF file
    /// with a symbol table.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size >= 64 else { return nil }
        let length = Int(status.st_size)
        guard let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            return nil
        }
        let file = UnsafeRawPointer(mapped)
        func release() { munmap(mapped, length) }
        func load<T: FixedWidthInteger>(_ offset: Int, as: T.Type) -> T? {
            guard offset >= 0, offset + MemoryLayout<T>.size <= length else { return nil }
            return T(littleEndian: file.loadUnaligned(fromByteOffset: offset, as: T.self))
        }
        // ELF64, little endian.
        guard file.load(as: UInt32.self) == 0x464C_457F, file.load(fromByteOffset: 4, as: UInt8.self) == 2,
              file.load(fromByteOffset: 5, as: UInt8.self) == 1,
              let sectionOffset = load(40, as: UInt64.self), let entrySize = load(58, as: UInt16.self),
              let sectionCount = load(60, as: UInt16.self), entrySize == 64
        else { release(); return nil }

        struct Section { let type: UInt32; let offset: Int; let size: Int; let link: Int; let entrySize: Int }
        var sections: [Section] = []
        for index in 0..<Int(sectionCount) {
            let header = Int(sectionOffset) + index * 64
            guard let type = load(header + 4, as: UInt32.self), let offset = load(header + 24, as: UInt64.self),
                  let size = load(header + 32, as: UInt64.self), let link = load(header + 40, as: UInt32.self),
                  let entry = load(header + 56, as: UInt64.self)
            else { release(); return nil }
            sections.append(Section(type: type, offset: Int(offset), size: Int(size), link: Int(link), entrySize: Int(entry)))
        }
        // SHT_SYMTAB (2) when the file keeps it, else SHT_DYNSYM (11).
        guard let table = sections.first(where: { $0.type == 2 }) ?? sections.first(where: { $0.type == 11 }),
              table.entrySize == 24, table.link < sections.count,
              table.offset + table.size <= length
        else { release(); return nil }
        let stringTable = sections[table.link]
        guard stringTable.offset + stringTable.size <= length else { release(); return nil }

        var symbols: [Symbol] = []
        symbols.reserveCapacity(table.size / 24)
        for index in 0..<(table.size / 24) {
            let entry = table.offset + index * 24
            let info = file.load(fromByteOffset: entry + 4, as: UInt8.self)
            let kind = info & 0xf  // STT_FUNC 2, STT_GNU_IFUNC 10
            guard kind == 2 || kind == 10, let name = load(entry, as: UInt32.self),
                  let value = load(entry + 8, as: UInt64.self), let size = load(entry + 16, as: UInt64.self),
                  value != 0, size != 0, Int(name) < stringTable.size
            else { continue }
            symbols.append(Symbol(start: UInt(value), end: UInt(value + size), name: name))
        }
        symbols.sort { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end }
        self.mapping = file
        self.length = length
        strings = file + stringTable.offset
        stringsSize = stringTable.size
        self.symbols = symbols
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: mapping), length) }

    /// The raw (mangled) name of the function containing `address` (an ELF virtual address).
    func name(containing address: UInt) -> String? {
        var low = 0, high = symbols.count
        while low < high {
            let middle = (low + high) / 2
            if symbols[middle].start <= address { low = middle + 1 } else { high = middle }
        }
        // `low - 1` starts at or below the address; a few earlier ones may enclose it too.
        var index = low - 1
        while index >= 0, index >= low - 8 {
            let symbol = symbols[index]
            if address < symbol.end {
                let name = strings + Int(symbol.name)
                let limit = stringsSize - Int(symbol.name)
                let count = strnlen(name.assumingMemoryBound(to: CChar.self), limit)
                return String(decoding: UnsafeRawBufferPointer(start: name, count: count), as: UTF8.self)
            }
            index -= 1
        }
        return nil
    }
}
