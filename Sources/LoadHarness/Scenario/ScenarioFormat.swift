import MemoryProbes
import Screens
import SocialStack

/// The keys and values the scenario format accepts (design section 5). The loader checks
/// files against these lists, and tests check `Scenarios/roost.schema.json` against them.
public enum ScenarioFormat {
    /// Keys of the top-level mapping.
    public static let topLevelKeys = ["name", "description", "seed", "allocation_profile", "stack", "dataset", "variants", "load", "setup",
                                      "steps", "populations", "thresholds"]
    /// Keys that must be present at the top level (and `steps`, or `populations` instead of
    /// `load`, `setup` and `steps`).
    public static let requiredTopLevelKeys = ["name"]
    /// Keys of each item of `populations:` (design section 20).
    public static let populationKeys = ["name", "load", "setup", "steps", "start_after"]
    /// Top-level keys that belong to each population when `populations:` is given.
    public static let perPopulationKeys = ["load", "setup", "steps"]
    /// Keys of `stack:`.
    public static let stackKeys = ["feed", "password_cost", "storage"]
    /// Keys of `dataset:`.
    public static let datasetKeys = ["users", "posts_per_user", "follows_per_user", "likes_per_user", "image_bytes"]
    /// Keys of each item of `variants:`.
    public static let variantKeys = ["name", "references", "overrides", "stack"]
    /// Keys of a closed-model `load:`.
    public static var closedLoadKeys: [String] { LoadModel.ClosedLoad.keys }
    /// Keys of an open-model `load:`.
    public static var openLoadKeys: [String] { LoadModel.OpenLoad.keys }
    /// Every key `load:` accepts (any registered model), in the models' order.
    public static var loadKeys: [String] {
        var keys: [String] = []
        for model in LoadModels.all {
            for key in model.keys where !keys.contains(key) { keys.append(key) }
        }
        return keys
    }
    /// The registered load models' names, in order.
    public static var loadModels: [String] { LoadModels.all.map { $0.name } }
    /// Keys of each item of `stages:`.
    public static let stageKeys = ["duration", "target", "name"]
    /// Keys of `stairs:`.
    public static let stairsKeys = ["start", "step", "levels", "level", "ramp"]

    /// `allocation_profile:` values.
    public static var allocationProfiles: [String] { AllocationProfileMode.allCases.map(\.rawValue) }
    /// `stack.feed` values.
    public static var feeds: [String] { FeedStrategy.allCases.map(\.rawValue) }
    /// `stack.password_cost` values.
    public static var passwordCosts: [String] { StackSettings.PasswordCostName.allCases.map(\.rawValue) }
    /// `stack.storage` values.
    public static var storages: [String] { StackSettings.Storage.allCases.map(\.rawValue) }
    /// `references:` and override values.
    public static let strengths = ["weak", "strong"]
    /// Keys of a variant's `overrides:`: the screens' edges and every registered package's.
    public static var edges: [String] { StepRegistry.current.edges.map(\.rawValue) }
    /// Named targets of `user:` and `post:` (anything else is a literal).
    public static let targets = ["random", "self", "followed", "from_feed"]
    /// Units a duration may end with.
    public static let durationUnits = ["ns", "us", "ms", "s", "m"]
    /// Units an arrival rate may end with (`200/s`, `12/m`).
    public static let rateUnits = ["s", "m"]
    /// Threshold metric names every run reports (any latency percentile `pNN` is accepted too).
    public static var metrics: [String] { Threshold.Metric.allCases.map(\.name) }
    /// The named (non-percentile) threshold metrics.
    public static var namedMetrics: [String] { Threshold.Metric.named.map(\.name) }

    /// Whether `text` is a valid scenario or variant name: `[a-z0-9-]+`.
    public static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// The target a keyword names, or nil for a literal.
    static func target(named keyword: String) -> Target? {
        switch keyword {
        case "random": .random
        case "self": .`self`
        case "followed": .followed
        case "from_feed": .fromFeed
        default: nil
        }
    }
}
