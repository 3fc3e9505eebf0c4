import Screens
import SocialStack

extension Steps {
    /// `update_profile_image`: upload a new profile image.
    public struct UpdateProfileImage: MeasuredStep {
        public static let name = "update_profile_image"
        public static let summary = "Upload a new profile image."
        public static let arguments = [StepSyntax.Argument("bytes", .integer(minimum: DatasetImage.minimumBytes), default: "4096",
                                                                doc: "Image size in bytes (a PNG signature, then filler).")]

        /// `bytes:`.
        public var bytes: Int

        /// The step with these arguments.
        public init(bytes: Int) {
            self.bytes = bytes
        }

        public init(_ arguments: StepArguments) {
            self.init(bytes: arguments.integer("bytes"))
        }

        public func play(_ vu: VirtualUser) throws {
            let stack = vu.stack
            // A PNG signature (the stack stores only images), then bytes that change with the iteration.
            _ = try stack.users.setProfileImage(DatasetImage.bytes(count: bytes, variation: vu.iteration, stride: 1), as: try vu.session())
        }
    }
}

extension Step {
    /// `update_profile_image`.
    public static func updateProfileImage(bytes: Int) -> Step { .measured(Steps.UpdateProfileImage(bytes: bytes)) }
}
