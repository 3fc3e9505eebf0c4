import ArgumentParser
import Foundation
import LoadHarness
import SocialStack

/// `roost-bench hostile`: what hostile input costs the stack. Login with an unknown email
/// and with the right password followed by a NUL beside a wrong password (they must take the
/// same time), the same for account deletion's password, a reset with a garbage token,
/// and post searches: the query a person types, the largest one the limits accept, and the
/// unbounded patterns the limits refuse, run straight through FTS5 to show what they cost.
struct BenchHostile: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hostile",
        abstract: "Time login for unknown and known emails, garbage reset tokens and worst-case searches.",
        discussion: "Build in release (swift build -c release --product roost-bench); see docs/social-stack.md#hostile-input."
    )

    @Option(help: "Password cost of the login stack: production or low.") var cost = "production"
    @Option(help: "Login rounds (one unknown email, one wrong password and one NUL-suffixed one each).") var rounds = 41
    @Option(help: "Accounts in the search dataset.") var users = 10_000
    @Option(help: "Posts per account in the search dataset.") var postsPerUser = 6
    @Option(help: "Runs of each search (the median is printed).") var searches = 21
    @Option(help: "Words of the unbounded one-letter queries run straight through FTS5 (comma-separated; 0: none).")
    var unboundedTerms = "250,500,1000,2000"
    @Option(help: "Seconds after which an unbounded query is interrupted.") var timeout = 60.0
    @Flag(help: "Time the searches again after merging the search index's segments (FTS5 optimize).") var optimize = false

    func run() throws {
        guard let passwordCost = StackSettings.PasswordCostName(rawValue: cost)?.cost else {
            throw ValidationError("--cost must be production or low, got \(cost)")
        }
        try benchLogin(passwordCost)
        try benchSearch()
    }

    private func benchLogin(_ passwordCost: PasswordCost) throws {
        var configuration = SocialStack.Configuration(passwordCost: passwordCost)
        // Account deletion's wrong passwords are timed too: no lockout in the benchmark.
        configuration.wrongPasswordLimit = .max
        let stack = try SocialStack(configuration)
        let alice = try stack.auth.signUp(email: "alice@example.com", password: "alice-secret-1", username: "alice", fullName: "Alice")
        var unknown: [Double] = [], wrong: [Double] = [], nul: [Double] = [], right: [Double] = [], garbageReset: [Double] = []
        var deleteWrong: [Double] = [], deleteNul: [Double] = []
        for round in 0..<rounds {
            // Rotate which goes first, so a warm cache favours none.
            let order = [[0, 1, 2], [1, 2, 0], [2, 0, 1]][round % 3]
            for which in order {
                switch which {
                case 0: unknown.append(Self.time { _ = try? stack.auth.logIn(email: "nobody\(round)@example.com", password: "wrong-password-1") })
                case 1: wrong.append(Self.time { _ = try? stack.auth.logIn(email: "alice@example.com", password: "wrong-password-1") })
                default: nul.append(Self.time { _ = try? stack.auth.logIn(email: "alice@example.com", password: "alice-secret-1\0") })
                }
            }
            for which in round.isMultiple(of: 2) ? [0, 1] : [1, 0] {
                if which == 0 {
                    deleteWrong.append(Self.time { _ = try? stack.auth.deleteAccount(alice, password: "wrong-password-1") })
                } else {
                    deleteNul.append(Self.time { _ = try? stack.auth.deleteAccount(alice, password: "alice-secret-1\0") })
                }
            }
            right.append(Self.time { _ = try? stack.auth.logIn(email: "alice@example.com", password: "alice-secret-1") })
            garbageReset.append(Self.time { _ = try? stack.auth.resetPassword(token: "garbage-\(round)", newPassword: "new-secret-1") })
        }
        print("login, \(passwordCost), \(rounds) rounds, order rotated (medians):")
        print(String(format: "  unknown email     %9.3f ms", Self.median(unknown) * 1000))
        print(String(format: "  wrong password    %9.3f ms   (unknown / wrong: %.3f)", Self.median(wrong) * 1000,
                     Self.median(unknown) / Self.median(wrong)))
        print(String(format: "  right + NUL       %9.3f ms   (NUL / wrong: %.3f)", Self.median(nul) * 1000,
                     Self.median(nul) / Self.median(wrong)))
        print(String(format: "  right password    %9.3f ms", Self.median(right) * 1000))
        print(String(format: "  reset, bad token  %9.3f ms", Self.median(garbageReset) * 1000))
        print("account deletion, \(passwordCost), \(rounds) paired rounds (medians):")
        print(String(format: "  wrong password    %9.3f ms", Self.median(deleteWrong) * 1000))
        print(String(format: "  right + NUL       %9.3f ms   (NUL / wrong: %.3f)", Self.median(deleteNul) * 1000,
                     Self.median(deleteNul) / Self.median(deleteWrong)))
    }

    private func benchSearch() throws {
        let administration = try StackAdministration(opening: .init(passwordCost: .low))
        let stack = administration.stack
        let spec = DatasetSpec(users: users, postsPerUser: postsPerUser, followsPerUser: min(20, users - 1), likesPerUser: 0, imageBytes: 0)
        _ = try Dataset.build(spec, seed: 21, on: administration)
        try timeSearches(on: stack, title: "post search on \(users) users, \(users * postsPerUser) posts")
        if optimize {
            try stack.search.optimizeIndex()
            try timeSearches(on: stack, title: "the same after FTS5 optimize")
        }
    }

    private func timeSearches(on stack: SocialStack, title: String) throws {
        print("\(title) (\(searches) runs, medians):")
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        // The dataset's posts read "round 4 from user17 with @user9 #roost": "u" is a prefix of
        // every user name, "1" of thousands of numbers, so these are the dear prefixes.
        let widest = letters.prefix(TextLimits.searchTerms).joined(separator: " ")
        let accepted = ["round", "user1", "u", "1", Array(repeating: "u", count: TextLimits.searchTerms).joined(separator: " "),
                        (1...TextLimits.searchTerms).map(String.init).joined(separator: " "), "u r f w h e c 1", widest]
        for query in accepted {
            let seconds = Self.median((0..<searches).map { _ in Self.time { _ = try? stack.search.posts(matching: query) } })
            print("  " + Self.padded("\"\(query)\"", 34) + String(format: " %9.3f ms", seconds * 1000))
        }
        // User search is a prefix range over usernames and full names, ranked by followers:
        // "u" matches every account of the dataset, so it sorts them all.
        for query in ["u", "user1", "@user17", "x"] {
            let seconds = Self.median((0..<searches).map { _ in Self.time { _ = try? stack.search.users(matching: query) } })
            print("  users " + Self.padded("\"\(query)\"", 28) + String(format: " %9.3f ms", seconds * 1000))
        }
        let huge = String(repeating: "a ", count: 51_200)
        var refusal = ""
        let refused = Self.median((0..<searches).map { _ in
            Self.time { do { _ = try stack.search.posts(matching: huge) } catch { refusal = "\(error)" } }
        })
        print(String(format: "  100 KB of one-letter words        %9.3f ms   %@", refused * 1000, refusal))
        var userRefusal = ""
        let usersRefused = Self.median((0..<searches).map { _ in
            Self.time { do { _ = try stack.search.users(matching: huge) } catch { userRefusal = "\(error)" } }
        })
        print(String(format: "  user search, the same 100 KB      %9.3f ms   %@", usersRefused * 1000, userRefusal))
        // What the limits prevent: the pattern the stack built before them, one "x"* per word.
        for terms in unboundedTerms.split(separator: ",").compactMap({ Int($0) }) where terms > 0 {
            let pattern = (0..<terms).map { "\"\(letters[$0 % letters.count])\"*" }.joined(separator: " ")
            let seconds = try unbounded(pattern, on: stack)
            print(String(format: "  unbounded, %6d one-letter words %9.3f s%@", terms, seconds,
                         seconds >= timeout ? " (interrupted)" : ""))
        }
    }

    /// One run of the pre-limit search statement with `pattern`, interrupted after `timeout`.
    private func unbounded(_ pattern: String, on stack: SocialStack) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try stack.search.unboundedMatches(pattern: pattern, timeout: timeout)
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private static func time(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// `text` padded with spaces to `width` characters (`%-34@` does not pad on Linux).
    private static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private static func median(_ values: [Double]) -> Double { Statistics.median(values) ?? 0 }
}
