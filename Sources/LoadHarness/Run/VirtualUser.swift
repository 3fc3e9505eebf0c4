import Screens
import SocialStack

/// One simulated person: their own app (window, navigator, screens with the variant's
/// reference policy) on the variant's shared stack, their dataset account, and their seeded
/// random choices. Used from one thread. A step's `play` gets one (docs/custom-steps.md).
public final class VirtualUser {
    /// Its number in the run, from 0.
    public let index: Int
    /// Its app: stack, reference policy, window and navigator.
    public let app: App
    let dataset: Dataset
    /// The scenario's seed.
    public let seed: UInt64
    /// Its seeded random choices: draw from it, never from the system generator.
    public var random: SeededGenerator
    /// The iteration it is playing, from 0.
    public internal(set) var iteration = 0
    /// The post ids of the last feed page this user loaded (`from_feed` targets).
    public var lastFeed: [PostID] = []
    /// Accounts this user signed up during the run.
    var signups = 0

    init(index: Int, stack: SocialStack, policy: ReferencePolicy, dataset: Dataset, seed: UInt64) {
        self.index = index
        self.dataset = dataset
        self.seed = seed
        app = App(stack: stack, policy: policy)
        random = SeededGenerator(seed: seed &+ 0x9E37_79B9 &* UInt64(index + 1))
    }

    /// The variant's stack.
    public var stack: SocialStack { app.stack }

    /// The dataset account this user plays.
    var ownSlot: Int { index % dataset.users.count }

    /// The signed-in user, or the dataset account when nobody is signed in.
    public var me: UserID { app.session?.user.id ?? dataset.users[ownSlot] }

    /// The template with this user's placeholders filled.
    public func text(_ template: TextTemplate) -> String {
        template.render(vu: index, iteration: iteration, seed: seed)
    }

    // MARK: Targets

    /// The user a `user:` target names for this user now.
    public func user(_ target: Target, step: String) throws -> UserID {
        switch target {
        case .random:
            return dataset.users[Int.random(in: 0..<dataset.users.count, using: &random)]
        case .self:
            return me
        case .followed:
            let following = try stack.follows.following(of: me, limit: PageSize.maximum).items
            guard !following.isEmpty else { throw StepError.noTarget(step: step, target: "followed") }
            return following[Int.random(in: 0..<following.count, using: &random)].id
        case .fromFeed:
            return try stack.posts.post(try feedPost(step: step)).author
        case .literal(let name):
            do { return try stack.users.user(named: name).id } catch { throw StepError.unknownLiteral(step: step, literal: name) }
        }
    }

    /// The post a `post:` target names for this user now.
    public func post(_ target: Target, step: String) throws -> PostID {
        switch target {
        case .random:
            guard !dataset.posts.isEmpty else { throw StepError.noTarget(step: step, target: "random") }
            return dataset.posts[Int.random(in: 0..<dataset.posts.count, using: &random)]
        case .self:
            guard let own = try stack.posts.posts(by: me, limit: 1).items.first else {
                throw StepError.noTarget(step: step, target: "self")
            }
            return own.id
        case .followed:
            let author = try user(.followed, step: step)
            guard let post = try stack.posts.posts(by: author, limit: 1).items.first else {
                throw StepError.noTarget(step: step, target: "followed")
            }
            return post.id
        case .fromFeed:
            return try feedPost(step: step)
        case .literal(let text):
            guard let raw = Int64(text) else { throw StepError.unknownLiteral(step: step, literal: text) }
            return PostID(rawValue: raw)
        }
    }

    private func feedPost(step: String) throws -> PostID {
        if lastFeed.isEmpty { lastFeed = try stack.feed.homeFeed(for: me).items.map(\.id) }
        guard !lastFeed.isEmpty else { throw StepError.noTarget(step: step, target: "from_feed") }
        return lastFeed[Int.random(in: 0..<lastFeed.count, using: &random)]
    }

    /// The top pushed screen if it is a `T`.
    public func top<T: Screen>(_ type: T.Type, step: String, expected: String) throws -> T {
        guard let screen = app.navigator.stack.last as? T else { throw StepError.noOpenScreen(step: step, expected: expected) }
        return screen
    }

    /// A login screen on this user's app, built out of line so that it is on the heap, as the
    /// app builds it: inlined into a step's small `play`, a release build promotes it to the
    /// stack (it was on the heap when every step was one switch), and `login` and `signup`
    /// would count one allocation (96 B) fewer than the app makes.
    @inline(never)
    func loginScreen() -> LoginController {
        LoginController(app: app)
    }

    /// Presents a composer, sends, dismisses.
    public func compose(_ configuration: ComposeConfiguration, text: String) throws {
        let composer = ComposeController(app: app, configuration: configuration)
        try app.navigator.present(composer)
        defer { app.navigator.dismiss() }
        try composer.send(text)
    }

    /// Pops the top screen if it is a `T`. A step that closes a screen keeps no reference to
    /// it: the screen's teardown (its frees) belongs to the step's measured span.
    public func close<T: Screen>(_ type: T.Type, step: String, expected: String) throws {
        _ = try top(type, step: step, expected: expected)
        app.navigator.pop()
    }
}
