// Retain-cycle fixtures: graph shapes (chains, self references, parallel edges, weak/unowned, large graphs, outside holders).

// MARK: - Long chains, self references, cycles below the root, parallel edges

extension RetainCycleFixtures {
    final class ChainLink {
        let index: Int
        var next: ChainLink?
        init(index: Int) { self.index = index }
    }

    /// `length` links, the last pointing back to the first.
    static func ring(length: Int) -> ChainLink {
        let links = (0..<length).map(ChainLink.init(index:))
        for index in 0..<length { links[index].next = links[(index + 1) % length] }
        return links[0]
    }

    /// Breaks a ring (or any chain) starting at `link`.
    static func breakRing(_ link: ChainLink) {
        var current: ChainLink? = link
        while let node = current {
            current = node.next
            node.next = nil
        }
    }

    final class GraphNode {
        var me: GraphNode?
        var name = "node"
    }

    /// GraphNode.me -> GraphNode
    static func selfReference() -> GraphNode {
        let node = GraphNode()
        node.me = node
        return node
    }

    final class AppController {
        var session: Session?
        func tearDown() { session?.cache?.session = nil }
    }

    final class Session {
        var cache: UserCache?
    }

    final class UserCache {
        var session: Session?
    }

    /// AppController -> Session <-> UserCache: Session.cache -> UserCache.session -> Session
    static func cycleBelowRoot() -> AppController {
        let app = AppController(), session = Session(), cache = UserCache()
        app.session = session
        session.cache = cache
        cache.session = session
        return app
    }

    final class InboxController {
        var primary: InboxCell?
        var secondary: InboxCell?
        func tearDown() { primary?.owner = nil }
    }

    final class InboxCell {
        var owner: InboxController?
    }

    /// Both fields hold the same cell, which holds the controller: two distinct cycles.
    static func twoFieldsOneObject() -> InboxController {
        let inbox = InboxController(), cell = InboxCell()
        inbox.primary = cell
        inbox.secondary = cell
        cell.owner = inbox
        return inbox
    }
}

// MARK: - unowned, unowned(unsafe), weak wrappers: no cycles

extension RetainCycleFixtures {
    final class Author {
        var name = "author"
        var tweets: [Tweet] = []
    }

    final class Tweet {
        unowned let author: Author
        unowned(unsafe) let editor: Author
        var text = "a tweet"
        init(author: Author, editor: Author) {
            self.author = author
            self.editor = editor
        }
    }

    /// Author.tweets[i] -> Tweet, whose back-references are unowned and unowned(unsafe).
    static func unownedBackReferences() -> Author {
        let author = Author()
        author.tweets = (0..<3).map { _ in Tweet(author: author, editor: author) }
        return author
    }

    final class Timeline {
        var tweets: [Tweet] = []
        var onRefresh: (() -> Void)?
    }

    /// A timeline whose tweets' author (unowned) and editor (unowned(unsafe)) are already
    /// deallocated, and a closure holding the dead author unowned. `probe` says whether the
    /// author is really gone.
    static func timelineWithDeadAuthor() -> (timeline: Timeline, probe: WeakProbe) {
        let timeline = Timeline(), probe = WeakProbe()
        do {
            let author = Author()
            probe.object = author
            timeline.tweets = [Tweet(author: author, editor: author), Tweet(author: author, editor: author)]
            let text = "captured next to the unowned author \(Int.random(in: 1...9))"
            timeline.onRefresh = { [unowned author] in print(author.name, text) }
        }
        return (timeline, probe)
    }

    final class WeakProbe {
        weak var object: AnyObject?
    }

    struct WeakRef<Object: AnyObject> {
        weak var object: Object?
    }

    final class FollowersController {
        var registry: ListenerRegistry?
        var listeners: [WeakRef<FollowersController>] = []
    }

    final class ListenerRegistry {
        var entries: [WeakRef<FollowersController>] = []
        var anyEntries: [WeakRef<AnyObject>] = []
    }

    /// Weak wrappers in arrays, pointing back at the controller: no cycle.
    static func weakWrapperArrays() -> FollowersController {
        let followers = FollowersController(), registry = ListenerRegistry()
        followers.registry = registry
        registry.entries = (0..<4).map { _ in WeakRef(object: followers) }
        registry.anyEntries = [WeakRef(object: followers), WeakRef(object: registry)]
        followers.listeners = [WeakRef(object: followers)]
        return followers
    }
}

// MARK: - Large graphs

extension RetainCycleFixtures {
    final class FeedGraph {
        var layers: [[FeedNode]] = []
        var first: FeedNode?
    }

    final class FeedNode {
        let id: Int
        var children: [FeedNode] = []
        var shortcut: FeedNode?
        weak var parent: FeedNode?
        unowned let graph: FeedGraph
        var onTap: (() -> Void)?
        var strongParent: FeedNode?
        init(id: Int, graph: FeedGraph) {
            self.id = id
            self.graph = graph
        }
    }

    /// `layers` x `width` nodes, no cycle: each node holds three nodes of the next layer
    /// (shared children and diamonds), a shortcut two layers down, a weak parent, an
    /// unowned graph, and every tenth node a closure holding one child (or, on the last
    /// layer, a sibling) and an Int (a closure context: one more object).
    /// Objects: 1 + layers * width * 11 / 10. (A closure capturing `[weak node]` next to
    /// another value gets a second context in debug builds: the weak capture's own box.)
    static func tangledAcyclicFeed(layers: Int = 100, width: Int = 100) -> FeedGraph {
        let graph = FeedGraph()
        var id = 0
        for _ in 0..<layers {
            graph.layers.append((0..<width).map { _ in
                defer { id += 1 }
                return FeedNode(id: id, graph: graph)
            })
        }
        for layer in 0..<layers - 1 {
            for column in 0..<width {
                let node = graph.layers[layer][column]
                let next = graph.layers[layer + 1]
                node.children = [next[column], next[(column + 1) % width], next[(column + 7) % width]]
                for child in node.children { child.parent = node }
                if layer + 2 < layers { node.shortcut = graph.layers[layer + 2][(column * 3) % width] }
                if node.id % 10 == 0 {
                    let child = node.children[1], tag = node.id
                    node.onTap = { print(tag, child.id) }
                }
            }
        }
        for column in 0..<width where graph.layers[layers - 1][column].id % 10 == 0 {
            let node = graph.layers[layers - 1][column]
            let sibling = graph.layers[layers - 1][(column + 1) % width], tag = node.id
            node.onTap = { print(tag, sibling.id) }
        }
        graph.first = graph.layers[0][0]
        return graph
    }

    /// A tree of `fanOut`-ary nodes `depth` levels deep (depth 0 is the root alone); the
    /// first node at `cycleDepth` holds its parent strongly: exactly one cycle.
    static func treeWithOneBackReference(fanOut: Int, depth: Int, cycleDepth: Int) -> (root: FeedNode, count: Int) {
        let graph = FeedGraph()
        var id = 0
        func make(_ level: Int) -> FeedNode {
            let node = FeedNode(id: id, graph: graph)
            id += 1
            if level < depth {
                node.children = (0..<fanOut).map { _ in make(level + 1) }
                for child in node.children { child.parent = node }
            }
            return node
        }
        let root = make(0)
        var node = root
        for _ in 0..<cycleDepth { node = node.children[fanOut - 1] }
        node.strongParent = node.parent
        graph.first = root
        return (root, id)
    }

    /// Breaks every strong back reference below `root`.
    static func breakTree(_ root: FeedNode) {
        var stack = [root]
        while let node = stack.popLast() {
            node.strongParent = nil
            stack += node.children
        }
    }
}

// MARK: - Holders outside the graph

extension RetainCycleFixtures {
    /// A header/controller cycle with one cell, for a caller to keep only weakly: once the
    /// returned reference is gone, only the cycle itself holds it.
    static func garbageProfileCycle() -> ProfileController {
        let controller = strongHeaderDelegate()
        controller.cells = [TweetCell(text: "only held by the controller")]
        return controller
    }

    /// Two existentials sharing one out-of-line box (copies of the same `any Renderer`).
    static func sharedExistentialBox() -> MediaViewer {
        let viewer = MediaViewer(), pipeline = RenderPipeline()
        viewer.pipeline = pipeline
        let renderer: any Renderer = RichRenderer(owner: viewer)
        pipeline.renderer = renderer
        pipeline.extra = renderer
        return viewer
    }
}

// MARK: - Mixed lengths

extension RetainCycleFixtures {
    final class ConversationNode {
        var reply: ConversationNode?
        var quote: ConversationNode?
        var pinned: ConversationNode?
    }

    /// Cycles of three lengths through the root: pinned (1), quote (2), reply (3).
    static func conversationWithThreeCycles() -> ConversationNode {
        let root = ConversationNode(), first = ConversationNode(), second = ConversationNode()
        let quoted = ConversationNode()
        root.reply = first
        first.reply = second
        second.reply = root
        root.quote = quoted
        quoted.quote = root
        root.pinned = root
        return root
    }

    static func breakConversation(_ root: ConversationNode) {
        root.reply?.reply?.reply = nil
        root.quote?.quote = nil
        root.pinned = nil
    }
}
