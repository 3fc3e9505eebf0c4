import Foundation
import Testing
import SocialStack

/// Written as an outsider calls the public API: what reflection shows of a `Session` (its
/// `Mirror`, `dump`, a debugger or a reflection-based logger) names its user and expiry, as its
/// description does, never its token.
@Suite struct SessionMirrorTests {
    @Test func aSessionsMirrorAndDumpShowNoToken() throws {
        let stack = try SocialStack(.init(passwordCost: .low))
        let ada = try stack.auth.signUp(email: "ada@example.com", password: "secret-ada-1", username: "ada", fullName: "Ada")
        let mirror = Mirror(reflecting: ada)
        #expect(mirror.children.map(\.label) == ["user", "expiresAt"])
        #expect(mirror.displayStyle == .struct)
        var dumped = ""
        dump(ada, to: &dumped)
        #expect(!dumped.contains(ada.token), "\(dumped)")
        #expect(dumped.contains("ada"))
        // Nested in something that is dumped whole, as a log of app state would be.
        var nested = ""
        dump(["signed in": [ada]], to: &nested)
        #expect(!nested.contains(ada.token), "\(nested)")
        // Every child, and every child of theirs, is token-free too.
        func walk(_ value: Any, depth: Int = 0) {
            for child in Mirror(reflecting: value).children {
                #expect(!"\(child.value)".contains(ada.token), "\(child.label ?? "?")")
                if depth < 3 { walk(child.value, depth: depth + 1) }
            }
        }
        walk(ada)
    }
}
