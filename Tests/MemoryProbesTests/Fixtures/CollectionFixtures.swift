// Retain-cycle fixtures: dictionaries, sets, nested arrays, arrays of existentials, array slices.

// MARK: - Dictionaries and sets

extension RetainCycleFixtures {
    final class SearchController {
        var sections: [String: SearchSection] = [:]
        var sectionsByRank: [Int: SearchSection] = [:]
        var highlights: [SearchToken: Int] = [:]
        func tearDown() {
            for section in sections.values { section.controller = nil }
            for section in sectionsByRank.values { section.controller = nil }
            for token in highlights.keys { token.controller = nil }
        }
    }

    final class SearchSection {
        let title: String
        var controller: SearchController?
        init(title: String) { self.title = title }
    }

    final class SearchToken: Hashable {
        var controller: SearchController?
        static func == (lhs: SearchToken, rhs: SearchToken) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    /// SearchController.sections["people"] -> SearchSection.controller -> SearchController
    static func dictionaryValueCycle() -> SearchController {
        let search = SearchController()
        for title in ["tweets", "people", "media"] { search.sections[title] = SearchSection(title: title) }
        search.sections["people"]!.controller = search
        return search
    }

    /// SearchController.sectionsByRank[2] -> SearchSection.controller -> SearchController
    static func intKeyedDictionaryValueCycle() -> SearchController {
        let search = SearchController()
        for rank in 1...3 { search.sectionsByRank[rank] = SearchSection(title: "rank \(rank)") }
        search.sectionsByRank[2]!.controller = search
        return search
    }

    /// SearchController.highlights.keys[0] -> SearchToken.controller -> SearchController
    static func dictionaryKeyCycle() -> SearchController {
        let search = SearchController(), token = SearchToken()
        token.controller = search
        search.highlights[token] = 1
        return search
    }

    final class NotificationsController {
        var observers: Set<NotificationObserver> = []
        func tearDown() { for observer in observers { observer.owner = nil } }
    }

    final class NotificationObserver: Hashable {
        var owner: NotificationsController?
        static func == (lhs: NotificationObserver, rhs: NotificationObserver) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    /// NotificationsController.observers.members[0] -> NotificationObserver.owner -> NotificationsController
    static func setMemberCycle() -> NotificationsController {
        let notifications = NotificationsController(), observer = NotificationObserver()
        observer.owner = notifications
        notifications.observers.insert(observer)
        return notifications
    }
}

// MARK: - Nested arrays

extension RetainCycleFixtures {
    final class GridController {
        var rows: [[GridCell]] = []
        func tearDown() { for row in rows { for cell in row { cell.grid = nil } } }
    }

    final class GridCell {
        var grid: GridController?
    }

    /// GridController.rows[1][2] -> GridCell.grid -> GridController
    static func nestedArrayCycle() -> GridController {
        let grid = GridController()
        grid.rows = (0..<3).map { _ in (0..<4).map { _ in GridCell() } }
        grid.rows[1][2].grid = grid
        return grid
    }
}

// MARK: - Arrays of existentials, array slices

extension RetainCycleFixtures {
    final class GalleryController {
        var cells: [GalleryCell] = []
        var visibleCells: ArraySlice<GalleryCell> = []
        func tearDown() { for cell in cells { cell.gallery = nil } }
    }

    final class GalleryCell {
        var gallery: GalleryController?
    }

    /// Five cells, the slice `cells[2...]` kept next to them, the cell at index 3 holding
    /// the controller: a cycle through the array and one through the slice.
    static func arraySliceCycle() -> GalleryController {
        let gallery = GalleryController()
        gallery.cells = (0..<5).map { _ in GalleryCell() }
        gallery.visibleCells = gallery.cells[2...]
        gallery.cells[3].gallery = gallery
        return gallery
    }

    /// MediaViewer.pipeline -> RenderPipeline.gallery -> GalleryHolder.layers[1].owner ->
    /// MediaViewer: an array of existentials, the second one out of line.
    static func existentialArrayCycle() -> MediaViewer {
        let viewer = MediaViewer(), pipeline = RenderPipeline()
        viewer.pipeline = pipeline
        pipeline.renderer = nil
        let gallery = GalleryHolder()
        pipeline.gallery = gallery
        gallery.layers = [TextRenderer(owner: MediaViewer()), RichRenderer(owner: viewer)]
        return viewer
    }

    final class GalleryHolder {
        var layers: [any Renderer] = []
    }
}
