import Screens

/// Which screen a step opens or closes. A close step's screen is tracked before the step's
/// measured span, and every tracked part must be gone afterwards (the lifetime check).
public enum ScreenChange: Sendable {
    /// The step opens no screen and closes none.
    case none
    /// The step pushes a screen of this type.
    case opens(any Screen.Type)
    /// The step pops the top screen when it is of this type.
    case closes(any Screen.Type)

    /// The type of screen the step closes, if it closes one.
    public var closed: (any Screen.Type)? {
        if case .closes(let type) = self { type } else { nil }
    }

    /// What `roost list` says about it: `opens ProfileController`, `closes ...`, or nothing.
    public var description: String? {
        switch self {
        case .none: nil
        case .opens(let type): "opens \(type)"
        case .closes(let type): "closes \(type), lifetime checked"
        }
    }
}
