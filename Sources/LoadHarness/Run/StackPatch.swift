import SocialStack

/// A change to a variant's stack that tests make to show what the gate catches (internal:
/// `@testable` tests only): SQL run on the stack's database once its dataset is in (drop an
/// index), and work added inside each measured step, counted as the step's own (a query
/// per row the step showed).
struct StackPatch: Sendable {
    /// Runs once on the variant's stack, after the dataset, before anything is measured.
    var setUp: @Sendable (SocialStack) throws -> Void = { _ in }
    /// Runs at the end of each measured step (inside its span), with the step's name.
    var inStep: @Sendable (String, SocialStack) throws -> Void = { _, _ in }
}
