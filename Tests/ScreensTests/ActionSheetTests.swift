import Testing
import Screens
import SocialStack

/// ActionSheetLauncher: show adds two views to the window; a choice removes them (weak) or fades them (strong).
@Suite struct ActionSheetTests {
    /// What a sheet reported.
    final class Choices: @unchecked Sendable { var made: [String] = [] }

    @Test func showAddsTheDimmingViewAndTheTableToTheWindow() throws {
        let window = Window()
        let sheet = ActionSheetLauncher(options: ["A", "B"], window: window, strength: .weak) { _ in }
        #expect(!sheet.isShowing && window.subviews.isEmpty)
        sheet.show()
        #expect(sheet.isShowing)
        #expect(window.subviews.count == 2)
        #expect(window.subviews[0] === sheet.dimmingView && window.subviews[1] === sheet.table)
        #expect(sheet.dimmingView?.frame == .phone)
        #expect(sheet.table?.frame == Rect(x: 0, y: 547, width: 375, height: 120))
        #expect(sheet.table?.subviews.map(\.name) == ["option A", "option B"])
        #expect(sheet.parts.count == 1 + 2 + 2)
    }

    @Test(arguments: [ReferencePolicy.Strength.weak, .strong])
    func choosingDismissesAndReportsTheChoice(_ strength: ReferencePolicy.Strength) throws {
        let window = Window()
        let choices = Choices()
        let sheet = ActionSheetLauncher(options: ["Share", "Copy", "Cancel"], window: window, strength: strength) {
            choices.made.append($0)
        }
        sheet.show()
        #expect(throws: ScreenError.noSuchOption(index: 3, options: ["Share", "Copy", "Cancel"])) { try sheet.choose(3) }
        #expect(sheet.isShowing && choices.made.isEmpty)
        try sheet.choose(1)
        #expect(choices.made == ["Copy"])
        #expect(!sheet.isShowing)
        switch strength {
        case .weak:
            #expect(window.subviews.isEmpty)
            #expect(sheet.dimmingView == nil && sheet.table == nil)
            #expect(sheet.parts.count == 1)
        case .strong:
            #expect(window.subviews.map(\.name) == ["action sheet dimming", "action sheet table"])
            #expect(window.subviews.allSatisfy { $0.alpha == 0 })
            #expect(sheet.parts.count == 1 + 2 + 3)
        }
        sheet.show()
        #expect(window.subviews.count == (strength == .weak ? 2 : 4))
    }

    @Test(arguments: [ReferencePolicy.allWeak, .allWeak.with(.actionSheet, .strong)])
    func theProfilesSheet(_ policy: ReferencePolicy) throws {
        let world = try ScreenWorld()
        let app = try world.app(policy)
        let profile = ProfileController(app: app, user: world.bob)
        try app.navigator.push(profile)
        try profile.header!.tapMore()
        let sheet = try #require(profile.actionSheet)
        #expect(sheet.options == ["Share profile", "Copy link", "Cancel"])
        #expect(app.window.subviews.count == 2)
        try sheet.choose(0)
        #expect(profile.lastAction == "Share profile")
        #expect(app.window.subviews.count == (policy.isStrong(.actionSheet) ? 2 : 0))

        // Closing the profile while its sheet shows dismisses the sheet.
        try profile.header!.tapMore()
        #expect(app.window.subviews.count == (policy.isStrong(.actionSheet) ? 4 : 2))
        app.navigator.pop()
        #expect(profile.actionSheet?.isShowing == false)
        #expect(profile.lastAction == "Share profile")  // dismissing is not a choice
        #expect(app.window.subviews.count == (policy.isStrong(.actionSheet) ? 4 : 0))
        #expect(app.window.subviews.allSatisfy { $0.alpha == 0 })
    }
}
