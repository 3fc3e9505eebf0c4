/// The image formats the apps upload, told apart by their first bytes (their magic numbers):
/// what `MediaService` accepts as an image. Nothing else is stored, so a media id always names
/// bytes a client can show as a picture.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg, gif, webp, heic

    /// The format `bytes` begin with, or nil when they begin as none of these do.
    public init?(of bytes: [UInt8]) {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && bytes[offset..<offset + prefix.count].elementsEqual(prefix)
        }
        if starts(Magic.png) {
            self = .png
        } else if starts(Magic.jpeg) {
            self = .jpeg
        } else if starts(Magic.gif87a) || starts(Magic.gif89a) {
            self = .gif
        } else if starts(Magic.riff), starts(Magic.webp, at: 8) {
            self = .webp
        } else if starts(Magic.ftyp, at: 4), Magic.heifBrands.contains(where: { starts($0, at: 8) }) {
            self = .heic
        } else {
            return nil
        }
    }

    /// The formats' names, for messages.
    static let names = "PNG, JPEG, GIF, WebP or HEIC"

    /// How many leading bytes a refusal quotes.
    static let quotedBytes = 12

    /// Each format's signature.
    private enum Magic {
        static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF]
        static let gif87a = Array("GIF87a".utf8), gif89a = Array("GIF89a".utf8)
        /// WebP: `RIFF`, the chunk's size (4 bytes), then `WEBP`.
        static let riff = Array("RIFF".utf8), webp = Array("WEBP".utf8)
        /// HEIC: an ISO media file whose first box (its size, 4 bytes, then `ftyp`) names a
        /// HEIF major brand: what an iPhone's camera writes is `heic`; `mif1` and `msf1` are
        /// HEIF's generic image and sequence brands.
        static let ftyp = Array("ftyp".utf8)
        static let heifBrands = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1"]
            .map { Array($0.utf8) }
    }
}
