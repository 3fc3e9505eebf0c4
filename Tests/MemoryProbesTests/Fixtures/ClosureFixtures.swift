// Retain-cycle fixtures: closures (captured var boxes, nested, async, completion handlers, a self-holding closure).

// MARK: - Closures: captured var boxes, arrays of closures, several captures, lazy

extension RetainCycleFixtures {
    final class LoginController {
        var submit: (() -> Void)?
        var finished = 0
        func finish() { finished += 1 }

        /// The closure captures the `var` (a box), not its value: the box holds self.
        func bindThroughVarBox() {
            var session: LoginController? = nil
            submit = {
                session?.finish()
                session = nil
            }
            session = self
        }

        func tearDown() { submit = nil }
    }

    static func capturedVarBoxCycle() -> LoginController {
        let login = LoginController()
        login.bindThroughVarBox()
        return login
    }

    final class RefreshController {
        var observers: [() -> Void] = []
        var handlers: [String: () -> Void] = [:]
        var refreshed = 0
        func refresh() { refreshed += 1 }
        func tearDown() { observers = []; handlers = [:] }
    }

    /// RefreshController.observers[2]() -> RefreshController
    static func closureInArrayCycle() -> RefreshController {
        let refresh = RefreshController()
        refresh.observers = [
            { print("no captures") },
            { [weak refresh] in refresh?.refresh() },
            { refresh.refresh() },
        ]
        return refresh
    }

    /// RefreshController.handlers["pull"]() -> RefreshController
    static func closureInDictionaryCycle() -> RefreshController {
        let refresh = RefreshController()
        refresh.handlers["pull"] = { refresh.refresh() }
        return refresh
    }

    final class ShareController {
        var sheet: ShareSheet?
        var shared: [String] = []
        func share(_ text: String, count: Int, note: String) { shared.append("\(text) \(count) \(note)") }
        func tearDown() { sheet?.onShare = nil }
    }

    final class ShareSheet {
        var onShare: ((String) -> Void)?
    }

    /// ShareController.sheet -> ShareSheet.onShare() -> ShareController, through a context
    /// that also holds an Int and a (heap-allocated) String.
    static func closureWithSeveralCaptures() -> ShareController {
        let controller = ShareController(), sheet = ShareSheet()
        controller.sheet = sheet
        let count = Int.random(in: 3...9)
        let text = "a shared text long enough to live on the heap \(count)"
        sheet.onShare = { note in controller.share(text, count: count, note: note) }
        return controller
    }

    /// A closure holding the controller weakly next to strong values: no cycle.
    static func closureWithSeveralCapturesWeakly() -> ShareController {
        let controller = ShareController(), sheet = ShareSheet()
        controller.sheet = sheet
        let count = Int.random(in: 3...9)
        let text = "a shared text long enough to live on the heap \(count)"
        sheet.onShare = { [weak controller] note in controller?.share(text, count: count, note: note) }
        return controller
    }

    final class AvatarView {
        var image = "avatar.png"
        lazy var onTap: () -> Void = { self.image = "tapped.png" }
        func tearDown() { onTap = {} }
    }

    /// AvatarView.onTap() -> AvatarView (a lazy property's storage)
    static func lazyClosureCycle() -> AvatarView {
        let avatar = AvatarView()
        avatar.onTap()
        return avatar
    }

    /// A closure that captures a generic value next to another: its context's layout
    /// depends on T, which the capture descriptor does not say.
    @_semantics("optimize.sil.specialize.generic.never")
    static func genericCaptureClosure<T>(_ value: T, owner: ShareController) -> ShareController {
        let sheet = ShareSheet()
        owner.sheet = sheet
        let tag = Int.random(in: 1...5)
        sheet.onShare = { note in owner.shared.append("\(value) \(tag) \(note)") }
        return owner
    }
}

// MARK: - More closures: nested, async, var boxes next to other captures, generic boxes

extension RetainCycleFixtures {
    final class ReplyController {
        var composer: ReplyComposer?
        var sent = 0
        func send() { sent += 1 }
        func tearDown() { composer?.onSend = nil; composer?.onUpload = nil; composer?.onDraft = nil }
    }

    final class ReplyComposer {
        var onSend: (() -> Void)?
        var onUpload: (() async -> Void)?
        var onDraft: ((String) -> Void)?
    }

    private static func replyPair() -> (ReplyController, ReplyComposer) {
        let reply = ReplyController(), composer = ReplyComposer()
        reply.composer = composer
        return (reply, composer)
    }

    /// ReplyController.composer -> ReplyComposer.onSend() -> ReplyController, through a
    /// closure whose only capture is another closure.
    static func nestedClosureCycle() -> ReplyController {
        let (reply, composer) = replyPair()
        let inner: () -> Void = { reply.send() }
        composer.onSend = { inner(); inner() }
        return reply
    }

    /// ReplyController.composer -> ReplyComposer.onUpload() -> ReplyController (async closure)
    static func asyncClosureCycle() -> ReplyController {
        let (reply, composer) = replyPair()
        let retries = Int.random(in: 1...3)
        composer.onUpload = { for _ in 0..<retries { reply.send() } }
        return reply
    }

    /// ReplyController.composer -> ReplyComposer.onDraft() -> ReplyController: the closure
    /// captures a `var`'s box next to an Int, so the box is one capture among two.
    static func varBoxNextToAnotherCapture() -> ReplyController {
        let (reply, composer) = replyPair()
        var target: ReplyController? = nil
        let limit = Int.random(in: 1...3)
        composer.onDraft = { text in
            if text.count > limit { target?.send() }
            target = nil
        }
        target = reply
        return reply
    }

    /// ReplyController.composer -> ReplyComposer.onDraft() -> ReplyController through a
    /// `var` of generic type: its box comes from swift_allocBox (HeapGenericLocalVariable).
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    static func genericVarBox<Owner: AnyObject>(_ owner: Owner, into composer: ReplyComposer) {
        var held: Owner? = nil
        composer.onDraft = { text in
            if text.isEmpty { print(held as Any) }
            held = nil
        }
        held = owner
    }

    static func genericVarBoxCycle() -> ReplyController {
        let (reply, composer) = replyPair()
        genericVarBox(reply, into: composer)
        return reply
    }
}

// MARK: - Closures that reach the graph through another closure

extension RetainCycleFixtures {
    final class HomeTimelineController {
        let fetcher = TimelineFetcher()
        var items = 0
        /// The usual completion handler: the fetcher keeps a closure that captures the
        /// caller's completion closure, which captures self.
        func reload() { fetcher.fetch { self.items += 1 } }
        func tearDown() { fetcher.pending = nil }
    }

    final class TimelineFetcher {
        var pending: (() -> Void)?
        var started = 0
        @inline(never)
        func fetch(completion: @escaping () -> Void) {
            started += 1
            let attempt = started
            pending = {
                print("fetched", attempt)
                completion()
            }
        }
    }

    /// HomeTimelineController.fetcher -> TimelineFetcher.pending() -> HomeTimelineController
    static func completionHandlerCycle() -> HomeTimelineController {
        let home = HomeTimelineController()
        home.reload()
        return home
    }

    /// RefreshController.observers[0]() -> RefreshController, the closure added through an
    /// API (`observers.append(observer)` stores it reabstracted, in a thunk's context).
    static func closureAppendedThroughAnAPI() -> RefreshController {
        let refresh = RefreshController()
        refresh.addObserver { refresh.refresh() }
        return refresh
    }

    /// ComposeController.draft -> ComposeDraft.context() -> ComposeController: an `Any`
    /// holding a closure.
    static func closureInAnyCycle() -> ComposeController {
        let compose = ComposeController(), draft = ComposeDraft()
        compose.draft = draft
        let onSend: () -> Void = { print(compose) }
        draft.context = onSend
        return compose
    }
}

extension RetainCycleFixtures.RefreshController {
    @inline(never)
    func addObserver(_ observer: @escaping () -> Void) { observers.append(observer) }
}

// MARK: - A closure that holds itself (through its own captured var)

extension RetainCycleFixtures {
    final class RetryController {
        var onRetry: (() -> Void)?
        var attempts = 0
        /// Running the closure once sets the stop flag and lets `retry` release itself.
        func tearDown() { onRetry?(); onRetry = nil }
    }

    /// The classic recursive closure: `retry` captures the var that holds it. The cycle is
    /// the var's box and the closure's context; the controller only holds it.
    static func recursiveClosure() -> RetryController {
        let controller = RetryController()
        var retry: (() -> Void)?
        var stop = false
        retry = {
            if stop { retry = nil; return }
            retry?()
        }
        controller.onRetry = {
            stop = true
            retry?()
        }
        return controller
    }
}
