#if canImport(Glibc)
import Glibc
#endif

/// A class whose instances the profile tests count.
final class ProfiledWidget {
    var first = 0
    var second = 1
}

/// Makes `count` widgets into `storage` (allocated beforehand): exactly `count` allocations,
/// all of them widgets, all of them this function's.
@inline(never)
func makeProfiledWidgets(_ count: Int, into storage: UnsafeMutableBufferPointer<ProfiledWidget?>) {
    for index in 0..<count { storage[index] = ProfiledWidget() }
}

/// Three calls deep, then 16 allocations: a stack whose frames the tests know.
@inline(never)
func profiledOuter(_ keep: inout [UnsafeMutableRawPointer]) { profiledMiddle(&keep) }

@inline(never)
func profiledMiddle(_ keep: inout [UnsafeMutableRawPointer]) { profiledInner(&keep) }

@inline(never)
func profiledInner(_ keep: inout [UnsafeMutableRawPointer]) {
    for _ in 0..<16 { keep.append(malloc(48)!) }
}

/// Swift objects, arrays, strings and every C allocation call, some kept and some freed.
@inline(never)
func mixedAllocationWorkload(round: Int) -> [AnyObject] {
    var kept: [AnyObject] = []
    for index in 0..<64 {
        kept.append(ProfiledWidget())
        let text = "item \(index) of round \(round) " + String(repeating: "x", count: index)
        kept.append(text as AnyObject)
        kept.append([Int](repeating: index, count: index * 3) as AnyObject)
    }
    var blocks: [UnsafeMutableRawPointer] = []
    for size in [16, 100, 1_000, 20_000, 300_000] {
        if let block = malloc(size) { blocks.append(block) }
        if let block = calloc(3, size) { blocks.append(block) }
        var aligned: UnsafeMutableRawPointer?
        if posix_memalign(&aligned, 64, size) == 0, let aligned { blocks.append(aligned) }
    }
    for index in blocks.indices where index % 2 == 0 { blocks[index] = realloc(blocks[index], 4_096) ?? blocks[index] }
    for block in blocks.dropFirst(4) { free(block) }
    for block in blocks.prefix(4) { kept.append(ReleasedOnDeinit(block)) }
    return kept
}

/// Frees its block when it dies.
final class ReleasedOnDeinit {
    let block: UnsafeMutableRawPointer
    init(_ block: UnsafeMutableRawPointer) { self.block = block }
    deinit { free(block) }
}

/// A payload with a malloc'd buffer, for retained-memory tests.
final class ProfiledPayload {
    let buffer: UnsafeMutableRawPointer
    init(bytes: Int) {
        buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        buffer.initializeMemory(as: UInt8.self, repeating: 7, count: bytes)
    }
    deinit { buffer.deallocate() }
}

/// Holds payloads strongly, and maybe one weakly.
final class ProfiledHolder {
    var items: [ProfiledPayload] = []
    weak var watched: ProfiledPayload?
}

/// Mallocs `count` blocks of `size` bytes into `storage` (allocated beforehand): exactly
/// `count` allocations.
@inline(never)
func mallocBlocks(_ count: Int, size: Int, into storage: UnsafeMutableBufferPointer<UInt>) {
    for index in 0..<count { storage[index] = UInt(bitPattern: malloc(size)) }
}
