import Foundation
import Histogram

/// HdrHistogram's compressed "V2" encoding of one histogram, the payload of an interval log
/// line: what HdrHistogram's own tools (HistogramLogProcessor, HistogramLogAnalyzer, the
/// Java, C, Go, Python and JavaScript ports) decode. hdrhistogram-swift has no encoder, so
/// this is one, after the Java reference (`AbstractHistogram.encodeIntoCompressedByteBuffer`).
///
/// What it keeps are the counts per bucket (3 significant digits): a decoded histogram's
/// percentiles equal the original's to within a bucket (`valuesAreEquivalent`), its extremes
/// are the buckets' highest values.
///
/// Layout (big endian): cookie `0x1c849314`, the zlib stream's length, then a zlib stream of
/// the V2 encoding: cookie `0x1c849313`, payload length, normalizing index offset (0),
/// significant digits, lowest discernible value, highest trackable value, the
/// integer-to-double ratio (1.0), and the counts array up to the maximum's index as ZigZag
/// LEB128 numbers, a run of zeros written as its negated length. The zlib stream is deflated
/// (`Zlib`); logs Roost wrote with stored blocks read the same.
enum HistogramEncoding {
    static let cookie: UInt32 = 0x1c84_9313
    static let compressedCookie: UInt32 = 0x1c84_9314

    /// Why a payload could not be read back.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    // MARK: Encoding

    /// The compressed encoding of `histogram`.
    static func compressed(_ histogram: Histogram<UInt64>) -> [UInt8] {
        let plain = encoded(histogram)
        let zlib = Zlib.deflate(plain)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(zlib.count + 8)
        append(compressedCookie, to: &bytes)
        append(UInt32(zlib.count), to: &bytes)
        return bytes + zlib
    }

    /// The uncompressed V2 encoding of `histogram`.
    static func encoded(_ histogram: Histogram<UInt64>) -> [UInt8] {
        let layout = Layout(histogram)
        var counts: [Int: UInt64] = [:]
        var last = -1
        for value in histogram.recordedValues() where value.count > 0 {
            let index = layout.index(of: value.value)
            counts[index, default: 0] += UInt64(value.count)
            last = max(last, index)
        }
        var payload: [UInt8] = []
        var index = 0
        while index <= last {
            let count = counts[index] ?? 0
            if count == 0 {
                var zeros = 1
                while index + zeros <= last, (counts[index + zeros] ?? 0) == 0 { zeros += 1 }
                if zeros > 1 { ZigZag.append(-Int64(zeros), to: &payload) } else { ZigZag.append(0, to: &payload) }
                index += zeros
            } else {
                ZigZag.append(Int64(clamping: count), to: &payload)
                index += 1
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.count + 40)
        append(cookie, to: &bytes)
        append(UInt32(payload.count), to: &bytes)
        append(UInt32(0), to: &bytes)  // normalizing index offset
        append(UInt32(histogram.numberOfSignificantValueDigits.rawValue), to: &bytes)
        append(histogram.lowestDiscernibleValue, to: &bytes)
        append(histogram.highestTrackableValue, to: &bytes)
        append((1.0 as Double).bitPattern, to: &bytes)
        return bytes + payload
    }

    // MARK: Decoding

    /// The histogram a compressed encoding holds.
    static func decode(compressed bytes: [UInt8]) throws(Malformed) -> Histogram<UInt64> {
        var reader = ByteReader(bytes)
        let found = try reader.uint32()
        guard found == compressedCookie else {
            throw Malformed(description: "not a compressed V2 histogram (cookie \(String(found, radix: 16)), expected 1c849314)")
        }
        let length = Int(try reader.uint32())
        let zlib = try reader.bytes(length)
        return try decode(plain: try Zlib.inflate(zlib))
    }

    /// The histogram an uncompressed V2 encoding holds.
    static func decode(plain bytes: [UInt8]) throws(Malformed) -> Histogram<UInt64> {
        var reader = ByteReader(bytes)
        let found = try reader.uint32()
        guard found == cookie else {
            throw Malformed(description: "not a V2 histogram encoding (cookie \(String(found, radix: 16)), expected 1c849313)")
        }
        let payloadLength = Int(try reader.uint32())
        guard try reader.uint32() == 0 else { throw Malformed(description: "a normalizing index offset other than 0") }
        let digits = try reader.uint32()
        let lowest = try reader.uint64(), highest = try reader.uint64()
        _ = try reader.uint64()  // integer-to-double ratio
        guard let significant = SignificantDigits(rawValue: Int8(clamping: digits)), lowest >= 1, highest >= 2 * lowest else {
            throw Malformed(description: "impossible histogram parameters (digits \(digits), lowest \(lowest), highest \(highest))")
        }
        var histogram = Histogram<UInt64>(lowestDiscernibleValue: lowest, highestTrackableValue: highest,
                                          numberOfSignificantValueDigits: significant)
        let layout = Layout(histogram)
        var payload = ByteReader(try reader.bytes(payloadLength))
        var index = 0
        while !payload.isAtEnd {
            let number = try ZigZag.read(from: &payload)
            if number < 0 {
                index += Int(-number)
                continue
            }
            if number > 0 {
                // The bucket's highest value, as HdrHistogram's decoders report a maximum: the
                // encoding keeps buckets, not the exact values in them.
                guard histogram.record(histogram.highestEquivalentForValue(layout.value(at: index)), count: UInt64(number)) else {
                    throw Malformed(description: "a count at index \(index), beyond the histogram's range")
                }
            }
            index += 1
        }
        return histogram
    }

    // MARK: Parts

    /// HdrHistogram's counts-array layout for a histogram's parameters.
    struct Layout {
        let unitMagnitude: Int
        let subBucketHalfCountMagnitude: Int
        let subBucketHalfCount: Int
        let subBucketMask: UInt64
        let leadingZeroCountBase: Int

        init(_ histogram: Histogram<UInt64>) {
            let digits = Int(histogram.numberOfSignificantValueDigits.rawValue)
            let largestWithUnitResolution = 2 * pow(10, Double(digits))
            unitMagnitude = Int(log2(Double(histogram.lowestDiscernibleValue)))
            let subBucketCountMagnitude = Int(log2(largestWithUnitResolution).rounded(.up))
            subBucketHalfCountMagnitude = max(subBucketCountMagnitude, 1) - 1
            let subBucketCount = 1 << subBucketCountMagnitude
            subBucketHalfCount = subBucketCount / 2
            subBucketMask = UInt64(subBucketCount - 1) << unitMagnitude
            leadingZeroCountBase = 64 - unitMagnitude - subBucketCountMagnitude
        }

        func index(of value: UInt64) -> Int {
            let bucket = leadingZeroCountBase - (value | subBucketMask).leadingZeroBitCount
            let subBucket = Int(value >> UInt64(bucket + unitMagnitude))
            return ((bucket + 1) << subBucketHalfCountMagnitude) + (subBucket - subBucketHalfCount)
        }

        func value(at index: Int) -> UInt64 {
            var bucket = (index >> subBucketHalfCountMagnitude) - 1
            var subBucket = (index & (subBucketHalfCount - 1)) + subBucketHalfCount
            if bucket < 0 {
                subBucket -= subBucketHalfCount
                bucket = 0
            }
            return UInt64(subBucket) << UInt64(bucket + unitMagnitude)
        }
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
}

/// HdrHistogram's ZigZag LEB128 numbers: 7 bits a byte, at most 9 bytes (the ninth holds 8).
enum ZigZag {
    static func append(_ value: Int64, to bytes: inout [UInt8]) {
        var rest = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        for _ in 0..<8 {
            if rest >> 7 == 0 {
                bytes.append(UInt8(rest))
                return
            }
            bytes.append(UInt8(rest & 0x7f) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: rest))
    }

    static func read(from reader: inout ByteReader) throws(HistogramEncoding.Malformed) -> Int64 {
        var value: UInt64 = 0
        for byteIndex in 0..<9 {
            let byte = try reader.uint8()
            if byteIndex == 8 {
                value |= UInt64(byte) << 56
                break
            }
            value |= UInt64(byte & 0x7f) << UInt64(7 * byteIndex)
            if byte & 0x80 == 0 { break }
        }
        return Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
    }
}

/// Reads big-endian numbers and byte runs, throwing at the end of its input.
struct ByteReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func uint8() throws(HistogramEncoding.Malformed) -> UInt8 {
        guard offset < bytes.count else { throw HistogramEncoding.Malformed(description: "cut short at byte \(offset)") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint32() throws(HistogramEncoding.Malformed) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 { value = value << 8 | UInt32(try uint8()) }
        return value
    }

    mutating func uint64() throws(HistogramEncoding.Malformed) -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(try uint8()) }
        return value
    }

    mutating func bytes(_ count: Int) throws(HistogramEncoding.Malformed) -> [UInt8] {
        guard count >= 0, offset + count <= bytes.count else {
            throw HistogramEncoding.Malformed(description: "cut short: \(count) bytes wanted at byte \(offset) of \(bytes.count)")
        }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }
}
