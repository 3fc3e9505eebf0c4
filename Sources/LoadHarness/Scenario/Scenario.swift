import MemoryProbes
import Screens
import SocialStack

/// One scenario file (design section 5): what to build, which variants to compare, how to
/// load them, the steps each virtual user plays (or several populations of users, each with
/// its own load and steps: section 20), and the thresholds that pass or fail it.
public struct Scenario: Hashable, Sendable {
    /// `[a-z0-9-]+`: the report folder's name.
    public var name: String
    public var description: String
    /// Every random choice (dataset and steps) derives from it.
    public var seed: UInt64
    /// What the allocation profile records in each measured step (`allocation_profile:`; sampled by default).
    public var allocationProfile: AllocationProfileMode
    public var stack: StackSettings
    public var dataset: DatasetSpec
    /// At least one; each runs on its own fresh stack with the same seed.
    public var variants: [VariantSpec]
    public var load: LoadModel
    /// Played once by each virtual user before its first iteration (`setup:`), measured and
    /// reported apart (`setup.<step>`).
    public var setup: [Step]
    public var steps: [Step]
    /// The groups of users played at once (`populations:`, design section 20); empty when the
    /// file has a plain `load:` and `steps:` (`playedPopulations` is then its one unnamed
    /// population). When given, `load`, `setup` and `steps` are the first population's.
    public var populations: [Population] = []
    public var thresholds: [Threshold]
    /// The file it was read from, for messages.
    public var path: String

    /// A scenario; the loader builds these from YAML.
    public init(name: String, description: String = "", seed: UInt64 = 1, allocationProfile: AllocationProfileMode = .sampled,
                stack: StackSettings = .init(),
                dataset: DatasetSpec = .init(), variants: [VariantSpec] = [.init(name: "weak", references: .weak)],
                load: LoadModel = .closed(.init()), setup: [Step] = [], steps: [Step], thresholds: [Threshold] = [],
                path: String = "") {
        self.name = name
        self.description = description
        self.seed = seed
        self.allocationProfile = allocationProfile
        self.stack = stack
        self.dataset = dataset
        self.variants = variants
        self.load = load
        self.setup = setup
        self.steps = steps
        self.thresholds = thresholds
        self.path = path
    }

    /// A scenario of several populations played at once (`populations:`, at least one).
    public init(name: String, description: String = "", seed: UInt64 = 1, allocationProfile: AllocationProfileMode = .sampled,
                stack: StackSettings = .init(), dataset: DatasetSpec = .init(),
                variants: [VariantSpec] = [.init(name: "weak", references: .weak)], populations: [Population],
                thresholds: [Threshold] = [], path: String = "") {
        let first = populations.first ?? Population(name: "", steps: [])
        self.init(name: name, description: description, seed: seed, allocationProfile: allocationProfile, stack: stack, dataset: dataset,
                  variants: variants, load: first.load, setup: first.setup, steps: first.steps, thresholds: thresholds, path: path)
        self.populations = populations
    }
}

/// The stack each variant gets (`stack:`).
public struct StackSettings: Hashable, Sendable {
    public enum Storage: String, Hashable, Sendable, CaseIterable {
        /// A database file in WAL mode in a temporary directory.
        case file
        case memory
    }

    public enum PasswordCostName: String, Hashable, Sendable, CaseIterable {
        case low, production

        /// The scrypt parameters it names.
        public var cost: PasswordCost { self == .low ? .low : .production }
    }

    public var feed: FeedStrategy = .fanOutOnRead
    public var passwordCost: PasswordCostName = .low
    public var storage: Storage = .memory

    /// The defaults: fanOutOnRead, low password cost, memory.
    public init(feed: FeedStrategy = .fanOutOnRead, passwordCost: PasswordCostName = .low, storage: Storage = .memory) {
        self.feed = feed
        self.passwordCost = passwordCost
        self.storage = storage
    }
}

/// What is built before measuring (`dataset:`), not timed.
public struct DatasetSpec: Hashable, Sendable {
    public var users = 100
    public var postsPerUser = 5
    public var followsPerUser = 10
    public var likesPerUser = 5
    /// Each user's profile image size in bytes (0: none).
    public var imageBytes = 4_096

    /// A dataset of these sizes.
    public init(users: Int = 100, postsPerUser: Int = 5, followsPerUser: Int = 10, likesPerUser: Int = 5, imageBytes: Int = 4_096) {
        self.users = users
        self.postsPerUser = postsPerUser
        self.followsPerUser = followsPerUser
        self.likesPerUser = likesPerUser
        self.imageBytes = imageBytes
    }
}

/// One variant (`variants:`): a name, the reference policy its screens use, and, when it
/// differs from the scenario's, its own stack (a feed strategy or password cost to compare).
public struct VariantSpec: Hashable, Sendable {
    public var name: String
    public var references: ReferencePolicy.Strength
    public var overrides: [ReferenceEdge: ReferencePolicy.Strength]
    /// This variant's stack settings; nil: the scenario's.
    public var stack: StackSettings?

    /// A variant whose edges are `references`, except `overrides`.
    public init(name: String, references: ReferencePolicy.Strength, overrides: [ReferenceEdge: ReferencePolicy.Strength] = [:],
                stack: StackSettings? = nil) {
        self.name = name
        self.references = references
        self.overrides = overrides
        self.stack = stack
    }

    /// The policy its screens are built with.
    public var policy: ReferencePolicy { ReferencePolicy(references, overrides: overrides) }
}
