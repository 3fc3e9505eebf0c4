import CJemalloc
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Readable function names from mangled symbols: Swift ones demangled with the runtime's
/// `swift_demangle`, C++ ones with `__cxa_demangle`, then simplified to what a profile reader
/// needs: `Screens.ProfileHeader.init(user:stats:isFollowing:isOwnProfile:avatarBytes:delegate:strength:)`
/// rather than the full signature with every type, generic specialization and thunk wrapper.
enum SymbolName {
    /// The simplified, demangled form of `symbol` (itself when it is a plain C name).
    static func readable(_ symbol: String) -> String {
        if symbol.hasPrefix("$s") || symbol.hasPrefix("_$s") || symbol.hasPrefix("$S") || symbol.hasPrefix("_T0") {
            return demangleSwift(symbol).map(simplify) ?? symbol
        }
        if symbol.hasPrefix("_Z") { return demangleCxx(symbol).map(simplifyCxx) ?? symbol }
        return symbol
    }

    private static func demangleSwift(_ symbol: String) -> String? {
        var symbol = symbol
        return symbol.withUTF8 { bytes -> String? in
            bytes.withMemoryRebound(to: CChar.self) { name -> String? in
                guard let demangled = swift_demangle(name.baseAddress, name.count, nil, nil, 0) else { return nil }
                defer { free(demangled) }
                return String(cString: demangled)
            }
        }
    }

    private typealias CxxDemangle = @convention(c) (
        UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<Int32>?
    ) -> UnsafeMutablePointer<CChar>?

    /// libstdc++'s demangler, found at run time (the process loads libstdc++ for the Swift runtime).
    private static let cxxDemangle: CxxDemangle? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__cxa_demangle") else { return nil }
        return unsafeBitCast(symbol, to: CxxDemangle.self)
    }()

    private static func demangleCxx(_ symbol: String) -> String? {
        guard let demangle = cxxDemangle else { return nil }
        var status: Int32 = 0
        guard let demangled = demangle(symbol, nil, nil, &status), status == 0 else { return nil }
        defer { free(demangled) }
        return String(cString: demangled)
    }

    /// A demangled Swift name without types, generic arguments, specialization wrappers and
    /// return types: `closure #1 in Screens.LinkPreview.init(url:)`.
    static func simplify(_ demangled: String) -> String {
        var text = Array(demangled)
        var prefix = ""
        // Wrappers that say how the compiler emitted the function, not which one it is.
        while true {
            if let rest = dropping(["merged ", "partial apply for ", "partial apply forwarder for ",
                                    "specialized ", "protocol witness for ", "dispatch thunk of ", "@objc "], from: text) {
                text = rest
                continue
            }
            if let rest = droppingBracketed(["generic specialization ", "generic not re-abstracted specialization ",
                                                   "generic partial specialization ", "function signature specialization "],
                                                  from: text) {
                text = rest
                continue
            }
            break
        }
        if let rest = dropping(["static "], from: text) {
            prefix = "static "
            text = rest
        }
        // "closure #2 (Swift.Int) -> Swift.UInt8 in <context>": keep the closure's number, simplify its context.
        for closure in ["implicit closure #", "closure #"] where text.starts(with: closure) {
            var index = closure.count
            while index < text.count, text[index].isNumber { index += 1 }
            let head = String(text[..<index])
            if let context = topLevel(" in ", in: text, from: index) {
                return prefix + head + " in " + simplify(String(text[(context + 4)...]))
            }
            return prefix + head
        }
        // Compiler glue: "reabstraction thunk helper from ... to ...", "thunk for @escaping ...".
        for (glue, shown) in [("reabstraction thunk", "reabstraction thunk"), ("thunk for ", "thunk")]
        where text.starts(with: glue) {
            return prefix + shown
        }
        // "outlined copy of X", "one-time initialization function for X": the phrase, then X.
        if let first = text.first, first.isLowercase {
            for phrase in [" of ", " for "] {
                if let at = topLevel(phrase, in: text, from: 0),
                   !text[..<at].contains(where: { $0 == "(" || $0 == "<" || $0 == "." }) {
                    return prefix + String(text[..<at]) + phrase + simplify(String(text[(at + phrase.count)...]))
                }
            }
        }
        // "(extension in GRDB):GRDB.Record.insert(...)": the extension's module says nothing more.
        while let rest = dropping(["(extension in "], from: text), let close = rest.firstIndex(of: ")"),
              close + 1 < rest.count, rest[close + 1] == ":" {
            text = Array(rest[(close + 2)...])
        }
        // The name runs to the parameter list or to an accessor's " : Type".
        var name = ""
        var depth = 0
        var index = 0
        var parameters: [Character]?
        scan: while index < text.count {
            let character = text[index]
            switch character {
            case "<":
                depth += 1
            case ">":
                if index > 0, text[index - 1] == "-" { break }
                depth = max(0, depth - 1)
            case "(" where depth == 0:
                // A private declaration's name: "(measure in _9B2129...)".
                if let close = text[index...].firstIndex(of: ")"),
                   let discriminator = topLevel(" in _", in: Array(text[(index + 1)..<close]), from: 0) {
                    name += String(text[(index + 1)..<(index + 1 + discriminator)])
                    index = close + 1
                    continue scan
                }
                parameters = parameterList(text, from: index)
                break scan
            case " " where depth == 0:
                break scan  // " : Type" of an accessor, " with unmangled suffix", ...
            default:
                if depth == 0 { name.append(character) }
            }
            index += 1
        }
        guard let parameters else { return prefix + name }
        return prefix + name + "(" + String(parameters) + ")"
    }

    /// The labels of the parameter list opening at `open`: `user:stats:` or `_:`.
    private static func parameterList(_ text: [Character], from open: Int) -> [Character] {
        var labels: [Character] = []
        var depth = 0
        var part: [Character] = []
        var index = open + 1
        func finish() {
            let trimmed = part.drop { $0 == " " }
            guard !trimmed.isEmpty else { return }
            if let colon = topLevel(": ", in: Array(trimmed), from: 0) {
                labels += Array(trimmed)[..<colon] + [":"]
            } else {
                labels += ["_", ":"]
            }
        }
        while index < text.count {
            let character = text[index]
            switch character {
            case "(", "[", "<":
                depth += 1
            case ">" where index > 0 && text[index - 1] == "-":
                break
            case ")", "]", ">":
                if depth == 0, character == ")" {
                    finish()
                    return labels
                }
                depth -= 1
            case "," where depth == 0:
                finish()
                part = []
                index += 1
                continue
            default:
                break
            }
            part.append(character)
            index += 1
        }
        return labels
    }

    /// The index of `needle` in `text` at bracket depth 0, searching from `start`.
    private static func topLevel(_ needle: String, in text: [Character], from start: Int) -> Int? {
        let pattern = Array(needle)
        var depth = 0
        var index = start
        while index < text.count {
            let character = text[index]
            if depth == 0, text[index...].starts(with: pattern) { return index }
            switch character {
            case "(", "[", "<": depth += 1
            case ">" where index > 0 && text[index - 1] == "-": break
            case ")", "]", ">": depth = max(0, depth - 1)
            default: break
            }
            index += 1
        }
        return nil
    }

    private static func dropping(_ prefixes: [String], from text: [Character]) -> [Character]? {
        for prefix in prefixes where text.starts(with: prefix) { return Array(text.dropFirst(prefix.count)) }
        return nil
    }

    /// Drops `prefix <...> of ` (a specialization's description).
    private static func droppingBracketed(_ prefixes: [String], from text: [Character]) -> [Character]? {
        guard let rest = dropping(prefixes, from: text), rest.first == "<" else { return nil }
        var depth = 0
        for (index, character) in rest.enumerated() {
            if character == "<" { depth += 1 }
            if character == ">", index > 0, rest[index - 1] != "-" {
                depth -= 1
                if depth == 0 {
                    let after = Array(rest[(index + 1)...])
                    return dropping([" of "], from: after) ?? after
                }
            }
        }
        return nil
    }

    /// A C++ name without template arguments and parameter types: `swift::RefCounts::allocateSideTable`.
    static func simplifyCxx(_ demangled: String) -> String {
        var name = ""
        var depth = 0
        for character in demangled {
            switch character {
            case "<": depth += 1
            case ">": depth = max(0, depth - 1)
            case "(" where depth == 0: return name
            default: if depth == 0 { name.append(character) }
            }
        }
        return name
    }
}
