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
/// (`PostError.notAuthor`, `StepError.noOpenScreen`).
func errorName(_ error: any Error) -> String {
    let type = String(describing: Swift.type(of: error))
    let text = String(describing: error)
    let mirror = Mirror(reflecting: error)
    if mirror.displayStyle == .enum {
        let caseName = mirror.children.first?.label ?? String(text.prefix { $0.isLetter || $0.isNumber })
        return "\(type).\(caseName)"
    }
    return type
}
