// Retain-cycle fixtures: structs, tuples, generic classes, subclasses, actors.

// MARK: - Structs and tuples

extension RetainCycleFixtures {
    struct FormLayout {
        var spacing = 8.0
        var host: SettingsController?
    }

    struct FormState {
        var title = "Settings"
        var owner: SettingsController?
        var layout = FormLayout()
    }

    final class SettingsController {
        var form: SettingsForm?
        func tearDown() { form?.state = FormState(); form?.optionalState = nil }
    }

    final class SettingsForm {
        var state = FormState()
        var optionalState: FormState?
    }

    enum StructPlace { case field, nestedField, optionalStruct }

    /// SettingsController.form -> SettingsForm.state.owner -> SettingsController, and friends
    static func structFieldCycle(_ place: StructPlace) -> SettingsController {
        let settings = SettingsController(), form = SettingsForm()
        settings.form = form
        switch place {
        case .field: form.state.owner = settings
        case .nestedField: form.state.layout.host = settings
        case .optionalStruct: form.optionalState = FormState(owner: settings)
        }
        return settings
    }

    final class PlayerController {
        var overlay: PlayerOverlay?
        func tearDown() { overlay?.anchor = (0, nil); overlay?.link = (0, nil) }
    }

    final class PlayerOverlay {
        var anchor: (Int, PlayerController?) = (0, nil)
        var link: (index: Int, owner: PlayerController?) = (0, nil)
    }

    /// PlayerController.overlay -> PlayerOverlay.anchor.1 -> PlayerController (or link.owner)
    static func tupleCycle(labeled: Bool) -> PlayerController {
        let player = PlayerController(), overlay = PlayerOverlay()
        player.overlay = overlay
        if labeled { overlay.link = (7, player) } else { overlay.anchor = (7, player) }
        return player
    }
}

// MARK: - Generic classes, subclasses

extension RetainCycleFixtures {
    final class Box<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    final class CacheController {
        var box: Box<CacheController?>?
        var entry: Box<CacheEntry>?
        func tearDown() { box?.value = nil; entry?.value.owner = nil }
    }

    struct CacheEntry {
        var key = "avatar"
        var owner: CacheController?
    }

    /// CacheController.box -> Box<Optional<CacheController>>.value -> CacheController
    static func genericBoxCycle() -> CacheController {
        let cache = CacheController()
        cache.box = Box(cache)
        return cache
    }

    /// CacheController.entry -> Box<CacheEntry>.value.owner -> CacheController
    static func genericBoxStructCycle() -> CacheController {
        let cache = CacheController()
        cache.entry = Box(CacheEntry(owner: cache))
        return cache
    }

    class BaseController {
        var navigationBar: NavigationBar?
        func tearDown() { navigationBar?.owner = nil }
    }

    final class HomeController: BaseController {
        var tabBar: TabBar?
        override func tearDown() { super.tearDown(); tabBar?.owner = nil }
    }

    final class NavigationBar {
        var owner: BaseController?
    }

    final class TabBar {
        var owner: HomeController?
    }

    /// HomeController.navigationBar (a superclass field) -> NavigationBar.owner -> HomeController
    /// HomeController.tabBar (the subclass's own field) -> TabBar.owner -> HomeController
    static func subclassCycles(superclassField: Bool, subclassField: Bool) -> HomeController {
        let home = HomeController()
        home.navigationBar = NavigationBar()
        home.tabBar = TabBar()
        if superclassField { home.navigationBar?.owner = home }
        if subclassField { home.tabBar?.owner = home }
        return home
    }
}

// MARK: - Actors

extension RetainCycleFixtures {
    actor ProfileModel {
        var controller: ModelController?
        func attach(_ controller: ModelController) { self.controller = controller }
        func detach() { controller = nil }
    }

    final class ModelController: @unchecked Sendable {
        let model = ProfileModel()
    }

    /// ModelController.model -> ProfileModel.controller -> ModelController (an actor's field)
    static func actorCycle() async -> ModelController {
        let controller = ModelController()
        await controller.model.attach(controller)
        return controller
    }
}
