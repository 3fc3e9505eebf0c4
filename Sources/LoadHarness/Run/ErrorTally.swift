/// One kind of error a step met (its type and case, `errorName`): how many times, and the
/// first one's message and where it happened (`errors.csv`, the summary's error lines).
public struct ErrorTally: Sendable, Hashable {
    /// How many executions failed with it.
    public internal(set) var count: Int
    /// The first one's message (its description).
    public internal(set) var message: String
    /// The virtual user and the measured iteration (0-based, that user's) of the first one:
    /// the earliest iteration, and of those the lowest user, so it repeats from run to run.
    /// nil when not known (a run rebuilt from what it streamed).
    public internal(set) var firstUser: Int?
    public internal(set) var firstIteration: Int?

    /// `count` errors whose first was `message` by user `firstUser` in iteration `firstIteration`.
    public init(count: Int, message: String, firstUser: Int?, firstIteration: Int?) {
        self.count = count
        self.message = message
        self.firstUser = firstUser
        self.firstIteration = firstIteration
    }

    /// Adds `other`'s errors of the same kind, keeping the earlier first one.
    mutating func merge(_ other: ErrorTally) {
        count += other.count
        guard let theirs = other.firstIteration.flatMap({ iteration in other.firstUser.map { (iteration, $0) } }) else { return }
        let mine = firstIteration.flatMap { iteration in firstUser.map { (iteration, $0) } }
        if mine.map({ theirs < $0 }) ?? true {
            message = other.message
            firstUser = other.firstUser
            firstIteration = other.firstIteration
        }
    }
}
