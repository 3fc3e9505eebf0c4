// Compiled with -disable-reflection-metadata (see Package.swift): the runtime has no field
// records for these types, so a walk cannot see the references they hold.

/// A class whose stored reference is invisible to reflection.
public final class HiddenHolder {
    public var held: AnyObject?
    public init() {}
}

/// A struct whose stored reference is invisible to reflection.
public struct HiddenValue {
    public var held: AnyObject?
    public init() {}
}
