import Testing
import MemoryProbes

@Suite struct ProcessMemoryTests {
    @Test func residentMemoryGrowsWhenPagesAreTouched() throws {
        let before = try #require(ProcessMemory.current())
        #expect(before.residentBytes > 0)
        #expect(before.peakResidentBytes >= before.residentBytes)
        let size = 64 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 4096)
        defer { buffer.deallocate() }
        // Touch one byte per page so the kernel backs every page.
        for offset in stride(from: 0, to: size, by: 4096) { buffer[offset] = 1 }
        let after = try #require(ProcessMemory.current())
        #expect(after.peakResidentBytes >= before.residentBytes + size / 2)
        #expect(after.residentBytes >= before.residentBytes + size / 2)
    }
}
