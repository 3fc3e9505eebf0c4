/// Where the strong references of one value, one object's fields or one closure context
/// are, worked out once per type from the runtime's field records and cached.
final class TypePlan {
    /// One place that holds (or may hold) strong references.
    struct Slot {
        enum Kind {
            /// A native object pointer (a class, `AnyObject`, a class-bound existential's
            /// first word, or an `Optional` of one: 0 is nil).
            case reference
            /// A thick closure: function pointer, then its context (an object or a box).
            case function
            /// A value whose references depend on its contents (collections, enums,
            /// optionals of structs, `Any`, `any Error`).
            case dynamic(DynamicValue)
        }

        let offset: Int
        let kind: Kind
        /// The property path inside the value ("header", "state.delegate", "onFollow()").
        let path: String
        /// `path` as it reads after a container's own label (".delegate", "()", "").
        let tail: String

        init(offset: Int, kind: Kind, path: String) {
            self.offset = offset
            self.kind = kind
            self.path = path
            self.tail = path.isEmpty || path.first == "(" || path.first == "[" ? path : "." + path
        }

        func moved(by delta: Int, under field: String) -> Slot {
            Slot(offset: offset + delta, kind: kind, path: field.isEmpty ? path : field + tail)
        }
    }

    /// Kinds of value that are walked by looking at the value itself.
    enum DynamicValue {
        case collection(any WalkableCollection.Type)
        case optional(any WalkableOptional.Type)
        case enumeration(Any.Type)
        case opaqueExistential
        case errorExistential
    }

    let slots: [Slot]
    /// The types met while planning that have no field records (built without reflection
    /// metadata): their references cannot be seen.
    let typesWithoutFieldRecords: [String]
    /// A closure context whose captured types could not be resolved (generic captures).
    let isUnresolved: Bool

    init(slots: [Slot], typesWithoutFieldRecords: [String] = [], isUnresolved: Bool = false) {
        self.slots = slots
        self.typesWithoutFieldRecords = typesWithoutFieldRecords
        self.isUnresolved = isUnresolved
    }

    var isLeaf: Bool { slots.isEmpty }

    static var leaf: TypePlan { TypePlan(slots: []) }
}

/// Joins a container's label and a slot's path: "cells" + "[3]", "state" + ".delegate".
func joinLabel(_ head: String, _ slot: TypePlan.Slot) -> String {
    head.isEmpty ? slot.path : head + slot.tail
}
