/// Fields of noncopyable type (`Synchronization.Mutex`, say): the runtime's reflection
/// reports their type as `()`, and so does the field record's own type accessor (the
/// compiler emits one returning `()` so that Mirror never meets them). What such a field
/// holds cannot be seen; the walk says so instead of passing it over.
enum NoncopyableFields {
    /// Whether the `index`-th stored field (superclass fields first) of `owner`, which
    /// reflection calls `()`, is in fact a hidden noncopyable value (its record's type is not
    /// the plain `yt` of a real `()` field).
    static func isHidden(fieldAt index: Int, of owner: Any.Type) -> Bool {
        guard let record = fieldRecord(at: index, of: owner) else { return true }
        let nameField = record + 4
        let relative = nameField.load(as: Int32.self)
        guard relative != 0 else { return true }
        let name = (nameField + Int(relative)).assumingMemoryBound(to: UInt8.self)
        return !(name[0] == UInt8(ascii: "y") && name[1] == UInt8(ascii: "t") && name[2] == 0)
    }

    /// The field record (flags, mangled type, name) of a recursive field index.
    private static func fieldRecord(at index: Int, of owner: Any.Type) -> UnsafeRawPointer? {
        // A class's recursive fields start with its root class's.
        var chain: [Any.Type] = [owner]
        if _metadataKind(owner) == MetadataKind.class {
            var superclass = RuntimeReflection.metadata(of: owner).load(fromByteOffset: 8, as: UnsafeRawPointer?.self)
            while let current = superclass {
                chain.insert(RuntimeReflection.type(atMetadata: current), at: 0)
                superclass = current.load(fromByteOffset: 8, as: UnsafeRawPointer?.self)
            }
        }
        var remaining = index
        for type in chain {
            let records = RuntimeReflection.fieldRecords(of: type)
            if remaining < records.count { return records[remaining] }
            remaining -= records.count
        }
        return nil
    }
}
