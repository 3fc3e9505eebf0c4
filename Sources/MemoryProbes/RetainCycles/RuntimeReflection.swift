import CJemalloc

// The Swift runtime's reflection entry points (those the standard library's Mirror uses),
// and the metadata layouts MemoryProbes reads directly. Layouts are those of Swift 5+ on
// Linux (no Objective-C interop); see swift/include/swift/ABI/Metadata.h.

/// What `swift_reflectionMirror_recursiveChildMetadata` tells about one stored field.
struct FieldReflectionMetadata {
    var name: UnsafePointer<CChar>? = nil
    var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
    /// False for weak, unowned and unowned(unsafe) fields (from the field record's mangled type).
    var isStrong: Bool = false
    var isVar: Bool = false
}

@_silgen_name("swift_reflectionMirror_recursiveCount")
func _recursiveFieldCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
func _recursiveFieldMetadata(
    _ type: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<FieldReflectionMetadata>
) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
func _recursiveFieldOffset(_ type: Any.Type, index: Int) -> Int

@_silgen_name("swift_getMetadataKind")
func _metadataKind(_ type: Any.Type) -> UInt

/// The reflection children of a value as the runtime sees them (what Mirror shows when
/// the type has no `customMirror`): for an enum, 1 with a payload and 0 without.
@_silgen_name("swift_reflectionMirror_count")
func _reflectionChildCount<T>(_ value: T, type: Any.Type) -> Int

/// One reflection child: for an enum, its payload, named after the case.
@_silgen_name("swift_reflectionMirror_subscript")
func _reflectionChild<T>(
    of value: T, type: Any.Type, index: Int,
    outName: UnsafeMutablePointer<UnsafePointer<CChar>?>,
    outFreeFunc: UnsafeMutablePointer<(@convention(c) (UnsafePointer<CChar>?) -> Void)?>
) -> Any

/// The runtime's metadata kinds (swift/ABI/MetadataKind.def) that the walk tells apart.
enum MetadataKind {
    static let `class`: UInt = 0
    static let `struct`: UInt = 0x200
    static let `enum`: UInt = 0x201
    static let optional: UInt = 0x202
    static let foreignClass: UInt = 0x203
    /// Builtin types (`Builtin.NativeObject`, `Builtin.RawPointer`, ...).
    static let opaque: UInt = 0x300
    static let tuple: UInt = 0x301
    static let function: UInt = 0x302
    static let existential: UInt = 0x303
    /// A closure context or an IRGen-allocated box: its metadata has a capture descriptor.
    static let heapLocalVariable: UInt = 0x400
    /// A box from `swift_allocBox`: its metadata names the boxed type and its offset.
    static let heapGenericLocalVariable: UInt = 0x500
    /// The largest kind value; anything above it in a heap object's first metadata word
    /// would be an Objective-C isa (a class), which Linux does not have.
    static let lastEnumerated: UInt = 0x7FF
}

/// One stored field of a struct, tuple or class (superclass fields included).
struct StoredField {
    let name: String
    let type: Any.Type
    let offset: Int
    let isStrong: Bool
    /// A noncopyable field (a `Mutex`) that reflection shows as `()`: what it holds is not seen.
    var isHiddenNoncopyable = false
}

enum RuntimeReflection {
    static func metadata(of type: Any.Type) -> UnsafeRawPointer {
        unsafeBitCast(type, to: UnsafeRawPointer.self)
    }

    static func type(atMetadata pointer: UnsafeRawPointer) -> Any.Type {
        unsafeBitCast(pointer, to: Any.Type.self)
    }

    /// The stored fields the runtime's field records list for `type`, in layout order.
    static func storedFields(of type: Any.Type) -> [StoredField] {
        let count = _recursiveFieldCount(type)
        var fields: [StoredField] = []
        fields.reserveCapacity(count)
        for index in 0..<count {
            var info = FieldReflectionMetadata()
            let fieldType = _recursiveFieldMetadata(type, index: index, fieldMetadata: &info)
            // Unlabelled tuple elements are named ".0", ".1": keep the number only, so that
            // paths read "anchor.1".
            var name = info.name.map { String(cString: $0) } ?? "\(index)"
            if name.first == "." { name.removeFirst() }
            info.freeName?(info.name)
            let isHidden = fieldType == Void.self && NoncopyableFields.isHidden(fieldAt: index, of: type)
            fields.append(StoredField(
                name: name, type: fieldType,
                offset: _recursiveFieldOffset(type, index: index), isStrong: info.isStrong, isHiddenNoncopyable: isHidden))
        }
        return fields
    }

    /// The nominal type descriptor of a class, struct or enum; nil for other kinds.
    static func typeDescriptor(of type: Any.Type) -> UnsafeRawPointer? {
        let metadata = metadata(of: type)
        switch _metadataKind(type) {
        case MetadataKind.class:
            // Kind, superclass, flags (4), instance address point (4), instance size (4),
            // alignment mask (2), reserved (2), class size (4), class address point (4).
            return metadata.load(fromByteOffset: 40, as: UnsafeRawPointer?.self)
        case MetadataKind.struct, MetadataKind.enum, MetadataKind.optional:
            return metadata.load(fromByteOffset: 8, as: UnsafeRawPointer?.self)
        default:
            return nil
        }
    }

    /// Whether the compiler emitted field records for this class, struct or enum (it does
    /// not under `-disable-reflection-metadata`). True for other kinds.
    static func hasFieldRecords(_ type: Any.Type) -> Bool {
        guard let descriptor = typeDescriptor(of: type) else { return true }
        // Flags, parent, name, access function, then the relative pointer to the fields.
        return descriptor.load(fromByteOffset: 16, as: Int32.self) != 0
    }

    /// Whether a class declares or inherits stored properties (instance size beyond the
    /// 16-byte object header).
    static func classHasStoredProperties(_ type: Any.Type) -> Bool {
        metadata(of: type).load(fromByteOffset: 24, as: UInt32.self) > 16
    }

    /// Whether an enum has cases with payloads (descriptor: payload case count, low 24 bits).
    static func enumHasPayloadCases(_ type: Any.Type) -> Bool {
        guard let descriptor = typeDescriptor(of: type) else { return true }
        // Flags, parent, name, access function, fields, then NumPayloadCasesAndPayloadSizeOffset.
        return descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF != 0
    }

    /// The field records of a class (its own fields only), struct or enum, in declaration
    /// order: each is flags (bit 0: an indirect enum case), a relative pointer to the mangled
    /// type, a relative pointer to the name. Empty without reflection metadata.
    static func fieldRecords(of type: Any.Type) -> [UnsafeRawPointer] {
        guard let descriptor = typeDescriptor(of: type) else { return [] }
        let fieldsField = descriptor + 16
        let relative = fieldsField.load(as: Int32.self)
        guard relative != 0 else { return [] }
        let fields = fieldsField + Int(relative)
        let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
        let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
        return (0..<count).map { fields + 16 + $0 * recordSize }
    }

    /// The names of an enum's `indirect` cases (payload held in a heap box).
    static func indirectCaseNames(of type: Any.Type) -> Set<String> {
        var names: Set<String> = []
        for record in fieldRecords(of: type) where record.load(as: UInt32.self) & 1 != 0 {
            let nameField = record + 8
            let name = (nameField + Int(nameField.load(as: Int32.self))).assumingMemoryBound(to: CChar.self)
            names.insert(String(cString: name))
        }
        return names
    }

    /// The value witness table's size, alignment mask and whether values live out of line
    /// in an existential's buffer.
    static func layout(of type: Any.Type) -> (size: Int, alignmentMask: Int, isInline: Bool) {
        let witnesses = metadata(of: type).load(fromByteOffset: -8, as: UnsafeRawPointer.self)
        // Eight witness functions, then size, stride, flags.
        let size = witnesses.load(fromByteOffset: 64, as: Int.self)
        let flags = witnesses.load(fromByteOffset: 80, as: UInt32.self)
        return (size, Int(flags & 0xFF), flags & 0x20000 == 0)
    }

    /// How an existential type stores its value.
    enum ExistentialRepresentation { case opaque, classBound, error }

    static func existentialRepresentation(of type: Any.Type) -> ExistentialRepresentation {
        let flags = metadata(of: type).load(fromByteOffset: 8, as: UInt32.self)
        if (flags & 0x3F00_0000) >> 24 == 1 { return .error }            // special protocol: Error
        return flags & 0x8000_0000 == 0 ? .classBound : .opaque          // class constraint bit
    }

    /// A type's name as Swift prints it, module names left out (`Box<Int>`).
    static func name(of type: Any.Type) -> String {
        _typeName(type, qualified: false)
    }

    /// Whether an object is immortal: statically initialized by the compiler in the
    /// binary's data, never freed, not malloc's. The inline reference count word (the
    /// object's second word) then has its low 32 bits all set (swift/RefCount.h, 64-bit).
    static func isImmortal(_ object: UnsafeRawPointer) -> Bool {
        object.load(fromByteOffset: 8, as: UInt64.self) & 0xFFFF_FFFF == 0xFFFF_FFFF
    }

    static func retainCount(of object: UnsafeRawPointer) -> Int {
        Int(swift_retainCount(UnsafeMutableRawPointer(mutating: object)))
    }

    /// Resolves a capture descriptor's mangled type name (no ownership suffix).
    static func type(mangledName name: UnsafePointer<UInt8>, length: Int) -> Any.Type? {
        let raw = name.withMemoryRebound(to: CChar.self, capacity: length) {
            swift_getTypeByMangledNameInContext($0, length, nil, nil)
        }
        return raw.map { unsafeBitCast($0, to: Any.Type.self) }
    }
}
