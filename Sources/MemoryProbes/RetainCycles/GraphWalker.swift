/// The label of one edge of the object graph. Array elements keep their index apart so
/// that a 100,000-element walk does not format 100,000 strings; `text` joins them.
struct EdgeLabel {
    var head: String
    var index: Int = -1
    var tail: String = ""

    var text: String { index < 0 ? head + tail : "\(head)[\(index)]\(tail)" }
}

/// What a node of the walked graph is.
enum NodeKind: UInt8 {
    /// A class instance.
    case instance
    /// A closure context or a captured variable's box: shown folded into the edge that
    /// leads to it (`ProfileHeader.onFollow() -> ProfileController`).
    case context
    /// A heap object the walk cannot look into.
    case opaque
}

/// Walks strong references from a root, breadth first, reading raw memory through the
/// plans: no strong reference to a reached object is ever formed, so retain counts read
/// afterwards are the graph's own. Weak and unowned fields are never read.
struct GraphWalker {
    let planner: Planner
    let maxObjects: Int

    private(set) var addresses: [UInt] = []
    private(set) var kinds: [NodeKind] = []
    private(set) var metadata: [UnsafeRawPointer] = []
    private var indexByAddress = AddressTable()
    /// Edges of node `n` are `edgeStart[n] ..< edgeStart[n + 1]`.
    private(set) var edgeStart: [Int32] = []
    private(set) var edgeTargets: [Int32] = []
    private(set) var edgeLabels: [EdgeLabel] = []
    /// Strong references to each node from walked memory (shared storage counted once).
    private(set) var inDegree: [Int32] = []

    private(set) var isTruncated = false
    private(set) var typesWithoutFieldRecords: Set<String> = []
    private(set) var unresolvedContexts = 0
    /// Heap objects reached that are neither class instances nor closure contexts (an
    /// async task, ...): what they hold is not seen.
    private(set) var opaqueObjects = 0
    private var countsReferences = true
    private var walkedStorage: Set<UInt> = []
    /// Elements counted through an `ArraySlice`, whose storage its array may share.
    private var countedSliceElements: Set<UInt> = []

    init(planner: Planner, maxObjects: Int) {
        self.planner = planner
        self.maxObjects = maxObjects
    }

    var nodeCount: Int { addresses.count }

    /// Walks everything strongly reachable from `root`.
    mutating func walk(from root: UnsafeRawPointer) {
        _ = node(for: UInt(bitPattern: root))
        var next = 0
        while next < addresses.count {
            edgeStart.append(Int32(edgeTargets.count))
            expand(next)
            next += 1
        }
        edgeStart.append(Int32(edgeTargets.count))
    }

    private mutating func expand(_ index: Int) {
        guard let base = UnsafeRawPointer(bitPattern: addresses[index]) else { return }
        let plan: TypePlan
        switch kinds[index] {
        case .instance:
            plan = planner.instancePlan(metadata: metadata[index])
        case .context:
            let kind = metadata[index].load(as: UInt.self)
            plan = kind == MetadataKind.heapGenericLocalVariable
                ? planner.boxPlan(metadata: metadata[index])
                : planner.contextPlan(metadata: metadata[index])
            if plan.isUnresolved { unresolvedContexts += 1 }
        case .opaque:
            opaqueObjects += 1
            return
        }
        for type in plan.typesWithoutFieldRecords { typesWithoutFieldRecords.insert(type) }
        run(plan, at: base, label: "", index: -1)
    }

    /// The node for the object at `address`, added on first sight; nil past `maxObjects`.
    private mutating func node(for address: UInt) -> Int32? {
        if let index = indexByAddress.value(for: address) { return index }
        guard addresses.count < maxObjects else {
            isTruncated = true
            return nil
        }
        let objectMetadata = UnsafeRawPointer(bitPattern: address)!.load(as: UnsafeRawPointer.self)
        let kindWord = objectMetadata.load(as: UInt.self)
        let kind: NodeKind
        switch kindWord {
        case MetadataKind.class, MetadataKind.lastEnumerated + 1 ... UInt.max: kind = .instance
        case MetadataKind.heapLocalVariable, MetadataKind.heapGenericLocalVariable: kind = .context
        default: kind = .opaque
        }
        let index = Int32(addresses.count)
        addresses.append(address)
        kinds.append(kind)
        metadata.append(objectMetadata)
        inDegree.append(0)
        indexByAddress.insert(address, index)
        return index
    }

    private mutating func addEdge(to address: UInt, label: EdgeLabel) {
        // Null, small values (Optional's extra inhabitants) and misaligned words are not objects.
        guard address >= 4096, address & 7 == 0, let target = node(for: address) else { return }
        edgeTargets.append(target)
        edgeLabels.append(label)
        if countsReferences { inDegree[Int(target)] += 1 }
    }

    /// Visits every slot of `plan` in the value at `base`. `label` and `index` name the
    /// container the value sits in ("cells", 3), or are empty for an object's own fields.
    mutating func run(_ plan: TypePlan, at base: UnsafeRawPointer, label: String, index: Int) {
        for slot in plan.slots {
            switch slot.kind {
            case .reference:
                let edge = index < 0
                    ? EdgeLabel(head: joinLabel(label, slot)) : EdgeLabel(head: label, index: index, tail: slot.tail)
                addEdge(to: base.load(fromByteOffset: slot.offset, as: UInt.self), label: edge)
            case .function:
                // A null function pointer is a nil optional closure.
                guard base.load(fromByteOffset: slot.offset, as: UInt.self) != 0 else { continue }
                let edge = index < 0
                    ? EdgeLabel(head: joinLabel(label, slot)) : EdgeLabel(head: label, index: index, tail: slot.tail)
                addEdge(to: base.load(fromByteOffset: slot.offset + 8, as: UInt.self), label: edge)
            case .dynamic(let value):
                let here = index < 0 ? joinLabel(label, slot) : EdgeLabel(head: label, index: index, tail: slot.tail).text
                walkDynamic(value, at: base + slot.offset, label: here)
            }
        }
    }

    private mutating func walkDynamic(_ value: TypePlan.DynamicValue, at address: UnsafeRawPointer, label: String) {
        switch value {
        case .collection(let collection):
            collection.walkElements(at: address, label: label, walker: &self)
        case .optional(let optional):
            // A single-payload enum keeps its payload at offset 0.
            if optional.hasValue(at: address) {
                run(planner.valuePlan(optional.wrappedType), at: address, label: label, index: -1)
            }
        case .enumeration(let type):
            walkEnumPayload(type, at: address, label: label)
        case .opaqueExistential:
            // Three words of inline buffer, then the dynamic type's metadata.
            let type = RuntimeReflection.type(atMetadata: address.load(fromByteOffset: 24, as: UnsafeRawPointer.self))
            let layout = RuntimeReflection.layout(of: type)
            let plan = planner.valuePlan(type)
            if layout.isInline {
                run(plan, at: address, label: label, index: -1)
            } else {
                // Out of line: the buffer points to a box, shared by copies of the
                // existential; the value follows the box's header.
                let box = address.load(as: UnsafeRawPointer.self)
                let value = box + ((16 + layout.alignmentMask) & ~layout.alignmentMask)
                withStorage(UInt(bitPattern: box)) { $0.run(plan, at: value, label: label, index: -1) }
            }
        case .errorExistential:
            let error = address.assumingMemoryBound(to: (any Error).self).pointee
            walkCopy(of: error, label: label)
        }
    }

    /// An enum's payload, through a copy: the runtime's reflection names the case and
    /// hands out the payload (a type's own `customMirror` is not consulted; copying a value
    /// never reads a weak or unowned reference strongly).
    private mutating func walkEnumPayload(_ type: Any.Type, at address: UnsafeRawPointer, label: String) {
        func payload<T>(_: T.Type) -> (caseName: String, value: Any)? {
            let value = address.assumingMemoryBound(to: T.self).pointee
            guard _reflectionChildCount(value, type: T.self) > 0 else { return nil }
            var name: UnsafePointer<CChar>? = nil
            var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
            let child = _reflectionChild(of: value, type: T.self, index: 0, outName: &name, outFreeFunc: &freeName)
            defer { freeName?(name) }
            return (name.map { String(cString: $0) } ?? "", child)
        }
        guard let (caseName, value) = _openExistential(type, do: payload) else { return }
        let caseLabel = label.isEmpty ? caseName : caseName.isEmpty ? label : "\(label).\(caseName)"
        if planner.indirectCaseNames(type).contains(caseName), let box = indirectBox(at: address) {
            // Copies of an indirect case share its box: count what it holds once.
            withStorage(box) { $0.walkCopy(of: value, label: caseLabel) }
        } else {
            walkCopy(of: value, label: caseLabel)
        }
    }

    /// The heap box of an indirect enum case: the payload word without the spare bits a
    /// multi-payload enum keeps its tag in, if it points to a box (IRGen's fixed-layout box
    /// or `swift_allocBox`'s).
    private func indirectBox(at address: UnsafeRawPointer) -> UInt? {
        let box = address.load(as: UInt.self) & ~UInt(0xF000_0000_0000_0007)
        guard box >= 4096, let object = UnsafeRawPointer(bitPattern: box) else { return nil }
        let kind = object.load(as: UnsafeRawPointer.self).load(as: UInt.self)
        return kind == MetadataKind.heapLocalVariable || kind == MetadataKind.heapGenericLocalVariable ? box : nil
    }

    private mutating func walkCopy(of value: Any, label: String) {
        func visit<T>(_ value: T, _ walker: inout GraphWalker) {
            withUnsafePointer(to: value) {
                walker.run(walker.planner.valuePlan(T.self), at: UnsafeRawPointer($0), label: label, index: -1)
            }
        }
        func open<T>(_ value: T) -> (inout GraphWalker) -> Void { { visit(value, &$0) } }
        _openExistential(value, do: open)(&self)
    }

    /// Runs `body` for one element of a contiguous buffer, counting its references unless an
    /// array and a slice of it both reach the element (its storage counts once either way).
    mutating func withElement(_ address: UInt, fromSlice: Bool, _ body: (inout GraphWalker) -> Void) {
        guard countsReferences, fromSlice || !countedSliceElements.isEmpty else { return body(&self) }
        let first = fromSlice
            ? countedSliceElements.insert(address).inserted : !countedSliceElements.contains(address)
        countsReferences = first
        body(&self)
        countsReferences = true
    }

    /// Whether a storage object has been walked already.
    func hasWalkedStorage(_ storage: UInt) -> Bool { walkedStorage.contains(storage) }

    /// Runs `body` counting references only the first time a storage object is walked:
    /// two arrays sharing one buffer hold each element once.
    mutating func withStorage(_ storage: UInt, _ body: (inout GraphWalker) -> Void) {
        let first = walkedStorage.insert(storage).inserted
        let saved = countsReferences
        countsReferences = saved && first
        body(&self)
        countsReferences = saved
    }
}
