import Testing
import SocialStack

/// The writer's busy time (`writerBusyNanoseconds`): what a capacity search sets beside the
/// cores to tell a writer busy with the writes' work from writes waiting for their turn.
@Suite struct WriterBusyTests {
    @Test func writesAddToTheWritersBusyTimeAndReadsDoNot() throws {
        let stack = try makeStack()
        let before = stack.writerBusyNanoseconds
        let session = try stack.auth.signUp(email: "ada@example.com", password: "analytical1", username: "ada", fullName: "Ada")
        let afterWrite = stack.writerBusyNanoseconds
        #expect(afterWrite > before)
        _ = try stack.auth.restoreSession(token: session.token)
        _ = try stack.users.user(named: "ada")
        #expect(stack.writerBusyNanoseconds == afterWrite)
    }
}
