// Retain-cycle fixtures: Any, any P (inline and boxed), AnyObject, class-bound protocols, any Error.

// MARK: - Existentials: Any, any P (inline and boxed), AnyObject, class-bound protocols

extension RetainCycleFixtures {
    final class ComposeController {
        var draft: ComposeDraft?
        func tearDown() { draft?.context = 0; draft?.userInfo = [:] }
    }

    final class ComposeDraft {
        var context: Any = 0
        var userInfo: [String: Any] = [:]
    }

    /// ComposeController.draft -> ComposeDraft.context -> ComposeController
    static func anyCycle() -> ComposeController {
        let compose = ComposeController(), draft = ComposeDraft()
        compose.draft = draft
        draft.context = compose
        return compose
    }

    /// ComposeController.draft -> ComposeDraft.userInfo["composer"] -> ComposeController
    static func anyInDictionaryCycle() -> ComposeController {
        let compose = ComposeController(), draft = ComposeDraft()
        compose.draft = draft
        draft.userInfo = ["count": 3, "composer": compose, "title": "a title longer than fifteen bytes"]
        return compose
    }

    protocol Renderer {}

    /// One word: stored inline in an existential's buffer.
    struct TextRenderer: Renderer {
        let owner: MediaViewer
    }

    /// Five words: stored out of line, in a box the existential points to.
    struct RichRenderer: Renderer {
        var width = 320, height = 240, scale = 2, theme = 1
        let owner: MediaViewer
    }

    /// Small, but not bitwise-takable (a weak field): out of line too.
    struct WeakRenderer: Renderer {
        weak var observer: MediaViewer?
        let owner: MediaViewer
    }

    final class MediaViewer {
        var pipeline: RenderPipeline?
        func tearDown() { pipeline?.renderer = nil; pipeline?.extra = nil; pipeline?.gallery?.layers = [] }
    }

    final class RenderPipeline {
        var renderer: (any Renderer)?
        var extra: (any Renderer)?
        var gallery: GalleryHolder?
    }

    enum RendererKind { case inline, outOfLine, weakField }

    /// MediaViewer.pipeline -> RenderPipeline.renderer.owner -> MediaViewer
    static func existentialCycle(_ kind: RendererKind) -> MediaViewer {
        let viewer = MediaViewer(), pipeline = RenderPipeline()
        viewer.pipeline = pipeline
        switch kind {
        case .inline: pipeline.renderer = TextRenderer(owner: viewer)
        case .outOfLine: pipeline.renderer = RichRenderer(owner: viewer)
        case .weakField: pipeline.renderer = WeakRenderer(observer: viewer, owner: viewer)
        }
        return viewer
    }

    protocol MessageComposerDelegate: AnyObject {
        func composerDidSend()
    }

    final class DirectMessagesController: MessageComposerDelegate {
        var composer: MessageComposer?
        func composerDidSend() {}
        func tearDown() { composer?.target = nil; composer?.delegate = nil }
    }

    final class MessageComposer {
        var target: AnyObject?
        var delegate: (any MessageComposerDelegate)?
        weak var weakDelegate: (any MessageComposerDelegate)?
    }

    /// DirectMessagesController.composer -> MessageComposer.target -> DirectMessagesController
    static func anyObjectCycle() -> DirectMessagesController {
        let messages = DirectMessagesController(), composer = MessageComposer()
        messages.composer = composer
        composer.target = messages
        return messages
    }

    /// DirectMessagesController.composer -> MessageComposer.delegate -> DirectMessagesController
    static func classBoundProtocolCycle(weak: Bool) -> DirectMessagesController {
        let messages = DirectMessagesController(), composer = MessageComposer()
        messages.composer = composer
        if weak { composer.weakDelegate = messages } else { composer.delegate = messages }
        return messages
    }
}

// MARK: - Error existentials

extension RetainCycleFixtures {
    struct UploadError: Error, @unchecked Sendable {
        var code = 413
        let uploader: UploadController
    }

    final class UploadController {
        var lastError: (any Error)?
        func tearDown() { lastError = nil }
    }

    /// UploadController.lastError.uploader -> UploadController (an `any Error` box)
    static func errorExistentialCycle() -> UploadController {
        let upload = UploadController()
        upload.lastError = UploadError(uploader: upload)
        return upload
    }
}
