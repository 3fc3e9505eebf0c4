// Retain-cycle fixtures: the profile screen (header delegate, closures, cells) and three objects.

// MARK: - Profile screen: header delegate, closures, cells (the examples)

extension RetainCycleFixtures {
    final class ProfileController {
        var header: ProfileHeader?
        var cells: [TweetCell] = []
        var title = "Profile of someone with a long display name"
        var followers = 0

        func follow() { followers += 1 }

        /// `header.onFollow` captures self strongly: a cycle through a closure.
        func bindStrongly() { header?.onFollow = { self.follow() } }
        func bindWeakly() { header?.onFollow = { [weak self] in self?.follow() } }
        func bindUnowned() { header?.onFollow = { [unowned self] in self.follow() } }
        /// A method reference: the closure's context is self.
        func bindMethod() { header?.onFollow = follow }

        func tearDown() {
            header?.delegate = nil
            header?.onFollow = nil
            for cell in cells { cell.delegate = nil }
        }
    }

    final class ProfileHeader {
        var title = "header"
        var delegate: ProfileController?
        var onFollow: (() -> Void)?
    }

    final class TweetCell {
        let text: String
        var delegate: ProfileController?
        init(text: String) { self.text = text }
    }

    /// ProfileController.header -> ProfileHeader.delegate -> ProfileController
    static func strongHeaderDelegate() -> ProfileController {
        let controller = ProfileController(), header = ProfileHeader()
        controller.header = header
        header.delegate = controller
        return controller
    }

    enum ClosureCapture { case strong, weak, unowned, method }

    /// ProfileController.header -> ProfileHeader.onFollow() -> ProfileController (strong, method)
    static func headerClosure(_ capture: ClosureCapture) -> ProfileController {
        let controller = ProfileController()
        controller.header = ProfileHeader()
        switch capture {
        case .strong: controller.bindStrongly()
        case .weak: controller.bindWeakly()
        case .unowned: controller.bindUnowned()
        case .method: controller.bindMethod()
        }
        return controller
    }

    /// `count` cells; those at `strongDelegates` hold the controller strongly.
    static func profileWithCells(count: Int, strongDelegates: Set<Int>) -> ProfileController {
        let controller = ProfileController()
        controller.header = ProfileHeader()
        controller.cells = (0..<count).map { TweetCell(text: "tweet \($0)") }
        for index in strongDelegates { controller.cells[index].delegate = controller }
        return controller
    }

    /// The same shapes with the delegate declared `weak`, as it should be.
    enum WeakDelegate {
        final class ProfileController {
            var header: ProfileHeader?
            var cells: [TweetCell] = []
        }

        final class ProfileHeader {
            weak var delegate: ProfileController?
        }

        final class TweetCell {
            weak var delegate: ProfileController?
        }

        static func profile(cells: Int) -> ProfileController {
            let controller = ProfileController(), header = ProfileHeader()
            controller.header = header
            header.delegate = controller
            controller.cells = (0..<cells).map { _ in TweetCell() }
            for cell in controller.cells { cell.delegate = controller }
            return controller
        }
    }
}

// MARK: - Three objects

extension RetainCycleFixtures {
    final class FeedController {
        var timeline: TimelineView?
        func tearDown() { timeline?.dataSource?.owner = nil }
    }

    final class TimelineView {
        var dataSource: FeedDataSource?
    }

    final class FeedDataSource {
        var owner: FeedController?
    }

    /// FeedController.timeline -> TimelineView.dataSource -> FeedDataSource.owner -> FeedController
    static func threeObjectCycle() -> FeedController {
        let feed = FeedController(), timeline = TimelineView(), dataSource = FeedDataSource()
        feed.timeline = timeline
        timeline.dataSource = dataSource
        dataSource.owner = feed
        return feed
    }
}
