/// Collections whose elements the walk visits in place (arrays) or by copy (hashed
/// collections). Their storage is one object shared between copies, so its references
/// count once however many holders share it.
protocol WalkableCollection {
    static func walkElements(at value: UnsafeRawPointer, label: String, walker: inout GraphWalker)
}

/// `Optional`, for optionals whose wrapped value is not a single pointer.
protocol WalkableOptional {
    static var wrappedType: Any.Type { get }
    static func hasValue(at value: UnsafeRawPointer) -> Bool
}

extension Optional: WalkableOptional {
    static var wrappedType: Any.Type { Wrapped.self }
    static func hasValue(at value: UnsafeRawPointer) -> Bool {
        value.assumingMemoryBound(to: Self.self).pointee != nil
    }
}

extension Array: WalkableCollection {
    static func walkElements(at value: UnsafeRawPointer, label: String, walker: inout GraphWalker) {
        walker.withStorage(value.load(as: UInt.self)) { walker in
            value.assumingMemoryBound(to: Self.self).pointee.withUnsafeBufferPointer {
                walkContiguous($0, firstIndex: 0, label: label, walker: &walker)
            }
        }
    }
}

extension ContiguousArray: WalkableCollection {
    static func walkElements(at value: UnsafeRawPointer, label: String, walker: inout GraphWalker) {
        walker.withStorage(value.load(as: UInt.self)) { walker in
            value.assumingMemoryBound(to: Self.self).pointee.withUnsafeBufferPointer {
                walkContiguous($0, firstIndex: 0, label: label, walker: &walker)
            }
        }
    }
}

extension ArraySlice: WalkableCollection {
    static func walkElements(at value: UnsafeRawPointer, label: String, walker: inout GraphWalker) {
        // The slice's elements only, named by the slice's own indices. Its storage (the
        // first word: the buffer's owner) may be an array's walked elsewhere.
        let slice = value.assumingMemoryBound(to: Self.self)
        let storageWalked = walker.hasWalkedStorage(value.load(as: UInt.self))
        slice.pointee.withUnsafeBufferPointer { buffer in
            if storageWalked {
                walker.withStorage(value.load(as: UInt.self)) {
                    walkContiguous(buffer, firstIndex: slice.pointee.startIndex, label: label, walker: &$0)
                }
            } else {
                walkContiguous(buffer, firstIndex: slice.pointee.startIndex, label: label, walker: &walker, isSlice: true)
            }
        }
    }
}

/// Visits elements in place, labelled `label[index]`.
private func walkContiguous<Element>(
    _ buffer: UnsafeBufferPointer<Element>, firstIndex: Int, label: String, walker: inout GraphWalker,
    isSlice: Bool = false
) {
    let plan = walker.planner.valuePlan(Element.self)
    guard !plan.isLeaf, let base = buffer.baseAddress else { return }
    for position in 0..<buffer.count {
        let element = UnsafeRawPointer(base + position)
        walker.withElement(UInt(bitPattern: element), fromSlice: isSlice) {
            $0.run(plan, at: element, label: label, index: firstIndex + position)
        }
    }
}

extension Dictionary: WalkableCollection {
    static func walkElements(at value: UnsafeRawPointer, label: String, walker: inout GraphWalker) {
        let keyPlan = walker.planner.valuePlan(Key.self), valuePlan = walker.planner.valuePlan(Value.self)
        guard !keyPlan.isLeaf || !valuePlan.isLeaf else { return }
        walker.withStorage(value.load(as: UInt.self)) { walker in
            for (position, element) in value.assumingMemoryBound(to: Self.self).pointee.enumerated() {
                if !keyPlan.isLeaf {
                    withUnsafePointer(to: element.key) {
                        walker.run(keyPlan, at: UnsafeRawPointer($0), label: label + ".keys", index: position)
                    }
                }
                if !valuePlan.isLeaf {
                    withUnsafePointer(to: element.value) {
                        walker.run(valuePlan, at: UnsafeRawPointer($0), label: "\(label)[\(String(reflecting: element.key))]", index: -1)
                    }
                }
            }
        }
    }
}

extension Set: WalkableCollection {
    static func walkElements(at value: UnsafeRawPointer, label: String, walker: inout GraphWalker) {
        let plan = walker.planner.valuePlan(Element.self)
        guard !plan.isLeaf else { return }
        walker.withStorage(value.load(as: UInt.self)) { walker in
            for (position, element) in value.assumingMemoryBound(to: Self.self).pointee.enumerated() {
                withUnsafePointer(to: element) {
                    walker.run(plan, at: UnsafeRawPointer($0), label: label + ".members", index: position)
                }
            }
        }
    }
}
