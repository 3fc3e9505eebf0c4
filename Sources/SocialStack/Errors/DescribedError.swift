import Foundation

/// An error whose `description` is the message a person reads; `localizedDescription`
/// returns the same text.
public protocol DescribedError: Error, CustomStringConvertible, LocalizedError {}

extension DescribedError {
    public var errorDescription: String? { description }
}
