import SocialStack

/// A step that could not do what it was asked, for a reason of the run itself (the stack's
/// and the screens' own errors are counted under their own names).
public enum StepError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `close_profile` and the like with no such screen on top.
    case noOpenScreen(step: String, expected: String)
    /// A target that names nothing (`followed` with no follows, `self` with no posts).
    case noTarget(step: String, target: String)
    /// A literal username or post id that does not exist.
    case unknownLiteral(step: String, literal: String)

    public var description: String {
        switch self {
        case .noOpenScreen(let step, let expected): "\(step): no \(expected) is open"
        case .noTarget(let step, let target): "\(step): target '\(target)' names nothing for this virtual user"
        case .unknownLiteral(let step, let literal): "\(step): '\(literal)' names no user or post"
        }
    }
}

/// The short name an error is counted under in reports: its type and case
/// (`PostError.notAuthor`, `ScreenError.notSignedIn`, `StepError.noOpenScreen`), whatever its
/// message says (the case is the enum's own, read from its metadata, not cut from the text).
func errorName(_ error: any Error) -> String {
    let type = String(describing: Swift.type(of: error))
    guard let caseName = enumCaseName(error) else { return type }
    return "\(type).\(caseName)"
}

/// The case of an error that is an enum (with or without a payload); nil for any other error.
private func enumCaseName<E: Error>(_ error: E) -> String? {
    guard Mirror(reflecting: error).displayStyle == .enum else { return nil }
    if let label = Mirror(reflecting: error).children.first?.label { return label }
    return swiftEnumCaseName(error).map { String(cString: $0) }
}

/// The Swift runtime's name of an enum value's case (what `print` shows of an enum without a
/// description of its own); nil when the type has no reflection metadata.
@_silgen_name("swift_EnumCaseName")
private func swiftEnumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?
