import Foundation

/// Why a `.memory` stack could not start from a dataset: the machine has too little memory
/// free for it. Nothing was made.
public enum MemoryStackError: Error, Hashable, Sendable {
    /// `operation` needed `needed` bytes of memory and the machine had `available` free.
    case notEnoughMemory(operation: String, needed: Int64, available: Int64)
}

extension MemoryStackError: DescribedError {
    public var description: String {
        switch self {
        case let .notEnoughMemory(operation, needed, available):
            "\(operation): a memory stack needs \(Self.size(needed)) (\(needed) bytes) for its dataset and the machine has "
                + "\(Self.size(available)) free (MemAvailable); free some memory, use a smaller dataset, or use storage: file"
        }
    }

    static func size(_ bytes: Int64) -> String {
        let value = Double(bytes)
        return value >= 1_048_576 ? String(format: "%.1f MB", value / 1_048_576)
            : value >= 1_024 ? String(format: "%.1f KB", value / 1_024) : "\(bytes) B"
    }
}
