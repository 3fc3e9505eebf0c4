/// A synthetic object graph shaped like an app's open screens, for timing the retain-cycle
/// walk: screens with a header, cells, subviews, view models, shared authors, closures
/// capturing weakly, weak back-pointers, and a few strong delegate cycles.
public enum ProbeBenchmarkGraph {
    /// The root: every open screen.
    public final class Window {
        public internal(set) var screens: [Screen] = []
    }

    /// A screen: a header, cells, a refresh closure capturing the screen weakly.
    public final class Screen {
        var header: Header
        var cells: [Cell] = []
        var title: String
        var onRefresh: (() -> Void)?
        init(title: String, header: Header) {
            self.title = title
            self.header = header
        }
    }

    /// A header: a weak delegate, and on every `cyclicEvery`-th screen a strong one.
    public final class Header {
        weak var weakDelegate: Screen?
        var strongDelegate: Screen?
        var author: Author?
    }

    /// A cell: a view model, subviews, a mention closure capturing the cell weakly.
    public final class Cell {
        weak var delegate: Screen?
        var model: CellModel
        var subviews: [View] = []
        var onMention: ((String) -> Void)?
        init(model: CellModel) { self.model = model }
    }

    /// What a cell shows.
    public struct CellModel {
        var text: String
        var author: Author
        var likes: Int
        var isLiked: Bool
    }

    /// A subview.
    public final class View {
        var frame = (x: 0.0, y: 0.0, width: 0.0, height: 0.0)
        var tag: Int
        init(tag: Int) { self.tag = tag }
    }

    /// A user shown by headers and cells, shared between them.
    public final class Author {
        var username: String
        init(username: String) { self.username = username }
    }

    /// Builds a window with `screens` screens of `cellsPerScreen` cells, each cell with
    /// `subviewsPerCell` subviews; every `cyclicEvery`-th screen's header holds its screen
    /// strongly (a cycle). Returns the window and the number of heap objects built.
    public static func make(
        screens: Int = 100, cellsPerScreen: Int = 100, subviewsPerCell: Int = 8, authors: Int = 1_000,
        cyclicEvery: Int = 10
    ) -> (window: Window, objects: Int) {
        let authorPool = (0..<authors).map { Author(username: "user\($0)") }
        let window = Window()
        var objects = 1 + authors
        for index in 0..<screens {
            let header = Header()
            header.author = authorPool[index % authors]
            let screen = Screen(title: "screen \(index)", header: header)
            header.weakDelegate = screen
            if cyclicEvery > 0, index % cyclicEvery == 0 { header.strongDelegate = screen }
            screen.onRefresh = { [weak screen] in _ = screen?.cells.count }
            objects += 3  // screen, header, the closure's context
            for row in 0..<cellsPerScreen {
                let cell = Cell(model: CellModel(
                    text: "post \(row) on screen \(index)", author: authorPool[(index * cellsPerScreen + row) % authors],
                    likes: row, isLiked: row % 2 == 0))
                cell.delegate = screen
                cell.subviews = (0..<subviewsPerCell).map { View(tag: $0) }
                cell.onMention = { [weak cell] name in _ = (cell, name) }
                screen.cells.append(cell)
                objects += 2 + subviewsPerCell
            }
            window.screens.append(screen)
        }
        return (window, objects)
    }

    /// Breaks the strong header cycles so that the graph can be freed.
    public static func tearDown(_ window: Window) {
        for screen in window.screens { screen.header.strongDelegate = nil }
        window.screens.removeAll()
    }
}
