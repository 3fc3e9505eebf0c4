import SocialStack

/// A link's preview: title and thumbnail, fetched from the link (simulated: the same
/// metadata for the same URL, built locally so runs are deterministic and offline).
public final class LinkPreview: @unchecked Sendable {
    public let url: String
    public let title: String
    /// The thumbnail's encoded bytes (32 KiB).
    public let thumbnail: [UInt8]

    init(url: String) {
        self.url = url
        title = "Preview of \(url)"
        let seed = url.utf8.reduce(UInt8(0)) { $0 &+ $1 }
        thumbnail = (0..<(32 * 1024)).map { UInt8(truncatingIfNeeded: $0) &+ seed }
    }
}

/// The app's link-preview cache (process-wide). The `linkPreviewCache` edge's weak form
/// fetches each URL once and shares it; the strong form is the apps' bug: every refresh
/// fetches the preview again and keeps every copy, so memory grows with each refresh and
/// outlives the screen.
public final class LinkPreviewCache: Sendable {
    private struct State {
        var byURL: [String: LinkPreview] = [:]
        var kept: [LinkPreview] = []
        var fetches = 0
    }

    private let state = Locked(State())

    /// An empty cache.
    public init() {}

    /// The preview of `url`, fetched once (weak form) or fetched again and kept (strong form).
    public func preview(for url: String, _ strength: ReferencePolicy.Strength) -> LinkPreview {
        state.withLock { state in
            if strength == .weak, let cached = state.byURL[url] { return cached }
            let fetched = LinkPreview(url: url)
            state.fetches += 1
            switch strength {
            case .weak: state.byURL[url] = fetched
            case .strong: state.kept.append(fetched)
            }
            return fetched
        }
    }

    /// How many fetches were made.
    public var fetchCount: Int { state.withLock { $0.fetches } }
    /// How many previews the cache holds.
    public var heldCount: Int { state.withLock { $0.byURL.count + $0.kept.count } }

    /// The first `https://` or `http://` link in `text`, if any.
    public static func firstLink(in text: String) -> String? {
        text.split(whereSeparator: \.isWhitespace)
            .first { $0.hasPrefix("https://") || $0.hasPrefix("http://") }
            .map(String.init)
    }
}
