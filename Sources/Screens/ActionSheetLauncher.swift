/// A bottom sheet of options: showing it adds a dimming view and a table of option cells
/// to the window; a choice dismisses it. The `actionSheet` edge's weak form removes the
/// views from the window on dismissal; the strong form is the apps' bug: it only fades them
/// out, so they stay in the window (and in memory) after every choice.
public final class ActionSheetLauncher: @unchecked Sendable {
    /// The options shown, top to bottom.
    public let options: [String]
    public private(set) var dimmingView: View?
    public private(set) var table: View?
    public private(set) var isShowing = false
    private let window: Window
    private let strength: ReferencePolicy.Strength
    private let onChoose: (String) -> Void

    /// A launcher for `options` in `window`; `onChoose` gets the chosen option.
    public init(options: [String], window: Window, strength: ReferencePolicy.Strength,
                onChoose: @escaping (String) -> Void) {
        self.options = options
        self.window = window
        self.strength = strength
        self.onChoose = onChoose
    }

    /// Adds the dimming view and the table to the window.
    public func show() {
        let dimming = View(name: "action sheet dimming", frame: .phone)
        let table = View(name: "action sheet table", frame: Rect(x: 0, y: 667 - 60 * Double(options.count), width: 375, height: 60 * Double(options.count)))
        for (row, option) in options.enumerated() {
            table.addSubview(View(name: "option \(option)", frame: Rect(x: 0, y: 60 * Double(row), width: 375, height: 60)))
        }
        window.addSubview(dimming)
        window.addSubview(table)
        dimmingView = dimming
        self.table = table
        isShowing = true
    }

    /// Chooses the option at `index`, dismisses the sheet, then reports the choice.
    public func choose(_ index: Int) throws {
        guard options.indices.contains(index) else { throw ScreenError.noSuchOption(index: index, options: options) }
        dismiss()
        onChoose(options[index])
    }

    /// Hides the sheet: removed from the window (weak form) or only faded out (strong form).
    public func dismiss() {
        guard isShowing else { return }
        isShowing = false
        switch strength {
        case .weak:
            dimmingView?.removeFromSuperview()
            table?.removeFromSuperview()
            dimmingView = nil
            table = nil
        case .strong:
            dimmingView?.alpha = 0
            table?.alpha = 0
        }
    }

    /// The launcher and the views it made, for lifetime tracking.
    public var parts: [AnyObject] {
        [self] + [dimmingView, table].compactMap { $0 } + (table?.subviews ?? [])
    }
}
