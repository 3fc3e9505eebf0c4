import Foundation

/// Why storing or fetching image bytes failed.
public enum MediaError: Error, Hashable, Sendable {
    case empty
    case tooLarge(bytes: Int, limit: Int)
    case notFound(MediaID)
    /// The bytes are not an image the apps upload (`ImageFormat`): `leadingBytes` are their
    /// first few, for the message. Nothing was stored.
    case notAnImage(leadingBytes: [UInt8])
}

extension MediaError: DescribedError {
    public var description: String {
        switch self {
        case .empty: "image has no bytes"
        case let .tooLarge(bytes, limit): "image has \(bytes) bytes; the limit is \(limit) bytes"
        case let .notFound(id): "no image with id \(id)"
        case let .notAnImage(leading):
            "the bytes are not an image (expected \(ImageFormat.names), told by their first bytes); they begin "
                + leading.map { String(format: "%02x", $0) }.joined(separator: " ")
                + Self.printable(leading)
        }
    }

    /// ` ("<!DOCTYPE h")` when the leading bytes are printable ASCII (a text sent as an image), else "".
    private static func printable(_ bytes: [UInt8]) -> String {
        guard !bytes.isEmpty, bytes.allSatisfy({ (0x20..<0x7F).contains($0) }) else { return "" }
        return " (\"\(String(decoding: bytes, as: UTF8.self))\")"
    }
}
