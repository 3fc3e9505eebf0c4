import Screens

/// What a package adds to Roost: its own measured steps and reference edges. Pass it to
/// `RoostCommandLine.main(extensions:)` (or `StepRegistry(extensions:)`) at start-up.
public struct RoostExtension: Sendable {
    /// The package's name, as problems with its registrations name it.
    public var name: String
    /// Its steps, one type each.
    public var steps: [any MeasuredStep.Type]
    /// Its reference edges, which scenarios' `overrides:` may then set weak or strong.
    public var edges: [ReferenceEdge]

    /// An extension called `name` adding `steps` and `edges`.
    public init(name: String, steps: [any MeasuredStep.Type] = [], edges: [ReferenceEdge] = []) {
        self.name = name
        self.steps = steps
        self.edges = edges
    }

    /// Roost's own steps and the screens' edges, in the order of design section 5.
    public static let builtIn = RoostExtension(
        name: "Roost",
        steps: [
            Steps.Signup.self, Steps.Login.self, Steps.Logout.self, Steps.RestoreSession.self,
            Steps.Post.self, Steps.Reply.self, Steps.EditPost.self, Steps.DeletePost.self,
            Steps.Like.self, Steps.Unlike.self, Steps.Comment.self, Steps.Follow.self, Steps.Unfollow.self,
            Steps.ChangeUsername.self, Steps.UpdateProfileImage.self,
            Steps.OpenFeed.self, Steps.RefreshFeed.self, Steps.CloseFeed.self,
            Steps.OpenProfile.self, Steps.CloseProfile.self, Steps.OpenPost.self, Steps.ClosePost.self,
            Steps.OpenNotifications.self, Steps.CloseNotifications.self, Steps.OpenExplore.self, Steps.CloseExplore.self,
            Steps.SearchUsers.self, Steps.SearchPosts.self, Steps.OpenComments.self, Steps.CloseComments.self,
            Steps.ShowActionSheet.self,
        ],
        edges: ReferenceEdge.allCases
    )
}
