/// A headless view: a frame, an alpha, subviews. Screens build their hierarchy from these
/// so that what a real screen held (and leaked) is held here too.
public class View: @unchecked Sendable {
    /// A short name for the view's role ("dimming", "sheet").
    public let name: String
    public var frame: Rect
    public var alpha = 1.0
    public private(set) var subviews: [View] = []
    /// The view this one is in (weak, as in UIKit).
    public private(set) weak var superview: View?

    /// A view with a name and a frame.
    public init(name: String, frame: Rect = .zero) {
        self.name = name
        self.frame = frame
    }

    /// Adds `view` on top of this view's subviews.
    public func addSubview(_ view: View) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    /// Takes this view out of its superview.
    public func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }
}

/// A rectangle in points.
public struct Rect: Hashable, Sendable {
    public var x, y, width, height: Double

    /// A rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// A phone screen in points (iPhone 6-8 size, what the apps were built for).
    public static let phone = Rect(x: 0, y: 0, width: 375, height: 667)
}

/// Decoded image pixels (RGBA, 4 bytes each) at a 3x phone's scale: what an image view
/// holds once it has drawn its image, and most of what a leaked header weighs.
public final class PixelBuffer: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// width x height x 4 bytes.
    public let pixels: [UInt8]

    /// "Decodes" `image` into a buffer of `points` x `points` at 3x scale: the encoded bytes
    /// are expanded, repeating, to fill every pixel, so the buffer costs what a decoded
    /// image would and its content depends on the image.
    public init(decoding image: [UInt8], points: Int) {
        width = points * 3
        height = points * 3
        let count = width * height * 4
        if image.isEmpty {
            pixels = [UInt8](repeating: 0, count: count)
        } else {
            pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                for index in 0..<count { buffer[index] = image[index % image.count] }
                initialized = count
            }
        }
    }
}
