import Testing
import MemoryProbes

private typealias F = RetainCycleFixtures

/// Cycles through closures: captured var boxes, nested and async closures, completion handlers, self-holding closures.
@Suite struct ClosureCycleTests {
    // MARK: Closures

    @Test func cycleThroughACapturedVarBox() {
        let login = F.capturedVarBoxCycle()
        defer { login.tearDown() }
        #expect(paths(login) == ["LoginController.submit() -> LoginController"])
        // The box is an object of its own.
        #expect(RetainCycleDetector().report(from: login).objects.map(\.typeName) == ["LoginController", "closure context"])
    }

    @Test func cycleThroughAClosureInAnArray() {
        let refresh = F.closureInArrayCycle()
        defer { refresh.tearDown() }
        #expect(paths(refresh) == ["RefreshController.observers[2]() -> RefreshController"])
    }

    @Test func cycleThroughAClosureInADictionary() {
        let refresh = F.closureInDictionaryCycle()
        defer { refresh.tearDown() }
        #expect(paths(refresh) == [#"RefreshController.handlers["pull"]() -> RefreshController"#])
    }

    @Test func cycleThroughAClosureCapturingSeveralValues() {
        let share = F.closureWithSeveralCaptures()
        defer { share.tearDown() }
        #expect(paths(share) == ["ShareController.sheet -> ShareSheet.onShare() -> ShareController"])
        let report = RetainCycleDetector().report(from: share)
        #expect(report.objects.map(\.typeName) == ["ShareController", "ShareSheet", "closure context"])
        #expect(report.isComplete)
    }

    @Test func closureCapturingSeveralValuesAndTheObjectWeaklyIsNoCycle() {
        let share = F.closureWithSeveralCapturesWeakly()
        defer { share.tearDown() }
        #expect(paths(share) == [])
    }

    @Test func cycleThroughALazyClosure() {
        let avatar = F.lazyClosureCycle()
        defer { avatar.tearDown() }
        #expect(paths(avatar) == ["AvatarView.onTap() -> AvatarView"])
    }

    /// A closure with a generic capture cannot be laid out: the detector must not answer
    /// "no cycles" for it.
    @Test func cycleThroughAClosureWithAGenericCaptureIsNotDeniedSilently() {
        let share = F.genericCaptureClosure("generic value", owner: F.ShareController())
        defer { share.tearDown() }
        expectFoundOrRefused(share, "ShareController.sheet -> ShareSheet.onShare() -> ShareController")
    }

    // MARK: More closures

    @Test func cycleThroughAClosureCapturingAClosure() {
        let reply = F.nestedClosureCycle()
        defer { reply.tearDown() }
        #expect(paths(reply) == ["ReplyController.composer -> ReplyComposer.onSend() -> ReplyController"])
    }

    @Test func cycleThroughAnAsyncClosure() {
        let reply = F.asyncClosureCycle()
        defer { reply.tearDown() }
        #expect(paths(reply) == ["ReplyController.composer -> ReplyComposer.onUpload() -> ReplyController"])
    }

    @Test func cycleThroughAVarBoxCapturedNextToAnotherValue() {
        let reply = F.varBoxNextToAnotherCapture()
        defer { reply.tearDown() }
        #expect(paths(reply) == ["ReplyController.composer -> ReplyComposer.onDraft() -> ReplyController"])
        #expect(RetainCycleDetector().report(from: reply).isComplete)
    }

    /// A generic function's closure context holds its generic arguments (bindings): the
    /// detector does not lay those out, so it must not answer "no cycles" either.
    @Test func cycleThroughAGenericVarBoxIsNotDeniedSilently() {
        let reply = F.genericVarBoxCycle()
        defer { reply.tearDown() }
        expectFoundOrRefused(reply, "ReplyController.composer -> ReplyComposer.onDraft() -> ReplyController")
    }

    @Test func cycleThroughACompletionHandler() {
        let home = F.completionHandlerCycle()
        defer { home.tearDown() }
        #expect(paths(home) == ["HomeTimelineController.fetcher -> TimelineFetcher.pending() -> HomeTimelineController"])
        #expect(RetainCycleDetector().report(from: home).unresolvedClosureContexts == 0)
    }

    @Test func cycleThroughAClosureAppendedThroughAnAPI() {
        let refresh = F.closureAppendedThroughAnAPI()
        defer { refresh.tearDown() }
        #expect(paths(refresh) == ["RefreshController.observers[0]() -> RefreshController"])
    }

    @Test func cycleThroughAnAnyHoldingAClosure() {
        let compose = F.closureInAnyCycle()
        defer { compose.tearDown() }
        #expect(paths(compose) == ["ComposeController.draft -> ComposeDraft.context() -> ComposeController"])
    }

    /// `retry` captures the var that holds it: a cycle of closure contexts only (the
    /// recursive-closure leak). Either found, or the walk must say it could not look.
    @Test func recursiveClosureIsACycleOrRefused() {
        let controller = F.recursiveClosure()
        defer { controller.tearDown() }
        let report = RetainCycleDetector().report(from: controller)
        if report.cycles.isEmpty {
            #expect(!report.isComplete)
            let answer = paths(controller)
            #expect(answer.first?.hasPrefix("threw: ") == true, "cycles(from:) answered \(answer) for a recursive closure (report: \(report))")
        } else {
            #expect(report.cycles.count == 1)
            #expect(report.cycles.first?.steps.allSatisfy { $0.typeName == "closure context" } == true)
        }
    }
}
