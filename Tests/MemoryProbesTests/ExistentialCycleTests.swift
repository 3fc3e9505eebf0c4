import Testing
import MemoryProbes

private typealias F = RetainCycleFixtures

/// Cycles through Any, any P, AnyObject, class-bound protocols and any Error.
@Suite struct ExistentialCycleTests {
    // MARK: Existentials

    @Test func cycleThroughAny() {
        let compose = F.anyCycle()
        defer { compose.tearDown() }
        #expect(paths(compose) == ["ComposeController.draft -> ComposeDraft.context -> ComposeController"])
    }

    @Test func cycleThroughAnAnyDictionaryValue() {
        let compose = F.anyInDictionaryCycle()
        defer { compose.tearDown() }
        #expect(paths(compose) == [#"ComposeController.draft -> ComposeDraft.userInfo["composer"] -> ComposeController"#])
    }

    @Test func cycleThroughAnExistentialWithAnInlineStruct() {
        let viewer = F.existentialCycle(.inline)
        defer { viewer.tearDown() }
        #expect(paths(viewer) == ["MediaViewer.pipeline -> RenderPipeline.renderer.owner -> MediaViewer"])
    }

    @Test func cycleThroughAnExistentialWithAnOutOfLineStruct() {
        #expect(MemoryLayout<F.RichRenderer>.size == 40)
        let viewer = F.existentialCycle(.outOfLine)
        defer { viewer.tearDown() }
        #expect(paths(viewer) == ["MediaViewer.pipeline -> RenderPipeline.renderer.owner -> MediaViewer"])
    }

    @Test func cycleThroughAnExistentialWithAWeakFieldStruct() {
        let viewer = F.existentialCycle(.weakField)
        defer { viewer.tearDown() }
        #expect(paths(viewer) == ["MediaViewer.pipeline -> RenderPipeline.renderer.owner -> MediaViewer"])
    }

    @Test func cycleThroughAnyObject() {
        let messages = F.anyObjectCycle()
        defer { messages.tearDown() }
        #expect(paths(messages) == [
            "DirectMessagesController.composer -> MessageComposer.target -> DirectMessagesController",
        ])
    }

    @Test func cycleThroughAClassBoundProtocolExistential() {
        let messages = F.classBoundProtocolCycle(weak: false)
        defer { messages.tearDown() }
        #expect(paths(messages) == [
            "DirectMessagesController.composer -> MessageComposer.delegate -> DirectMessagesController",
        ])
    }

    @Test func weakClassBoundProtocolExistentialIsNoCycle() {
        let messages = F.classBoundProtocolCycle(weak: true)
        defer { messages.tearDown() }
        #expect(messages.composer?.weakDelegate === messages)
        #expect(paths(messages) == [])
    }

    @Test func cycleThroughAnErrorExistential() {
        let upload = F.errorExistentialCycle()
        defer { upload.tearDown() }
        #expect(paths(upload) == ["UploadController.lastError.uploader -> UploadController"])
    }
}
