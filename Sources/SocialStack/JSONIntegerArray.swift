/// A JSON array of integers (`[1,2,3]`), written as UTF-8 into a temporary buffer: the
/// argument of `json_each(?)` in the statements that read rows by a list of ids. A page's
/// list (20 ids, under 450 bytes) fits the stack, so building it allocates nothing, where a
/// `String` built from each id's `description` allocated and cost about 900 instructions
/// an id (callgrind).
///
/// The services and the plain-SQLite reference (`roost-bench stack --reference`) both
/// build their id lists here, so the two sides do the same work around the same SQL.
package enum JSONIntegerArray {
    /// Calls `body` with the bytes of `values` as a JSON array; the bytes are valid only
    /// during the call.
    package static func withUTF8<Result>(
        _ values: some Collection<Int64>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        // Brackets, then per value up to 20 digits, a sign and a comma.
        let capacity = 2 + values.count * 22
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var count = 0
            buffer[count] = UInt8(ascii: "[")
            count += 1
            var first = true
            for value in values {
                if !first {
                    buffer[count] = UInt8(ascii: ",")
                    count += 1
                }
                first = false
                count = write(value, into: buffer, at: count)
            }
            buffer[count] = UInt8(ascii: "]")
            count += 1
            return try body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Writes `value` in decimal at `start`; returns the index after its last digit.
    private static func write(_ value: Int64, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var index = start
        if value < 0 {
            buffer[index] = UInt8(ascii: "-")
            index += 1
        }
        var magnitude = value.magnitude
        var digits = 1
        var scale: UInt64 = 10
        while digits < 20, magnitude >= scale {
            digits += 1
            scale &*= 10
        }
        var position = index + digits
        let end = position
        repeat {
            position -= 1
            buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        return end
    }
}
