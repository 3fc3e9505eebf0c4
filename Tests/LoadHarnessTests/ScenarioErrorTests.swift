import LoadHarness
import Testing

/// Every problem the loader reports: the exact message, at the right line and column.
@Suite struct ScenarioErrorTests {
    private func report(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        ScenarioTestSupport.report(yaml, sourceLocation: sourceLocation)
    }

    @Test func unknownStepsSuggestTheNearestName() {
        #expect(report("""
            name: t
            steps:
              - login
              - opne_profile
              - opne_profile: { user: random }
              - fly
            """) == [
            "4:5: unknown step 'opne_profile'; did you mean 'open_profile'?",
            "5:5: unknown step 'opne_profile'; did you mean 'open_profile'?",
            "6:5: unknown step 'fly'; run 'roost list' to see every step",
        ])
    }

    @Test func unknownKeysSuggestTheNearestKey() {
        #expect(report("""
            nmae: t
            steps: [login]
            load:
              virtual_user: 2
              pace: 1
            """) == [
            "1:1: unknown key 'nmae'; did you mean 'name'?",
            "1:1: missing required key 'name'",
            "4:3: unknown key 'virtual_user' in 'load'; did you mean 'virtual_users'?",
            "5:3: unknown key 'pace' in 'load'; expected one of virtual_users, iterations, duration, ramp_up, warmup, arrival_rate, max_virtual_users, stages, stairs, start_virtual_users, start_rate",
        ])
    }

    @Test func wrongTypesAndRanges() {
        #expect(report("""
            name: t
            seed: -1
            dataset:
              users: many
              posts_per_user: -1
              likes_per_user: [1]
            steps: login
            """) == [
            "2:7: expected a non-negative integer for 'seed', got '-1'",
            "4:10: expected an integer for 'users', got 'many'",
            "5:19: 'posts_per_user' must be at least 0, got -1",
            "6:19: expected an integer for 'likes_per_user', got a list",
            "7:8: expected a list for 'steps', got 'login'",
        ])
        #expect(report("name: t\ndataset: { users: 1, follows_per_user: 0 }\nsteps: [login]") == [
            "2:19: 'users' must be at least 2, got 1",
        ])
        #expect(report("name: t\ndataset:\n  users: 20\n  follows_per_user: 20\nsteps: [login]") == [
            "4:21: 'follows_per_user' must be less than 'users' (20), got 20",
        ])
        // A default is named as one: the file never set follows_per_user (10) or users (100).
        #expect(report("name: t\ndataset:\n  users: 10\nsteps: [login]") == [
            "3:10: 'follows_per_user' must be less than 'users' (10), got 10, the default: set 'follows_per_user' below 10",
        ])
        #expect(report("name: t\ndataset:\n  follows_per_user: 100\nsteps: [login]") == [
            "3:21: 'follows_per_user' must be less than 'users' (100, the default), got 100",
        ])
    }

    @Test func namesAndRequiredKeys() {
        #expect(report("name: Profile Open\nsteps: []") == [
            "1:7: expected a name of lowercase letters, digits and '-' for 'name', got 'Profile Open'",
            "2:8: expected at least one step in 'steps'",
        ])
        #expect(report("description: nothing to run") == [
            "1:1: missing required key 'name'",
            "1:1: missing required key 'steps'",
        ])
    }

    @Test func stackValuesSuggestTheNearest() {
        #expect(report("""
            name: t
            stack:
              feed: fanOutOnRaed
              storage: disk
              password_cost: high
            steps: [login]
            """) == [
            "3:9: expected one of 'fanOutOnRead', 'fanOutOnWrite' for 'feed', got 'fanOutOnRaed'; did you mean 'fanOutOnRead'?",
            "4:12: expected one of 'file', 'memory' for 'storage', got 'disk'",
            "5:18: expected one of 'low', 'production' for 'password_cost', got 'high'",
        ])
    }

    /// A storage name misspelled is refused at its place, with the valid names and the nearest.
    @Test func aMisspelledStorageNamesTheNearest() {
        #expect(report("name: t\nstack: { storage: memroy }\nsteps: [login]") == [
            "2:19: expected one of 'file', 'memory' for 'storage', got 'memroy'; did you mean 'memory'?",
        ])
    }

    @Test func allocationProfileModesSuggestTheNearest() {
        #expect(report("name: t\nallocation_profile: exakt\nsteps: [login]") == [
            "2:21: expected one of 'off', 'sampled', 'exact' for 'allocation_profile', got 'exakt'; did you mean 'exact'?",
        ])
        #expect(report("name: t\nallocation_profile: [exact]\nsteps: [login]").count == 1)
    }

    @Test func variantProblems() {
        #expect(report("""
            name: t
            variants:
              - { name: weak, references: weak }
              - { name: weak, references: strong }
              - { name: x, overrides: { profileHeader: strong, cellDelegate: sometimes } }
              - Strong
            steps: [login]
            """) == [
            "4:13: duplicate variant name 'weak'; each variant needs its own name",
            "5:5: missing required key 'references' in 'variants'",
            "5:29: unknown edge 'profileHeader' in 'overrides'; did you mean 'profileHeaderDelegate'?",
            "5:66: expected one of 'weak', 'strong' for 'cellDelegate', got 'sometimes'",
            "6:5: expected a mapping for each variant in 'variants', got 'Strong'",
        ])
        #expect(report("name: t\nvariants: []\nsteps: [login]") == ["2:11: expected at least one variant in 'variants'"])
    }

    @Test func loadModelProblems() {
        #expect(report("""
            name: t
            load:
              virtual_users: 2
              arrival_rate: 10/s
            steps: [login]
            """) == [
            "4:3: cannot mix the closed model ('virtual_users') with the open model ('arrival_rate') in 'load'; "
                + "use virtual_users, iterations or duration, ramp_up, or else arrival_rate, duration, max_virtual_users",
        ])
        #expect(report("name: t\nload: { iterations: 5, duration: 10s }\nsteps: [login]") == [
            "2:24: 'iterations' and 'duration' cannot both bound a closed load; keep one",
        ])
        #expect(report("name: t\nload: { arrival_rate: fast, duration: 0s }\nsteps: [login]") == [
            "2:7: missing required key 'max_virtual_users' in 'load' (the open model needs arrival_rate, duration and max_virtual_users)",
            "2:23: expected a rate like '200/s' or '12/m' for 'arrival_rate', got 'fast'",
            "2:39: 'duration' must be more than 0s, got '0s'",
        ])
        #expect(report("name: t\nload: { ramp_up: 10 }\nsteps: [login]") == [
            "2:18: expected a duration like '10ms' or '1.5s' (units: ns, us, ms, s, m) for 'ramp_up', got '10'",
        ])
    }

    @Test func stepArgumentProblems() {
        #expect(report("""
            name: t
            steps:
              - open_profile: { usr: random }
              - login: { user: x }
              - open_profile:
                user: random
              - open_feed: { pages: 0 }
              - open_feed: 3
              - like: { post: newest }
              - like: { post: randm }
              - think: 10
              - think
            """) == [
            "3:21: unknown argument 'usr' in 'open_profile'; did you mean 'user'?",
            "4:12: step 'login' takes no arguments, got a mapping",
            "5:5: expected one key in a step map, got 2 ('open_profile', 'user'); indent a step's arguments under its name",
            "7:25: 'pages' must be at least 1, got 0",
            "8:16: expected a mapping of arguments (pages) for 'open_feed', got '3'",
            "9:19: expected random, self, followed, from_feed or a post id (a positive integer) for 'post', got 'newest'",
            "10:19: expected random, self, followed, from_feed or a post id (a positive integer) for 'post', got 'randm'; did you mean 'random'?",
            "11:12: expected a duration like '10ms' or '1.5s' (units: ns, us, ms, s, m) for 'think', got '10'",
            "12:5: step 'think' needs a duration, as in '- think: 10ms'",
        ])
    }

    @Test func textPlaceholdersAreLimited() {
        #expect(report("""
            name: t
            steps:
              - post: { text: "hi {user} and {iterations}" }
              - search_users:
                  query: q{seed}{vu}{a}
            """) == [
            "3:23: unknown placeholder '{user}' in 'text'; allowed: {vu}, {iteration}, {seed}",
            "3:34: unknown placeholder '{iterations}' in 'text'; allowed: {vu}, {iteration}, {seed}; did you mean '{iteration}'?",
            "5:25: unknown placeholder '{a}' in 'query'; allowed: {vu}, {iteration}, {seed}",
        ])
    }

    @Test func controlStepProblems() {
        #expect(report("""
            name: t
            steps:
              - repeat: { steps: [login, fyl] }
              - choose: []
              - choose: [{ steps: [login] }]
              - repeat
              - choose:
              - repeat: { times: 2, steps: [login], count: 3 }
            """) == [
            "3:13: missing required key 'times' in 'repeat'",
            "3:30: unknown step 'fyl'; run 'roost list' to see every step",
            "4:13: expected at least one branch in 'choose'",
            "5:14: missing required key 'weight' in 'choose'",
            "6:5: step 'repeat' needs arguments (times, steps), as in '- repeat: { times: 2, steps: [login] }'",
            "7:5: step 'choose' needs weighted branches, as in '- choose: [{ weight: 1, steps: [login] }]'",
            "8:41: unknown argument 'count' in 'repeat'; expected one of times, steps",
        ])
    }

    @Test func thresholdProblemsPointIntoTheExpression() {
        #expect(report("""
            name: t
            variants:
              - { name: weak, references: weak }
              - { name: strong, references: strong }
            steps:
              - login
              - open_profile
              - think: 1ms
            thresholds:
              - "mena(open_profile) < 20ms"
              - "p99(open_post) < 20ms"
              - "p99(think) < 20ms"
              - "errors{variant:wek} == 0"
              - "bytes_per_op < 2ms"
              - "p99(open_profile < 20ms"
              - "p99 = 20ms"
              - "error_rate < 5"
              - "p50 < 20"
              - "errors < 3ms"
              - p99(open_profle) < 20ms
              - "rss_peak_bytes < 2kb"
            """) == [
            "10:6: unknown metric 'mena'; did you mean 'mean'?",
            "11:10: step 'open_post' is not in this scenario's steps; its measured steps are login, open_profile",
            "12:10: step 'think' is not measured, so a threshold cannot name it",
            "13:21: variant 'wek' is not declared in 'variants'; did you mean 'weak'?",
            "14:22: unit 'ms' does not fit 'bytes_per_op', a byte metric; expected B, KB, MB or GB",
            "15:23: malformed threshold 'p99(open_profile < 20ms': expected ')' after the step name at character 18",
            "16:10: malformed threshold 'p99 = 20ms': expected a comparison operator (<, <=, >, >=, ==), got '=' at character 5",
            "17:19: a plain 'error_rate' is a fraction from 0 to 1, got 5; write 5% for a percentage",
            "18:12: missing unit after 20 for 'p50', a latency metric; expected ns, us, ms or s",
            "19:16: unit 'ms' does not fit 'errors', a count; write a plain number",
            "20:9: step 'open_profle' is not in this scenario's steps; did you mean 'open_profile'?",
            "21:24: unit 'kb' does not fit 'rss_peak_bytes', a byte metric; expected B, KB, MB or GB; did you mean 'KB'?",
        ])
    }

    @Test func severalProblemsAreAllReportedInFileOrder() {
        #expect(report("""
            steps:
              - opne_profile
            load: { virtual_user: 1 }
            name: Bad
            dataset: { users: many }
            thresholds: ["p99(open_profile) < 1kg"]
            seed: x
            """) == [
            "2:5: unknown step 'opne_profile'; did you mean 'open_profile'?",
            "3:9: unknown key 'virtual_user' in 'load'; did you mean 'virtual_users'?",
            "4:7: expected a name of lowercase letters, digits and '-' for 'name', got 'Bad'",
            "5:19: expected an integer for 'users', got 'many'",
            "6:36: unit 'kg' does not fit 'p99', a latency metric; expected ns, us, ms or s",
            "7:7: expected a non-negative integer for 'seed', got 'x'",
        ])
    }

    @Test func fileLevelProblems() {
        #expect(report("") == ["1:1: the file is empty; a scenario needs at least 'name' and 'steps'"])
        #expect(report("# only a comment\n") == ["1:1: the file is empty; a scenario needs at least 'name' and 'steps'"])
        #expect(report("- login\n") == ["1:1: expected a mapping of scenario keys (name, steps, ...) at the top of the file, got a list"])
    }

    @Test func yamlSyntaxErrorsKeepTheirPosition() {
        #expect(throws: ScenarioError.notYAML(path: "t.yaml", line: 4, column: 2,
                                              reason: "did not find expected key (while parsing a block mapping at line 1, column 1)")) {
            try ScenarioLoader.parse(yaml: "name: t\nsteps:\n  - login\n bad: indentation\n", path: "t.yaml")
        }
        #expect(throws: ScenarioError.notYAML(path: "t.yaml", line: 1, column: 1,
                                              reason: "duplicate key 'name' in one mapping; each key may appear once")) {
            try ScenarioLoader.parse(yaml: "name: t\nname: u\nsteps: [login]\n", path: "t.yaml")
        }
    }

    @Test func descriptionsUseThePathLineColumnForm() {
        do {
            _ = try ScenarioLoader.parse(yaml: "name: t\nsteps:\n  - opne_profile\n  - fly\n", path: "dir/s.yaml")
            Issue.record("expected problems")
        } catch {
            #expect(error.description == """
                dir/s.yaml:3:5: unknown step 'opne_profile'; did you mean 'open_profile'?
                dir/s.yaml:4:5: unknown step 'fly'; run 'roost list' to see every step
                """)
            #expect(error.path == "dir/s.yaml")
        }
        let notYAML = ScenarioError.notYAML(path: "a.yaml", line: 2, column: 3, reason: "oops")
        #expect(notYAML.description == "a.yaml:2:3: not valid YAML: oops")
        #expect(ScenarioError.unreadable(path: "b.yaml", reason: "no such file").description == "b.yaml: cannot read the file: no such file")
    }
}
