import Testing
@testable import SocialStack

@Suite struct UserTests {
    @Test func fetchByIDAndUsernameInAnyCase() throws {
        let stack = try makeStack()
        let id = try signUp(stack, "alan", fullName: "Alan Turing")
        #expect(try stack.users.user(id).fullName == "Alan Turing")
        #expect(try stack.users.user(named: "ALAN").id == id)
        #expect(throws: UserError.usernameNotFound("nobody")) { try stack.users.user(named: "Nobody") }
        #expect(throws: UserError.userNotFound(999)) { try stack.users.user(999) }
        #expect(try stack.users.users([id, 999]).keys.sorted() == [id])
    }

    @Test func renameToTheSameTakenAndInvalidNamesAreDistinctErrors() throws {
        let stack = try makeStack()
        let alan = try signUp(stack, "alan")
        try signUp(stack, "grace")
        #expect(throws: UserError.sameUsername("alan")) { try stack.users.changeUsername(as: stack.session(of: alan), to: "Alan") }
        #expect(throws: UserError.usernameTaken("grace", suggestion: "grace1")) { try stack.users.changeUsername(as: stack.session(of: alan), to: "grace") }
        #expect(throws: UserError.invalidUsername("a!", reason: "it must have at least 3 characters", suggestion: "a__")) {
            try stack.users.changeUsername(as: stack.session(of: alan), to: "a!")
        }
        #expect(throws: SessionError.notFound(operation: "change username")) { try stack.users.changeUsername(as: stack.session(of: 42), to: "fresh") }
        #expect(try stack.users.user(alan).username == "alan")
    }

    @Test func renameFreesTheOldNameAtOnce() throws {
        let stack = try makeStack()
        let alan = try signUp(stack, "alan")
        #expect(try stack.users.changeUsername(as: stack.session(of: alan), to: "turing").username == "turing")
        #expect(throws: UserError.usernameNotFound("alan")) { try stack.users.user(named: "alan") }
        let newcomer = try stack.auth.signUp(
            email: "new@example.com", password: "password1", username: "alan", fullName: "New Alan").user.id
        #expect(newcomer != alan)
        #expect(try stack.users.user(named: "turing").id == alan)
    }

    @Test func editProfileValidatesAndKeepsTextByteForByte() throws {
        let stack = try makeStack()
        let id = try signUp(stack, "emoji")
        let bio = "I 💜 \"quotes\", 'apostrophes' and '; DROP TABLE users; --"
        let user = try stack.users.updateProfile(as: stack.session(of: id), bio: bio)
        #expect(user.bio == bio)
        #expect(user.fullName == "Emoji")
        #expect(try stack.users.user(id).bio == bio)
        #expect(try count(stack, "users") == 1)
        #expect(throws: UserError.invalidFullName(.empty)) { try stack.users.updateProfile(as: stack.session(of: id), fullName: "   ") }
        let longBio = String(repeating: "é", count: 161)
        #expect(throws: UserError.invalidBio(.tooLong(count: 161, limit: 160))) { try stack.users.updateProfile(as: stack.session(of: id), bio: longBio) }
        #expect(try stack.users.updateProfile(as: stack.session(of: id), fullName: "Zoë", bio: "").bio == "")
        #expect(try stack.users.user(id).fullName == "Zoë")
    }

    @Test func profileImageCanBeSetReplacedAndRemoved() throws {
        let stack = try makeStack()
        let id = try signUp(stack, "pic")
        let first = try #require(try stack.users.setProfileImage(png([1, 2, 3]), as: stack.session(of: id)).profileImage)
        #expect(try stack.media.bytes(first) == png([1, 2, 3]))
        let second = try #require(try stack.users.setProfileImage(png([4, 5]), as: stack.session(of: id)).profileImage)
        #expect(first != second)
        #expect(try stack.users.setProfileImage(nil, as: stack.session(of: id)).profileImage == nil)
    }

    @Test func statsCountFollowsAndPosts() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa"), b = try signUp(stack, "bbb"), c = try signUp(stack, "ccc")
        try stack.follows.follow(a, as: stack.session(of: b))
        try stack.follows.follow(a, as: stack.session(of: c))
        try stack.follows.follow(b, as: stack.session(of: a))
        let post = try stack.posts.compose(.post("hello"), as: stack.session(of: a))
        try stack.posts.compose(.reply(to: post.id, "and a reply"), as: stack.session(of: a))
        #expect(try stack.users.stats(for: a) == UserStats(followers: 2, following: 1, posts: 2))
        #expect(try stack.users.stats(for: b) == UserStats(followers: 1, following: 1, posts: 0))
        #expect(throws: UserError.userNotFound(77)) { try stack.users.stats(for: 77) }
    }

    @Test func searchRanksExactThenUsernameThenFullNamePrefixes() throws {
        let stack = try makeStack()
        let ann = try signUp(stack, "ann", fullName: "Zed Person")
        let anna = try signUp(stack, "anna", fullName: "Anna Karenina")
        let annie = try signUp(stack, "annie_x", fullName: "Whoever")
        let byName = try signUp(stack, "zzz", fullName: "Annabel Lee")
        try signUp(stack, "bob", fullName: "Bob Ann")
        try stack.follows.follow(annie, as: stack.session(of: ann))
        try stack.follows.follow(annie, as: stack.session(of: anna))
        let found = try stack.users.search("ANN").map(\.id)
        // exact username first; then username prefixes by followers (annie has 2); then full-name prefixes.
        #expect(found == [ann, annie, anna, byName])
        #expect(try stack.search.users(matching: "@ann", limit: 2).map(\.id) == [ann, annie])
        #expect(try stack.users.search("ann", limit: 2, offset: 2).map(\.id) == [anna, byName])
        #expect(try stack.users.search("annabel l").map(\.id) == [byName])
        #expect(try stack.users.search("   ").isEmpty)
        #expect(try stack.users.search("%").isEmpty)
    }
}
