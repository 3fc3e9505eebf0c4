/// Facts about this build of Roost.
public enum Roost {
    /// Roost's version (semantic versioning).
    public static let version = "0.1.0"
}
