/// The image bytes of a dataset's profiles and of `update_profile_image`: a PNG signature,
/// which is what the stack checks before it stores an image (`ImageFormat`), then filler that
/// differs with `variation` so that each user's image is stored on its own. Not a picture
/// anyone could decode past its signature: the harness measures storing and moving bytes.
public enum DatasetImage {
    /// The PNG signature every image begins with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The smallest image: its signature.
    public static var minimumBytes: Int { signature.count }

    /// `count` bytes: the signature, then the filler that used to fill them all, byte `i`
    /// being `i * stride + variation` (truncated), so the images' sizes and spread are what they
    /// were before the stack checked formats. Fewer than `minimumBytes` are the signature cut
    /// short, which the stack refuses (the scenario reader refuses such sizes first).
    public static func bytes(count: Int, variation: Int, stride: Int = 31) -> [UInt8] {
        var bytes = (0..<max(count, 0)).map { byte in UInt8(truncatingIfNeeded: byte &* stride &+ variation) }
        let head = min(bytes.count, signature.count)
        bytes.replaceSubrange(0..<head, with: signature[0..<head])
        return bytes
    }
}
