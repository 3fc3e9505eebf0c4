import CZlib

/// zlib streams (RFC 1950) of a histogram's V2 encoding, through the system's zlib: deflated
/// as HdrHistogram's writers do, and read back whether deflated or, as Roost wrote them before,
/// in stored blocks.
enum Zlib {
    /// `data` deflated (zlib's default level).
    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer { data in
                compress2(out.baseAddress, &length, data.baseAddress, uLong(data.count), Z_DEFAULT_COMPRESSION)
            }
        }
        // compressBound is enough for any input, so compress2 cannot run out of room.
        precondition(status == Z_OK, "compress2 failed (\(status)) with a buffer of compressBound")
        return Array(out.prefix(Int(length)))
    }

    /// The data of the zlib stream `zlib`; throws if it is cut short or its checksum fails.
    static func inflate(_ zlib: [UInt8]) throws(HistogramEncoding.Malformed) -> [UInt8] {
        var capacity = max(64, zlib.count * 4)
        while true {
            var length = uLong(capacity)
            var out = [UInt8](repeating: 0, count: capacity)
            let status = out.withUnsafeMutableBufferPointer { out in
                zlib.withUnsafeBufferPointer { zlib in
                    uncompress(out.baseAddress, &length, zlib.baseAddress, uLong(zlib.count))
                }
            }
            switch status {
            case Z_OK: return Array(out.prefix(Int(length)))
            // Too small an output buffer: larger (a histogram's encoding is a few KB at most).
            case Z_BUF_ERROR where capacity < 1 << 28 && zlib.count > 2: capacity *= 4
            case Z_BUF_ERROR: throw HistogramEncoding.Malformed(description: "a zlib stream cut short")
            default: throw HistogramEncoding.Malformed(description: "not a valid zlib stream (zlib error \(status))")
            }
        }
    }
}
