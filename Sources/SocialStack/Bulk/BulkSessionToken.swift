import Crypto
import Foundation

/// A bulk-loaded account's first session token, which nobody is handed: only its digest is
/// stored. The same digest as `SecretToken.digest(SecretToken.generate(random))` for the
/// same random bytes, with the URL-safe base64 written byte by byte rather than through
/// three Foundation string replacements (a sixth of a sign-up's time).
enum BulkSessionToken {
    /// The SHA-256 of the URL-safe, unpadded base64 of `bytes`.
    static func digest(ofTokenFrom bytes: [UInt8]) -> Data {
        let base64 = Data(bytes).base64EncodedData()
        var token: [UInt8] = []
        token.reserveCapacity(base64.count)
        for byte in base64 {
            switch byte {
            case UInt8(ascii: "="): continue
            case UInt8(ascii: "+"): token.append(UInt8(ascii: "-"))
            case UInt8(ascii: "/"): token.append(UInt8(ascii: "_"))
            default: token.append(byte)
            }
        }
        return Data(SHA256.hash(data: token))
    }
}
