import LoadHarness

/// Times each measured operation on the stack and, when there is one, on the plain-SQLite
/// reference, one call after the other, so that both see the same moment of a shared
/// machine. Which side goes first alternates from call to call, so neither is always the
/// one that finds SQLite's code and the clock's state warm. After both calls it checks that
/// they answered alike (outside the timings): a reference that did other work than the
/// stack would make the ratio meaningless.
struct SideBySide {
    /// The measured operations.
    enum Operation: String, CaseIterable {
        case follow, post, like, firstPage, deepPage
    }

    /// Samples by operation, one side's.
    struct Samples {
        private var follow = LatencySample(), post = LatencySample(), like = LatencySample()
        private var firstPage = LatencySample(), deepPage = LatencySample()

        subscript(operation: Operation) -> LatencySample {
            switch operation {
            case .follow: follow
            case .post: post
            case .like: like
            case .firstPage: firstPage
            case .deepPage: deepPage
            }
        }

        /// Times `body` into the operation's sample (in place: no copy of the sample).
        mutating func time<T>(_ operation: Operation, _ body: () throws -> T) rethrows -> T {
            switch operation {
            case .follow: try follow.time(body)
            case .post: try post.time(body)
            case .like: try like.time(body)
            case .firstPage: try firstPage.time(body)
            case .deepPage: try deepPage.time(body)
            }
        }

        /// Empties the feed samples, for the next table size.
        mutating func resetFeedPages() {
            firstPage = LatencySample()
            deepPage = LatencySample()
        }
    }

    let reference: StackReference?
    var stackSamples = Samples()
    var referenceSamples = Samples()
    private var stackFirst = true

    init(reference: StackReference?) { self.reference = reference }

    /// Times `stack` (and `reference` beside it), checks that `same` maps both answers to
    /// equal values, and returns the stack's answer. `what` names the call in an error.
    @discardableResult
    mutating func time<S, R, V: Equatable & CustomStringConvertible>(
        _ operation: Operation, _ what: @autoclosure () -> String,
        stack stackBody: () throws -> S, reference referenceBody: (StackReference) throws -> R,
        same stackValue: (S) -> V, _ referenceValue: (R) -> V
    ) throws -> S {
        guard let reference else { return try stackSamples.time(operation, stackBody) }
        let stackAnswer: S, referenceAnswer: R
        if stackFirst {
            stackAnswer = try stackSamples.time(operation, stackBody)
            referenceAnswer = try referenceSamples.time(operation) { try referenceBody(reference) }
        } else {
            referenceAnswer = try referenceSamples.time(operation) { try referenceBody(reference) }
            stackAnswer = try stackSamples.time(operation, stackBody)
        }
        stackFirst.toggle()
        let expected = stackValue(stackAnswer), actual = referenceValue(referenceAnswer)
        guard expected == actual else {
            throw StackReferenceError.differentResult(operation: what(), stack: "\(expected)", reference: "\(actual)")
        }
        return stackAnswer
    }

    /// `time` for operations whose two sides answer the same type.
    @discardableResult
    mutating func time<V: Equatable & CustomStringConvertible>(
        _ operation: Operation, _ what: @autoclosure () -> String,
        stack stackBody: () throws -> V, reference referenceBody: (StackReference) throws -> V
    ) throws -> V {
        try time(operation, what(), stack: stackBody, reference: referenceBody, same: { $0 }, { $0 })
    }
}
