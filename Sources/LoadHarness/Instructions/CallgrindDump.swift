import Foundation

/// One callgrind dump file, read back (the format of valgrind's callgrind: `fn=` starts a
/// function's lines, `0 COST` is its own cost, `cfn=` and `calls=` start a call whose
/// inclusive cost is the next line; names are compressed as `(id) name` once, `(id)` after).
/// Only the `Ir` event (instructions executed) is read, with `--dump-line=no` positions.
struct CallgrindDump {
    /// The label the dump was asked for with (`desc: Trigger: Client Request: LABEL`), nil for
    /// a dump callgrind made itself (at the program's end).
    var label: String?
    /// The dump's total instructions (its `summary:` or `totals:` line).
    var total: UInt64 = 0
    /// Each function's own instructions, by symbol.
    var selfCost: [String: UInt64] = [:]
    /// Each call edge's inclusive instructions (caller, callee).
    var calls: [Edge: UInt64] = [:]

    /// A call from one function to another, by symbol.
    struct Edge: Hashable {
        let caller: String
        let callee: String
    }

    /// Reads the dump at `path`.
    static func read(path: String) throws -> CallgrindDump {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InstructionRunError.unreadableDump(path: path)
        }
        return parse(String(decoding: data, as: UTF8.self))
    }

    /// Parses a dump's text.
    static func parse(_ text: String) -> CallgrindDump {
        var dump = CallgrindDump()
        // Function names (`fn=`, `cfn=`: one namespace; objects and files have their own, unread).
        var names: [Substring: String] = [:]
        var function: String?
        var callee: String?
        var nextIsCall = false
        var sawTotal = false
        func name(_ value: Substring) -> String {
            // `(12) name` defines id 12, `(12)` refers to it, a bare name is itself.
            guard value.first == "(", let close = value.firstIndex(of: ")") else { return String(value) }
            let id = value[value.startIndex...close]
            let rest = value[value.index(after: close)...].drop { $0 == " " }
            if rest.isEmpty { return names[id] ?? String(id) }
            let full = String(rest)
            names[id] = full
            return full
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let first = line.first else { continue }
            if first.isNumber || first == "+" || first == "-" || first == "*" {
                // A cost line: the position, then the Ir cost (absent: 0).
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                let cost = fields.count > 1 ? UInt64(fields[1]) ?? 0 : 0
                if nextIsCall {
                    if let function, let callee { dump.calls[Edge(caller: function, callee: callee), default: 0] += cost }
                    nextIsCall = false
                } else if let function {
                    dump.selfCost[function, default: 0] += cost
                }
            } else if line.hasPrefix("fn=") {
                function = name(line.dropFirst(3))
            } else if line.hasPrefix("cfn=") {
                callee = name(line.dropFirst(4))
            } else if line.hasPrefix("calls=") {
                nextIsCall = true
            } else if line.hasPrefix("summary:") || line.hasPrefix("totals:") {
                let value = line.split(separator: ":", maxSplits: 1)[1].split(separator: " ").first
                if !sawTotal, let value, let total = UInt64(value) {
                    dump.total = total
                    sawTotal = true
                }
            } else if line.hasPrefix("desc: Trigger: Client Request: ") {
                dump.label = String(line.dropFirst("desc: Trigger: Client Request: ".count))
            }
        }
        return dump
    }
}
