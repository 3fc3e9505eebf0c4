import CMemoryFiles
import Foundation
import GRDBSQLite
import Testing
@testable import SocialStack

/// Roost runs the system's SQLite, unpatched (docs/sqlite.md): every WAL frame carries SQLite's
/// chained checksum, in the process's heap (the `roost-memory` VFS) as on disk, and a copy of a
/// heap database and its WAL opened afresh is recovered from those frames.
@Suite struct WALChecksumTests {
    /// A frame's two checksum words.
    private struct Checksum: Equatable {
        var first: UInt32, second: UInt32
        static let zero = Checksum(first: 0, second: 0)
    }

    /// A WAL's header and frames: the salts every frame of the current generation repeats,
    /// and each such frame's header and page.
    private struct WAL {
        let bytes: [UInt8]
        var pageSize: Int { Int(word(at: 8)) }
        /// Checksums in big-endian words (magic 0x377f0683) or little-endian (0x377f0682).
        var bigEndianChecksums: Bool { word(at: 0) & 1 == 1 }
        var frameCount: Int { (bytes.count - 32) / (24 + pageSize) }

        init(_ bytes: [UInt8]) throws {
            self.bytes = bytes
            #expect(bytes.count >= 32)
            #expect(word(at: 0) & ~1 == 0x377f_0682, "not a WAL header")
        }

        func word(at offset: Int) -> UInt32 {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }

        func frameOffset(_ index: Int) -> Int { 32 + index * (24 + pageSize) }

        /// The frames whose salts are the header's (the frames of the WAL's current generation).
        var currentFrames: [Int] {
            (0..<frameCount).prefix { index in
                let frame = frameOffset(index)
                return word(at: frame + 8) == word(at: 16) && word(at: frame + 12) == word(at: 20)
            }
        }

        /// SQLite's WAL checksum (walChecksumBytes) of `range`, continuing from `sums`.
        func checksum(_ range: Range<Int>, from sums: Checksum) -> Checksum {
            var (s1, s2) = (sums.first, sums.second)
            var offset = range.lowerBound
            while offset < range.upperBound {
                let x1 = bigEndianChecksums ? word(at: offset) : word(at: offset).byteSwapped
                let x2 = bigEndianChecksums ? word(at: offset + 4) : word(at: offset + 4).byteSwapped
                s1 = s1 &+ x1 &+ s2
                s2 = s2 &+ x2 &+ s1
                offset += 8
            }
            return Checksum(first: s1, second: s2)
        }

        /// Each current frame's stored checksum and the one computed over the header's
        /// checksum, every frame before it, its first 8 header bytes and its page.
        var storedAndComputedChecksums: [(stored: Checksum, computed: Checksum)] {
            var sums = Checksum(first: word(at: 24), second: word(at: 28))
            return currentFrames.map { index in
                let frame = frameOffset(index)
                sums = checksum(frame..<frame + 8, from: sums)
                sums = checksum(frame + 24..<frame + 24 + pageSize, from: sums)
                return (Checksum(first: word(at: frame + 16), second: word(at: frame + 20)), sums)
            }
        }
    }

    /// A stack with writes that stay in its WAL (fewer pages than a checkpoint's 1,000).
    private func stackWithWrites(storage: SocialStack.Configuration.Storage) throws -> SocialStack {
        let stack = try makeStack(storage: storage)
        let users = try (0..<3).map { try signUp(stack, "user\($0)") }
        _ = try stack.follows.follow(users[1], as: stack.session(of: users[0]))
        for round in 0..<10 { _ = try stack.posts.compose(.post("post \(round)"), as: stack.session(of: users[1])) }
        return stack
    }

    /// The bytes of the memory file `name`, read through the `roost-memory` VFS.
    private func memoryFileBytes(_ name: String) throws -> [UInt8] {
        let vfs = try #require(sqlite3_vfs_find(roost_memory_vfs_name))
        let file = UnsafeMutableRawPointer.allocate(byteCount: Int(vfs.pointee.szOsFile), alignment: 16)
            .assumingMemoryBound(to: sqlite3_file.self)
        defer { file.deallocate() }
        var flags: Int32 = 0
        #expect(vfs.pointee.xOpen(vfs, name, file, SQLITE_OPEN_READONLY | SQLITE_OPEN_WAL, &flags) == SQLITE_OK)
        defer { _ = file.pointee.pMethods.pointee.xClose(file) }
        var size: sqlite3_int64 = 0
        #expect(file.pointee.pMethods.pointee.xFileSize(file, &size) == SQLITE_OK)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        let code = bytes.withUnsafeMutableBytes { file.pointee.pMethods.pointee.xRead(file, $0.baseAddress, Int32(size), 0) }
        #expect(code == SQLITE_OK)
        return bytes
    }

    @Test func aMemoryStacksWALFramesCarryTheirChecksums() throws {
        let stack = try stackWithWrites(storage: .memory)
        defer { stack.close() }
        let memory = try #require(stack.memory)
        let wal = try WAL(memoryFileBytes(memory.name + "-wal"))
        #expect(wal.currentFrames.count >= 10, "the writes left \(wal.currentFrames.count) frames")
        for frame in wal.storedAndComputedChecksums {
            #expect(frame.stored == frame.computed)
            #expect(frame.stored != .zero)
        }
    }

    /// A copy of a memory stack's database and WAL, opened afresh, recovers the WAL (its
    /// index is rebuilt from the frames, each checked against its checksum).
    @Test func aMemoryWALIsRecovered() throws {
        let stack = try stackWithWrites(storage: .memory)
        defer { stack.close() }
        let memory = try #require(stack.memory)
        let database = try memoryFileBytes(memory.name)
        let wal = try memoryFileBytes(memory.name + "-wal")
        #expect(try WAL(wal).currentFrames.count >= 10)
        let copy = try MemoryDatabase(prefix: "/roost-wal-recovery-")
        defer { copy.remove() }
        #expect(roost_memory_file_create(copy.name, database, Int64(database.count)) == SQLITE_OK)
        #expect(roost_memory_file_create(copy.name + "-wal", wal, Int64(wal.count)) == SQLITE_OK)
        var connection: OpaquePointer?
        #expect(sqlite3_open_v2(copy.path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI, nil) == SQLITE_OK)
        defer { sqlite3_close(connection) }
        var statement: OpaquePointer?
        #expect(sqlite3_prepare_v2(connection, "SELECT count(*) FROM posts", -1, &statement, nil) == SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        #expect(sqlite3_step(statement) == SQLITE_ROW)
        #expect(sqlite3_column_int(statement, 0) == 10)
    }

    @Test func aFileStacksWALFramesKeepTheirChecksums() throws {
        let stack = try stackWithWrites(storage: .temporaryFile)
        defer { stack.close() }
        let folder = try #require(stack.folder)
        let walPath = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            .first { $0.hasSuffix("-wal") })
        let wal = try WAL([UInt8](Data(contentsOf: folder.url.appendingPathComponent(walPath))))
        #expect(wal.currentFrames.count >= 10, "the writes left \(wal.currentFrames.count) frames")
        for frame in wal.storedAndComputedChecksums {
            #expect(frame.stored == frame.computed)
            #expect(frame.stored != .zero)
        }
    }
}
