import MemoryProbes
import Screens
import SocialStack
import Yams

extension ScenarioReader {
    /// The whole scenario, or nil when anything was reported.
    mutating func scenario(_ root: Node) -> Scenario? {
        guard root.mapping != nil else {
            report("expected a mapping of scenario keys (name, steps, ...) at the top of the file, got \(Self.describe(root))", at: root)
            return nil
        }
        guard let top = fields(root, label: "the scenario", context: nil, allowed: ScenarioFormat.topLevelKeys) else { return nil }
        let name = required("name", in: top, context: nil).flatMap { self.name($0, label: "'name'") }
        let description = top["description"].map { string($0, label: "'description'") ?? "" } ?? ""
        let seed = top["seed"].map { self.seed($0) } ?? 1
        let profile: AllocationProfileMode? = top["allocation_profile"].map {
            choice($0, label: "'allocation_profile'", values: ScenarioFormat.allocationProfiles).flatMap(AllocationProfileMode.init(rawValue:))
        } ?? .sampled
        let stack = top["stack"].map { self.stack($0) } ?? StackSettings()
        let dataset = top["dataset"].map { self.dataset($0) } ?? DatasetSpec()
        let variants = top["variants"].map { self.variants($0, stack: stack ?? StackSettings()) }
            ?? [VariantSpec(name: "weak", references: .weak)]
        let declared = top["variants"].map(Self.variantNames) ?? ["weak"]
        let load: LoadModel?, setup: [Step]?, steps: [Step]?, scopes: [ThresholdScope]
        var populations: [Population]? = []
        if let populationsNode = top["populations"] {
            // Each population has its own; at the top they would say which population?
            for key in ScenarioFormat.perPopulationKeys {
                guard let keyNode = top.keyNode(key) else { continue }
                report("'\(key)' belongs to each population when 'populations' is given: move it into the populations "
                       + "(or write one population as a plain 'load:' and 'steps:' without 'populations')", at: keyNode)
            }
            (populations, scopes) = self.populations(populationsNode)
            let first = populations?.first
            (load, setup, steps) = (first?.load, first?.setup, first?.steps)
        } else {
            load = top["load"].map { self.load($0) } ?? .closed(.init())
            setup = top["setup"].map { self.steps($0, label: "'setup'") } ?? []
            setupNamesWritten = stepNamesWritten
            stepNamesWritten = []
            steps = required("steps", in: top, context: nil)
                .map { self.steps($0, label: "'steps'") } ?? []
            scopes = [unnamedScope(stages: load.map { $0.stages.map(\.name) } ?? [], loadIsValid: load != nil)]
        }
        let thresholds = top["thresholds"].map { self.thresholds($0, variants: declared, scopes: scopes) } ?? []
        guard problems.isEmpty, let name, let seed, let profile, let stack, let dataset, let variants, let load, let setup, let steps,
              let populations, let thresholds else {
            return nil
        }
        var scenario = Scenario(name: name, description: description, seed: seed, allocationProfile: profile, stack: stack, dataset: dataset,
                                variants: variants, load: load, setup: setup, steps: steps, thresholds: thresholds, path: path)
        scenario.populations = populations
        return scenario
    }

    /// `seed:`, a non-negative integer.
    private mutating func seed(_ node: Node) -> UInt64? {
        guard let scalar = node.scalar, scalar.style == .plain || scalar.style == .any, let value = UInt64(scalar.string) else {
            expected("a non-negative integer", for: "'seed'", got: node)
            return nil
        }
        return value
    }

    /// `stack:`; omitted keys keep `base` (`StackSettings`' defaults at the top, the
    /// scenario's settings in a variant).
    private mutating func stack(_ node: Node, base: StackSettings = StackSettings()) -> StackSettings? {
        guard let fields = fields(node, label: "'stack'", context: "stack", allowed: ScenarioFormat.stackKeys) else { return nil }
        var settings = base
        if let value = fields["feed"].flatMap({ choice($0, label: "'feed'", values: ScenarioFormat.feeds) }) {
            settings.feed = FeedStrategy(rawValue: value) ?? settings.feed
        }
        if let value = fields["password_cost"].flatMap({ choice($0, label: "'password_cost'", values: ScenarioFormat.passwordCosts) }) {
            settings.passwordCost = StackSettings.PasswordCostName(rawValue: value) ?? settings.passwordCost
        }
        if let value = fields["storage"].flatMap({ choice($0, label: "'storage'", values: ScenarioFormat.storages) }) {
            settings.storage = StackSettings.Storage(rawValue: value) ?? settings.storage
        }
        return settings
    }

    /// `dataset:`; omitted sizes keep `DatasetSpec`'s defaults.
    private mutating func dataset(_ node: Node) -> DatasetSpec? {
        guard let fields = fields(node, label: "'dataset'", context: "dataset", allowed: ScenarioFormat.datasetKeys) else { return nil }
        var spec = DatasetSpec()
        func size(_ key: String, minimum: Int, into value: inout Int) -> Bool {
            guard let node = fields[key] else { return true }
            guard let read = integer(node, label: "'\(key)'", minimum: minimum) else { return false }
            value = read
            return true
        }
        let usersRead = size("users", minimum: 2, into: &spec.users)
        let postsRead = size("posts_per_user", minimum: 0, into: &spec.postsPerUser)
        let followsRead = size("follows_per_user", minimum: 0, into: &spec.followsPerUser)
        let likesRead = size("likes_per_user", minimum: 0, into: &spec.likesPerUser)
        let imageRead = size("image_bytes", minimum: 0, into: &spec.imageBytes)
        let imageLimit = SocialStack.Configuration().mediaSizeLimit
        if imageRead, spec.imageBytes > imageLimit, let node = fields["image_bytes"] {
            report("'image_bytes' must be at most \(imageLimit) (the stack's image size limit), got \(spec.imageBytes)", at: node)
        }
        if imageRead, (1..<DatasetImage.minimumBytes).contains(spec.imageBytes), let node = fields["image_bytes"] {
            report("'image_bytes' must be 0 (no images) or at least \(DatasetImage.minimumBytes) (an image's PNG signature), "
                   + "got \(spec.imageBytes)", at: node)
        }
        if postsRead, likesRead, spec.postsPerUser == 0, spec.likesPerUser > 0, let node = fields["likes_per_user"] {
            report("'likes_per_user' needs posts to like: 'posts_per_user' is 0; set 'likes_per_user' to 0 or add posts", at: node)
        }
        if usersRead, postsRead, followsRead, likesRead {
            let rows = Self.datasetRows(spec)
            if rows.map({ $0 > Self.maximumDatasetRows }) ?? true {
                report("the dataset would have \(rows.map { "\($0)" } ?? "more than \(Int.max)") rows "
                       + "(users x (1 + follows_per_user + posts_per_user + likes_per_user)); "
                       + "the most Roost builds is \(Self.maximumDatasetRows)", at: fields["users"] ?? node)
            }
        }
        if usersRead, followsRead, spec.followsPerUser >= spec.users, let follows = fields["follows_per_user"] ?? fields["users"] {
            // Say which of the two the file did not set: its default is not on the page.
            let users = fields.has("users") ? "'users' (\(spec.users))" : "'users' (\(spec.users), the default)"
            let followsValue = fields.has("follows_per_user") ? "got \(spec.followsPerUser)"
                : "got \(spec.followsPerUser), the default: set 'follows_per_user' below \(spec.users)"
            report("'follows_per_user' must be less than \(users), \(followsValue)", at: follows)
        }
        return spec
    }

    /// The most rows (sign-ups, follows, posts and likes) a dataset section may ask for.
    static let maximumDatasetRows = 200_000_000

    /// How many rows `spec` builds, nil when that overflows.
    private static func datasetRows(_ spec: DatasetSpec) -> Int? {
        let perUser = [1, spec.followsPerUser, spec.postsPerUser, spec.likesPerUser].reduce(Optional(0)) { sum, value in
            sum.flatMap { sum in let (total, overflow) = sum.addingReportingOverflow(value); return overflow ? nil : total }
        }
        guard let perUser else { return nil }
        let (rows, overflow) = spec.users.multipliedReportingOverflow(by: perUser)
        return overflow ? nil : rows
    }

    /// `variants:`, a non-empty list of uniquely named variants; a variant's `stack:` changes
    /// the scenario's `stack` settings for that variant only.
    private mutating func variants(_ node: Node, stack scenarioStack: StackSettings) -> [VariantSpec]? {
        guard let items = list(node, label: "'variants'", of: "variant") else { return nil }
        var variants: [VariantSpec] = []
        var seen: Set<String> = []
        for item in items {
            guard let fields = fields(item, label: "each variant in 'variants'", context: "variants", allowed: ScenarioFormat.variantKeys) else {
                continue
            }
            let nameNode = required("name", in: fields, context: "variants")
            let name = nameNode.flatMap { self.name($0, label: "'name'") }
            if let name, let nameNode, !seen.insert(name).inserted {
                report("duplicate variant name '\(name)'; each variant needs its own name", at: nameNode)
            }
            let references = required("references", in: fields, context: "variants")
                .flatMap { choice($0, label: "'references'", values: ScenarioFormat.strengths) }
                .flatMap(ReferencePolicy.Strength.init(rawValue:))
            let overrides = fields["overrides"].map { self.overrides($0) } ?? [:]
            let stack = fields["stack"].map { self.stack($0, base: scenarioStack) } ?? scenarioStack
            if let name, let references, let overrides, let stack {
                variants.append(VariantSpec(name: name, references: references, overrides: overrides,
                                            stack: stack == scenarioStack ? nil : stack))
            }
        }
        return variants.count == items.count ? variants : nil
    }

    /// The names written in `variants:`, valid or not, so thresholds are checked against what
    /// the author declared even when a variant has another problem.
    private static func variantNames(_ node: Node) -> [String] {
        (node.sequence.map(Array.init) ?? []).compactMap { $0.mapping?["name"]?.scalar?.string }
    }

    /// A variant's `overrides:`, edge names to strengths.
    private mutating func overrides(_ node: Node) -> [ReferenceEdge: ReferencePolicy.Strength]? {
        guard let fields = fields(node, label: "'overrides'", context: "overrides", allowed: registry.edges.map(\.rawValue),
                                  unknown: { "unknown edge '\($0)'" }) else { return nil }
        var overrides: [ReferenceEdge: ReferencePolicy.Strength] = [:]
        var valid = true
        for (key, _, value) in fields.entries {
            guard let strength = choice(value, label: "'\(key)'", values: ScenarioFormat.strengths).flatMap(ReferencePolicy.Strength.init(rawValue:))
            else {
                valid = false
                continue
            }
            overrides[ReferenceEdge(rawValue: key)] = strength
        }
        return valid ? overrides : nil
    }
}
