import Testing
import MemoryProbes

private typealias F = RetainCycleFixtures

/// Cycles through structs, tuples, generic classes, subclasses and actors.
@Suite struct ValueCycleTests {
    // MARK: Structs, tuples, generics, subclasses

    @Test func cycleThroughAStructField() {
        let settings = F.structFieldCycle(.field)
        defer { settings.tearDown() }
        #expect(paths(settings) == ["SettingsController.form -> SettingsForm.state.owner -> SettingsController"])
    }

    @Test func cycleThroughAStructInsideAStruct() {
        let settings = F.structFieldCycle(.nestedField)
        defer { settings.tearDown() }
        #expect(paths(settings) == ["SettingsController.form -> SettingsForm.state.layout.host -> SettingsController"])
    }

    @Test func cycleThroughAnOptionalStruct() {
        let settings = F.structFieldCycle(.optionalStruct)
        defer { settings.tearDown() }
        #expect(paths(settings) == ["SettingsController.form -> SettingsForm.optionalState.owner -> SettingsController"])
    }

    @Test func cycleThroughATuple() {
        let player = F.tupleCycle(labeled: false)
        defer { player.tearDown() }
        #expect(paths(player) == ["PlayerController.overlay -> PlayerOverlay.anchor.1 -> PlayerController"])
    }

    @Test func cycleThroughALabeledTuple() {
        let player = F.tupleCycle(labeled: true)
        defer { player.tearDown() }
        #expect(paths(player) == ["PlayerController.overlay -> PlayerOverlay.link.owner -> PlayerController"])
    }

    @Test func cycleThroughAGenericClass() {
        let cache = F.genericBoxCycle()
        defer { cache.tearDown() }
        #expect(paths(cache) == ["CacheController.box -> Box<Optional<CacheController>>.value -> CacheController"])
    }

    @Test func cycleThroughAGenericClassHoldingAStruct() throws {
        let cache = F.genericBoxStructCycle()
        defer { cache.tearDown() }
        #expect(paths(cache) == ["CacheController.entry -> Box<CacheEntry>.value.owner -> CacheController"])
    }

    @Test func cycleThroughASuperclassField() {
        let home = F.subclassCycles(superclassField: true, subclassField: false)
        defer { home.tearDown() }
        #expect(paths(home) == ["HomeController.navigationBar -> NavigationBar.owner -> HomeController"])
    }

    @Test func cycleThroughASubclassField() {
        let home = F.subclassCycles(superclassField: false, subclassField: true)
        defer { home.tearDown() }
        #expect(paths(home) == ["HomeController.tabBar -> TabBar.owner -> HomeController"])
    }

    @Test func superclassFieldsComeFirst() {
        let home = F.subclassCycles(superclassField: true, subclassField: true)
        defer { home.tearDown() }
        #expect(paths(home) == [
            "HomeController.navigationBar -> NavigationBar.owner -> HomeController",
            "HomeController.tabBar -> TabBar.owner -> HomeController",
        ])
    }

    // MARK: Actors

    @Test func cycleThroughAnActorsField() async {
        let controller = await F.actorCycle()
        #expect(paths(controller) == ["ModelController.model -> ProfileModel.controller -> ModelController"])
        await controller.model.detach()
        #expect(paths(controller) == [])
    }
}
