import Foundation
import Histogram
@testable import LoadHarness
import Testing

/// The latency interval logs: HdrHistogram's V2 encoding, read back exactly. (Their
/// compatibility with HdrHistogram's own readers was checked with the Python port, `hdrh`:
/// see docs/long-runs.md.)
@Suite struct HistogramLogTests {
    /// Latencies from 1 ns to an hour, spread over every bucket size.
    static func sample(count: Int, seed: UInt64 = 7) -> Histogram<UInt64> {
        var histogram = StepMetrics.histogram()
        var state = seed
        for _ in 0..<count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let magnitude = Int(state >> 59) + 1  // 1...32 bits
            _ = histogram.record(max(1, (state >> 7) & ((1 << UInt64(magnitude)) - 1)) % 3_600_000_000_000)
        }
        return histogram
    }

    @Test(arguments: [0, 1, 10, 5_000])
    func anEncodedHistogramDecodesToTheSameCounts(count: Int) throws {
        let original = Self.sample(count: count)
        let decoded = try HistogramEncoding.decode(compressed: HistogramEncoding.compressed(original))
        #expect(decoded.totalCount == original.totalCount)
        #expect(decoded.max == original.max)
        for value in original.recordedValues() {
            #expect(decoded.countForValue(value.value) == value.count, "value \(value.value)")
        }
        // Buckets are kept, not the exact values in them: percentiles agree to within a bucket.
        for percentile in [0.0, 25, 50, 90, 99, 99.9, 99.99, 100] {
            #expect(original.valuesAreEquivalent(decoded.valueAtPercentile(percentile), original.valueAtPercentile(percentile)),
                    "p\(percentile): \(decoded.valueAtPercentile(percentile)) vs \(original.valueAtPercentile(percentile))")
        }
        #expect(decoded.lowestDiscernibleValue == 1 && decoded.highestTrackableValue == 3_600_000_000_000)
    }

    @Test func theEncodingIsHdrHistogramsV2() throws {
        var histogram = StepMetrics.histogram()
        _ = histogram.record(1, count: 3)
        _ = histogram.record(2_048, count: 2)
        let plain = HistogramEncoding.encoded(histogram)
        // Cookie, payload length, index offset, digits, lowest, highest, ratio 1.0: 40 bytes.
        #expect(Array(plain.prefix(4)) == [0x1c, 0x84, 0x93, 0x13])
        #expect(Array(plain[12..<16]) == [0, 0, 0, 3])
        #expect(Array(plain[32..<40]) == [0x3f, 0xf0, 0, 0, 0, 0, 0, 0])
        // Counts: index 0 empty, index 1 three, 2046 empty ones (a run: -2046), index 2048 two.
        var expected: [UInt8] = []
        for number: Int64 in [0, 3, -2_046, 2] { ZigZag.append(number, to: &expected) }
        #expect(Array(plain.dropFirst(40)) == expected)
        #expect(Array(plain[4..<8]) == [0, 0, 0, UInt8(expected.count)])
        // Base64 of the compressed cookie, as HdrHistogram's logs begin every line's payload.
        #expect(Data(HistogramEncoding.compressed(histogram)).base64EncodedString().hasPrefix("HISTF"))
    }

    @Test func countsArrayIndicesFollowHdrHistogram() {
        let layout = HistogramEncoding.Layout(StepMetrics.histogram())
        // 3 digits: 2048 sub-buckets, unit resolution to 2047, then buckets of 1024 doubling.
        for (value, index) in [(0, 0), (1, 1), (2_047, 2_047), (2_048, 2_048), (2_049, 2_048), (4_095, 3_071), (4_096, 3_072)] {
            #expect(layout.index(of: UInt64(value)) == index, "value \(value)")
        }
        for index in [0, 1, 2_047, 2_048, 3_071, 3_072, 30_000] {
            #expect(layout.index(of: layout.value(at: index)) == index, "index \(index)")
        }
    }

    @Test func zigZagNumbersRoundTrip() throws {
        func bytes(_ value: Int64) -> [UInt8] {
            var bytes: [UInt8] = []
            ZigZag.append(value, to: &bytes)
            return bytes
        }
        #expect(bytes(1) == [0x02] && bytes(-1) == [0x01] && bytes(64) == [0x80, 0x01])
        for value: Int64 in [0, 1, -1, 63, -64, 64, 1 << 20, -(1 << 40), 1 << 56, Int64.max, Int64.min] {
            var bytes: [UInt8] = []
            ZigZag.append(value, to: &bytes)
            #expect(bytes.count <= 9)
            var reader = ByteReader(bytes)
            #expect(try ZigZag.read(from: &reader) == value)
            #expect(reader.isAtEnd)
        }
    }

    /// A zlib stream of stored (uncompressed) deflate blocks, as Roost wrote its logs before
    /// they were deflated.
    static func storedStream(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            out.append(offset + length == data.count ? 1 : 0)
            out += [UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff), UInt8((~length >> 8) & 0xff)]
            out += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + [UInt8(b >> 8), UInt8(b & 0xff), UInt8(a >> 8), UInt8(a & 0xff)]
    }

    @Test func zlibStreamsRoundTripAndAreChecked() throws {
        // "Wikipedia" in one stored block: its Adler-32 is 0x11E60398.
        let wikipedia: [UInt8] = [0x78, 0x01, 0x01, 0x09, 0x00, 0xf6, 0xff] + Array("Wikipedia".utf8) + [0x11, 0xe6, 0x03, 0x98]
        #expect(Self.storedStream(Array("Wikipedia".utf8)) == wikipedia)
        #expect(try Zlib.inflate(wikipedia) == Array("Wikipedia".utf8))
        let data = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let stored = Self.storedStream(data)
        #expect(stored.count == data.count + 2 + 4 * 5 + 4)  // header, four blocks of 5 header bytes, checksum
        #expect(try Zlib.inflate(stored) == data, "a log written with stored blocks reads as before")
        let deflated = Zlib.deflate(data)
        #expect(deflated.count < data.count / 100 && (UInt16(deflated[0]) << 8 | UInt16(deflated[1])) % 31 == 0)
        #expect(try Zlib.inflate(deflated) == data)
        for wrapped in [stored, deflated] {
            var corrupt = wrapped
            corrupt[wrapped.count - 1] ^= 0xff
            #expect(throws: HistogramEncoding.Malformed.self) { try Zlib.inflate(corrupt) }
            #expect(throws: HistogramEncoding.Malformed.self) { try Zlib.inflate(Array(wrapped.prefix(wrapped.count / 2))) }
        }
        var corrupt = stored
        corrupt[100] ^= 0xff
        #expect(throws: HistogramEncoding.Malformed.self) { try Zlib.inflate(corrupt) }
    }

    /// A second of a soak run's `open_feed` (about 1,000 executions over some 400 buckets)
    /// deflates to about half the bytes of stored blocks.
    @Test func aDeflatedHistogramIsSmallerThanStoredBlocks() throws {
        let histogram = Self.sample(count: 1_000)
        let deflated = HistogramEncoding.compressed(histogram)
        let stored = Self.storedStream(HistogramEncoding.encoded(histogram))
        #expect(deflated.count - 8 < stored.count * 3 / 4, "\(deflated.count - 8) bytes deflated, \(stored.count) stored")
        var old: [UInt8] = [0x1c, 0x84, 0x93, 0x14]
        old += [UInt8(stored.count >> 24), UInt8((stored.count >> 16) & 0xff), UInt8((stored.count >> 8) & 0xff), UInt8(stored.count & 0xff)]
        let decoded = try HistogramEncoding.decode(compressed: old + stored)
        #expect(decoded.totalCount == histogram.totalCount && decoded.max == histogram.max, "a log line Roost wrote before reads the same")
    }

    @Test func aLogIsReadUpToItsFirstIncompleteLine() throws {
        let first = Self.sample(count: 100, seed: 1), second = Self.sample(count: 200, seed: 2)
        let log = HistogramLog.header(startTime: Date(timeIntervalSince1970: 1_700_000_000))
            + HistogramLog.line(start: 0, length: 1, histogram: first) + HistogramLog.line(start: 1, length: 0.5, histogram: second)
        let whole = HistogramLog.read(log)
        #expect(whole.stoppedAt == nil)
        #expect(whole.intervals.map(\.start) == [0, 1] && whole.intervals.map(\.length) == [1, 0.5])
        #expect(whole.intervals.map(\.histogram.totalCount) == [100, 200])
        #expect(log.hasPrefix("#[Histogram log format version 1.3]\n#[StartTime: 1700000000.000 (seconds since epoch), "))
        // Killed while writing the second line: the first is kept, the rest reported.
        let cut = HistogramLog.read(String(log.dropLast(40)))
        #expect(cut.intervals.count == 1 && cut.intervals[0].histogram.totalCount == 100)
        #expect(cut.stoppedAt?.line == 6)
    }
}
