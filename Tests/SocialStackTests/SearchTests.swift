import Testing
@testable import SocialStack

@Suite struct SearchTests {
    @Test func findsPostsByWordsAndPrefixesBestFirst() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa")
        let swiftTwice = try stack.posts.compose(.post("Swift on Linux: swift build, swift test"), by: a)
        let swiftOnce = try stack.posts.compose(.post("A long post about many things, and Swift once, among other words here"), by: a)
        let other = try stack.posts.compose(.post("Rust and Go"), by: a)
        #expect(try stack.search.posts(matching: "swift").map(\.id) == [swiftTwice.id, swiftOnce.id])
        #expect(try stack.search.posts(matching: "SWI").map(\.id) == [swiftTwice.id, swiftOnce.id])
        #expect(try stack.search.posts(matching: "swift linux").map(\.id) == [swiftTwice.id])
        #expect(try stack.search.posts(matching: "rust").map(\.id) == [other.id])
        #expect(try stack.search.posts(matching: "swift", limit: 1, offset: 1).map(\.id) == [swiftOnce.id])
    }

    @Test func ignoresDiacriticsAndQuerySyntax() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa")
        let cafe = try stack.posts.compose(.post("Le café est ouvert"), by: a)
        #expect(try stack.search.posts(matching: "cafe").map(\.id) == [cafe.id])
        for query in ["\"", "caf\" OR", "NEAR(", "*", "-", "   "] {
            _ = try stack.search.posts(matching: query)
        }
        #expect(try stack.search.posts(matching: "\"café\"").map(\.id) == [cafe.id])
    }

    @Test func staysInStepWithEditsAndDeletes() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa")
        let post = try stack.posts.compose(.post("original words"), by: a)
        try stack.posts.edit(post.id, text: "replacement text", by: a)
        #expect(try stack.search.posts(matching: "original").isEmpty)
        #expect(try stack.search.posts(matching: "replacement").map(\.id) == [post.id])
        try stack.posts.delete(post.id, by: a)
        #expect(try stack.search.posts(matching: "replacement").isEmpty)
    }
}
