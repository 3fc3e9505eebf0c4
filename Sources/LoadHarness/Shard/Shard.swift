import Foundation

/// One of N parts of a run (`roost run --shard I/N`, design section 17): `index` from 1 to `count`.
public struct Shard: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// 1-based.
    public let index: Int
    public let count: Int

    /// The `index`-th of `count` parts; nil unless 1 <= index <= count.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Reads `I/N` (whole numbers, 1 <= I <= N); nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// `2/4`.
    public var description: String { "\(index)/\(count)" }

    public static func < (a: Shard, b: Shard) -> Bool { (a.count, a.index) < (b.count, b.index) }

    /// The environment Kubernetes gives an Indexed Job's pods (`JOB_COMPLETION_INDEX`, 0-based)
    /// and the count the job's manifest sets (`ROOST_SHARD_COUNT`).
    public static let indexVariable = "JOB_COMPLETION_INDEX", countVariable = "ROOST_SHARD_COUNT"

    /// `--shard auto`: the shard the environment names, or why it names none.
    public static func fromEnvironment(_ environment: [String: String]) -> Result<Shard, ShardError> {
        guard let indexText = environment[indexVariable] else { return .failure(.notInEnvironment(indexVariable)) }
        guard let countText = environment[countVariable] else { return .failure(.notInEnvironment(countVariable)) }
        guard let zeroBased = Int(indexText), zeroBased >= 0 else {
            return .failure(.badEnvironment(name: indexVariable, value: indexText, expected: "a whole number from 0"))
        }
        guard let count = Int(countText), count >= 1 else {
            return .failure(.badEnvironment(name: countVariable, value: countText, expected: "a whole number from 1"))
        }
        guard let shard = Shard(index: zeroBased + 1, count: count) else {
            return .failure(.badEnvironment(name: indexVariable, value: indexText,
                                            expected: "below \(countVariable) (\(count)): 0 to \(count - 1)"))
        }
        return .success(shard)
    }
}

/// Why `--shard` names no shard.
public enum ShardError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not `I/N` with 1 <= I <= N, nor `auto`.
    case badSpecification(String)
    /// `--shard auto` without this variable set.
    case notInEnvironment(String)
    /// `--shard auto` with this variable set to something unusable.
    case badEnvironment(name: String, value: String, expected: String)
    /// A variant split over more shards than it has virtual users: one of them would play nothing.
    case tooFewUsers(variant: String, users: Int, parts: Int, shard: Shard)

    public var description: String {
        switch self {
        case .badSpecification(let text):
            "--shard \(text): expected I/N, the I-th of N parts with 1 <= I <= N (e.g. 1/2, 2/2), or auto"
        case .notInEnvironment(let name):
            "--shard auto: \(name) is not set (a Kubernetes Indexed Job sets \(Shard.indexVariable); its manifest sets \(Shard.countVariable))"
        case .badEnvironment(let name, let value, let expected):
            "--shard auto: \(name)=\(value): expected \(expected)"
        case let .tooFewUsers(variant, users, parts, shard):
            "--shard \(shard): variant \(variant) has \(users) virtual user\(users == 1 ? "" : "s"), too few to split over "
                + "\(parts) shards (each needs one); run it on fewer shards, or give it more virtual users"
        }
    }
}
