import SocialStack

/// A change to a variant's stack that tests make to show what the gate catches (package:
/// `@testable` tests and `roost-bench capacity`'s known limit only): SQL run on the stack's
/// database once its dataset is in (drop an index), and work added inside each measured step,
/// counted as the step's own (a query per row the step showed).
package struct StackPatch: Sendable {
    /// Runs once on the variant's stack, after the dataset, before anything is measured.
    package var setUp: @Sendable (SocialStack) throws -> Void
    /// Runs at the end of each measured step (inside its span), with the step's name.
    package var inStep: @Sendable (String, SocialStack) throws -> Void

    /// A patch of `setUp` and `inStep`; each left out does nothing.
    package init(setUp: @escaping @Sendable (SocialStack) throws -> Void = { _ in },
                 inStep: @escaping @Sendable (String, SocialStack) throws -> Void = { _, _ in }) {
        self.setUp = setUp
        self.inStep = inStep
    }
}
