import Testing
import MemoryProbes

private typealias F = RetainCycleFixtures

/// Cycles through dictionaries, sets, nested arrays, arrays of existentials and array slices.
@Suite struct CollectionCycleTests {
    // MARK: Collections

    @Test func cycleThroughADictionaryValue() {
        let search = F.dictionaryValueCycle()
        defer { search.tearDown() }
        #expect(paths(search) == [#"SearchController.sections["people"] -> SearchSection.controller -> SearchController"#])
        #expect(RetainCycleDetector().report(from: search).objects.count == 4)
    }

    @Test func cycleThroughAnIntKeyedDictionaryValue() {
        let search = F.intKeyedDictionaryValueCycle()
        defer { search.tearDown() }
        #expect(paths(search) == ["SearchController.sectionsByRank[2] -> SearchSection.controller -> SearchController"])
    }

    @Test func cycleThroughADictionaryKey() {
        let search = F.dictionaryKeyCycle()
        defer { search.tearDown() }
        #expect(paths(search) == ["SearchController.highlights.keys[0] -> SearchToken.controller -> SearchController"])
    }

    @Test func cycleThroughASetMember() {
        let notifications = F.setMemberCycle()
        defer { notifications.tearDown() }
        #expect(paths(notifications) == [
            "NotificationsController.observers.members[0] -> NotificationObserver.owner -> NotificationsController",
        ])
    }

    @Test func cycleThroughNestedArrays() {
        let grid = F.nestedArrayCycle()
        defer { grid.tearDown() }
        #expect(paths(grid) == ["GridController.rows[1][2] -> GridCell.grid -> GridController"])
        #expect(RetainCycleDetector().report(from: grid).objects.count == 13)
    }

    // MARK: More collections

    @Test func cycleThroughAnArrayOfExistentials() {
        let viewer = F.existentialArrayCycle()
        defer { viewer.tearDown() }
        #expect(paths(viewer) == ["MediaViewer.pipeline -> RenderPipeline.gallery -> GalleryHolder.layers[1].owner -> MediaViewer"])
    }

    /// A slice is named with its own indices: `visibleCells[3]` is `cells[3]`. Both reach the
    /// same two objects, so the cycle is reported once (by the array) with one other path.
    @Test func cycleThroughAnArraySliceIsNamedWithTheSlicesIndices() throws {
        let gallery = F.arraySliceCycle()
        defer { gallery.tearDown() }
        #expect(gallery.visibleCells[3] === gallery.cells[3])
        #expect(paths(gallery) == ["GalleryController.cells[3] -> GalleryCell.gallery -> GalleryController"])
        #expect(try RetainCycleDetector().cycles(from: gallery).map(\.otherPaths) == [1])
        let slice = F.GalleryController()
        let cell = F.GalleryCell()
        slice.visibleCells = [cell, cell, cell, cell][2...]
        cell.gallery = slice
        defer { cell.gallery = nil }
        #expect(paths(slice) == ["GalleryController.visibleCells[2] -> GalleryCell.gallery -> GalleryController"])
    }

    /// The slice shares its array's storage: the cell is retained once by both.
    @Test func anArraySliceSharingItsArraysStorageCountsReferencesOnce() {
        let gallery = F.arraySliceCycle()
        defer { gallery.tearDown() }
        let held = gallery.cells[3]
        let report = RetainCycleDetector().report(from: gallery)
        withExtendedLifetime(held) {}
        #expect(report.objects.count == 6)
        let holders = Dictionary(uniqueKeysWithValues: report.objects.map { ($0.address, $0.externalHolders) })
        #expect(holders[address(held)] == 1)
        #expect(report.objects.map(\.externalHolders).reduce(0, +) == 1)
        #expect(report.cycles.map(\.isUnreachable) == [false])
    }
}
