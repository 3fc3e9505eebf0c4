/// Builds and caches `TypePlan`s: how to walk a value of a type stored inline, the fields
/// of a class instance, a closure context, and a `swift_allocBox` box.
final class Planner {
    private var valuePlans: [UnsafeRawPointer: TypePlan] = [:]
    private var instancePlans: [UnsafeRawPointer: TypePlan] = [:]
    private var heapPlans: [UnsafeRawPointer: TypePlan] = [:]
    private var indirectCases: [UnsafeRawPointer: Set<String>] = [:]

    /// The names of an enum's indirect cases.
    func indirectCaseNames(_ type: Any.Type) -> Set<String> {
        let key = RuntimeReflection.metadata(of: type)
        if let names = indirectCases[key] { return names }
        let names = RuntimeReflection.indirectCaseNames(of: type)
        indirectCases[key] = names
        return names
    }

    /// How to walk a value of `type` stored inline (a field, an element, a capture).
    func valuePlan(_ type: Any.Type) -> TypePlan {
        let key = RuntimeReflection.metadata(of: type)
        if let plan = valuePlans[key] { return plan }
        let plan = makeValuePlan(type)
        valuePlans[key] = plan
        return plan
    }

    /// How to walk the stored properties of an instance of the class whose metadata is `metadata`.
    func instancePlan(metadata: UnsafeRawPointer) -> TypePlan {
        if let plan = instancePlans[metadata] { return plan }
        let plan = makeInstancePlan(RuntimeReflection.type(atMetadata: metadata))
        instancePlans[metadata] = plan
        return plan
    }

    /// How to walk a closure context or box (metadata kind HeapLocalVariable).
    func contextPlan(metadata: UnsafeRawPointer) -> TypePlan {
        if let plan = heapPlans[metadata] { return plan }
        let plan = CaptureLayout.plan(contextMetadata: metadata, planner: self)
        heapPlans[metadata] = plan
        return plan
    }

    /// How to walk a `swift_allocBox` box (metadata kind HeapGenericLocalVariable).
    func boxPlan(metadata: UnsafeRawPointer) -> TypePlan {
        if let plan = heapPlans[metadata] { return plan }
        // Kind, then the value's offset in the box (32 bits), then the boxed type.
        let offset = Int(metadata.load(fromByteOffset: 8, as: UInt32.self))
        let boxed = RuntimeReflection.type(atMetadata: metadata.load(fromByteOffset: 16, as: UnsafeRawPointer.self))
        let inner = valuePlan(boxed)
        let plan = TypePlan(
            slots: inner.slots.map { $0.moved(by: offset, under: "") },
            typesWithoutFieldRecords: inner.typesWithoutFieldRecords)
        heapPlans[metadata] = plan
        return plan
    }

    private func makeInstancePlan(_ type: Any.Type) -> TypePlan {
        var missing: [String] = []
        var superclass: UnsafeRawPointer? = RuntimeReflection.metadata(of: type)
        while let current = superclass {
            let currentType = RuntimeReflection.type(atMetadata: current)
            if !RuntimeReflection.hasFieldRecords(currentType),
               RuntimeReflection.classHasStoredProperties(currentType) {
                missing.append(RuntimeReflection.name(of: currentType))
            }
            superclass = current.load(fromByteOffset: 8, as: UnsafeRawPointer?.self)
        }
        return fieldsPlan(type, missing: missing)
    }

    private func fieldsPlan(_ type: Any.Type, missing: [String]) -> TypePlan {
        var slots: [TypePlan.Slot] = []
        var missing = missing
        for field in RuntimeReflection.storedFields(of: type) where field.isStrong {
            if field.isHiddenNoncopyable {
                missing.append("\(RuntimeReflection.name(of: type)).\(field.name) (noncopyable, e.g. a Mutex)")
                continue
            }
            let inner = valuePlan(field.type)
            missing += inner.typesWithoutFieldRecords
            let name = field.name.hasPrefix("$__lazy_storage_$_")
                ? String(field.name.dropFirst("$__lazy_storage_$_".count)) : field.name
            slots += inner.slots.map { $0.moved(by: field.offset, under: name) }
        }
        return TypePlan(slots: slots, typesWithoutFieldRecords: missing)
    }

    private func makeValuePlan(_ type: Any.Type) -> TypePlan {
        switch _metadataKind(type) {
        case MetadataKind.class, MetadataKind.foreignClass:
            return TypePlan(slots: [.init(offset: 0, kind: .reference, path: "")])
        case MetadataKind.struct:
            if let collection = type as? any WalkableCollection.Type {
                return TypePlan(slots: [.init(offset: 0, kind: .dynamic(.collection(collection)), path: "")])
            }
            guard RuntimeReflection.hasFieldRecords(type) else {
                let size = RuntimeReflection.layout(of: type).size
                return size == 0 ? .leaf : TypePlan(slots: [], typesWithoutFieldRecords: [RuntimeReflection.name(of: type)])
            }
            return fieldsPlan(type, missing: [])
        case MetadataKind.tuple:
            return fieldsPlan(type, missing: [])
        case MetadataKind.optional:
            guard let optional = type as? any WalkableOptional.Type else { return .leaf }
            let wrapped = valuePlan(optional.wrappedType)
            if wrapped.isLeaf { return wrapped }
            if wrapped.slots.count == 1, wrapped.slots[0].offset == 0 {
                // nil is a null pointer (object or function): the wrapped plan reads it as
                // "no reference".
                switch wrapped.slots[0].kind {
                case .reference where wrapped.slots[0].path.isEmpty, .function where wrapped.slots[0].path == "()":
                    return wrapped
                default: break
                }
            }
            return TypePlan(
                slots: [.init(offset: 0, kind: .dynamic(.optional(optional)), path: "")],
                typesWithoutFieldRecords: wrapped.typesWithoutFieldRecords)
        case MetadataKind.enum:
            guard RuntimeReflection.hasFieldRecords(type) else {
                return TypePlan(slots: [], typesWithoutFieldRecords: [RuntimeReflection.name(of: type)])
            }
            guard RuntimeReflection.enumHasPayloadCases(type) else { return .leaf }
            return TypePlan(slots: [.init(offset: 0, kind: .dynamic(.enumeration(type)), path: "")])
        case MetadataKind.function:
            // Thick (Swift) closures are two words: function and context; thin and C
            // function pointers are one and capture nothing.
            guard RuntimeReflection.layout(of: type).size == 2 * MemoryLayout<Int>.size else { return .leaf }
            return TypePlan(slots: [.init(offset: 0, kind: .function, path: "()")])
        case MetadataKind.existential:
            switch RuntimeReflection.existentialRepresentation(of: type) {
            case .classBound:
                return TypePlan(slots: [.init(offset: 0, kind: .reference, path: "")])
            case .opaque:
                return TypePlan(slots: [.init(offset: 0, kind: .dynamic(.opaqueExistential), path: "")])
            case .error:
                return TypePlan(slots: [.init(offset: 0, kind: .dynamic(.errorExistential), path: "")])
            }
        case MetadataKind.opaque where RuntimeReflection.name(of: type) == "Builtin.NativeObject":
            // A strong reference to some native heap object (a Task's `_task`, a
            // ManagedBufferPointer's buffer): followed; if it is no class instance or
            // closure context, the report lists it as an object it cannot look into.
            return TypePlan(slots: [.init(offset: 0, kind: .reference, path: "")])
        default:
            // Metatypes, other builtins, opaque storage: no references the walk can follow.
            return .leaf
        }
    }
}
