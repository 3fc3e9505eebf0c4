/// Reads a closure context's (or IRGen box's) capture descriptor: the captured values'
/// mangled types, in layout order, with their ownership (`Xw` weak, `Xo` unowned,
/// `Xu` unowned(unsafe); `Xx`/`XX` a captured `var`'s box).
///
/// Metadata (HeapLocalVariable): kind, then the offset of the first capture (32 bits),
/// then a pointer to the capture descriptor: capture count, metadata source count and
/// binding count (32 bits each), then one relative pointer per capture's mangled type.
enum CaptureLayout {
    static func plan(contextMetadata metadata: UnsafeRawPointer, planner: Planner) -> TypePlan {
        guard let descriptor = metadata.load(fromByteOffset: 16, as: UnsafeRawPointer?.self) else {
            return TypePlan(slots: [], isUnresolved: true)
        }
        let captureCount = Int(descriptor.load(as: UInt32.self))
        let sourceCount = descriptor.load(fromByteOffset: 4, as: UInt32.self)
        let bindingCount = descriptor.load(fromByteOffset: 8, as: UInt32.self)
        // Generic captures name their types through generic parameters bound per context:
        // their layout cannot be known from the descriptor alone.
        guard sourceCount == 0, bindingCount == 0 else { return TypePlan(slots: [], isUnresolved: true) }

        var offset = Int(metadata.load(fromByteOffset: 8, as: UInt32.self))
        var slots: [TypePlan.Slot] = []
        var missing: [String] = []
        for index in 0..<captureCount {
            let record = descriptor + 12 + 4 * index
            let name = (record + Int(record.load(as: Int32.self))).assumingMemoryBound(to: UInt8.self)
            let capture = MangledCapture(name)
            if capture.isBox {
                offset = align(offset, mask: 7)
                slots.append(.init(offset: offset, kind: .reference, path: ""))
                offset += 8
                continue
            }
            guard let type = RuntimeReflection.type(mangledName: name, length: capture.typeLength) else {
                // A captured closure is named by its SIL function type, which the runtime
                // cannot turn into metadata; its layout is known all the same.
                switch capture.function {
                case .thick:
                    offset = align(offset, mask: 7)
                    slots.append(.init(offset: offset, kind: .function, path: ""))
                    offset += 16
                    continue
                case .thin:
                    offset = align(offset, mask: 7) + 8
                    continue
                case nil:
                    return TypePlan(slots: slots, typesWithoutFieldRecords: missing, isUnresolved: true)
                }
            }
            let layout = RuntimeReflection.layout(of: type)
            offset = align(offset, mask: layout.alignmentMask)
            if capture.isStrong {
                let inner = planner.valuePlan(type)
                missing += inner.typesWithoutFieldRecords
                slots += inner.slots.map { $0.moved(by: offset, under: "") }
            }
            offset += layout.size
        }
        return TypePlan(slots: slots, typesWithoutFieldRecords: missing)
    }

    private static func align(_ offset: Int, mask: Int) -> Int { (offset + mask) & ~mask }
}

/// One capture's mangled type name: its length (symbolic references skipped: bytes
/// 0x01-0x17 are followed by a 4-byte offset, 0x18-0x1F by an 8-byte pointer), its
/// ownership suffix, and whether it is a SIL function type.
struct MangledCapture {
    /// How a captured closure is stored, read from its SIL function type
    /// (`<params> I [e] <callee convention> <attributes> _`, optionally `Sg`).
    enum FunctionShape {
        /// Function pointer and context, two words (callee conventions g, x, y).
        case thick
        /// A bare function pointer (t thin, C a C function).
        case thin
    }

    /// Bytes of the type name without the ownership suffix.
    let typeLength: Int
    let isStrong: Bool
    /// A SIL box (`Xx`, `XX`): a pointer to a captured `var`'s box.
    let isBox: Bool
    /// Set when the capture is a closure (or an optional one).
    let function: FunctionShape?

    init(_ name: UnsafePointer<UInt8>) {
        var length = 0, plainFrom = 0
        while name[length] != 0 {
            switch name[length] {
            case 0x01...0x17: length += 5; plainFrom = length
            case 0x18...0x1F: length += 9; plainFrom = length
            default: length += 1
            }
        }
        function = Self.functionShape(name, length: length, plainFrom: plainFrom)
        var suffix: (UInt8, UInt8) = (0, 0)
        if length - 2 >= plainFrom { suffix = (name[length - 2], name[length - 1]) }
        let x = UInt8(ascii: "X")
        switch suffix {
        case (x, UInt8(ascii: "w")), (x, UInt8(ascii: "o")), (x, UInt8(ascii: "u")):
            typeLength = length - 2; isStrong = false; isBox = false
        case (x, UInt8(ascii: "x")), (x, UInt8(ascii: "X")):
            typeLength = length; isStrong = true; isBox = true
        default:
            typeLength = length; isStrong = true; isBox = false
        }
    }

    private static func functionShape(_ name: UnsafePointer<UInt8>, length: Int, plainFrom: Int) -> FunctionShape? {
        var end = length
        if end - 2 >= plainFrom, name[end - 2] == UInt8(ascii: "S"), name[end - 1] == UInt8(ascii: "g") { end -= 2 }
        guard end - 1 > plainFrom, name[end - 1] == UInt8(ascii: "_") else { return nil }
        // Attributes are letters between the last "I" and the closing "_".
        var start = end - 2
        while start >= plainFrom, name[start] != UInt8(ascii: "I") {
            guard (UInt8(ascii: "A")...UInt8(ascii: "z")).contains(name[start]) else { return nil }
            start -= 1
        }
        guard start >= plainFrom else { return nil }
        var convention = start + 1
        if name[convention] == UInt8(ascii: "e") { convention += 1 }  // escaping
        switch name[convention] {
        case UInt8(ascii: "t"), UInt8(ascii: "C"): return .thin
        default: return .thick
        }
    }
}
