import Foundation

/// The registry of live observations of one kind of event, by user.
final class ObservationHub<Event: Sendable>: Sendable {
    /// Made with room for `observedUsersBeforeGrowing` users, so that a user's `observe` does
    /// not grow the table inside whichever virtual user's step found it full: with users on
    /// threads of their own, that depended on how many others were observing at that moment.
    private let observations = Locked<[UserID: [Observation<Event>]]>(Dictionary(minimumCapacity: observedUsersBeforeGrowing))

    /// How many observed users the table holds before it grows.
    static var observedUsersBeforeGrowing: Int { 64 }

    /// Registers a new observation for `session`'s user, not delivering until `start`ed.
    func observe(
        _ session: Session, clock: @escaping @Sendable () -> Date, _ callback: @escaping @Sendable (Event) -> Void,
        ended: (@Sendable (ObservationEnd) -> Void)?
    ) -> Observation<Event> {
        let observation = Observation(session: session, hub: self, clock: clock, callback: callback, ended: ended)
        observations.withLock { $0[observation.user, default: []].append(observation) }
        return observation
    }

    func remove(_ observation: Observation<Event>) {
        observations.withLock { all in
            all[observation.user]?.removeAll { $0 === observation }
            if all[observation.user]?.isEmpty == true { all[observation.user] = nil }
        }
    }

    /// How many observations of `user` are registered, once those whose session expired at
    /// `now` (milliseconds) are ended.
    func count(for user: UserID, now: Int64) -> Int {
        endExpired(of: [user], at: now)
        return observations.withLock { $0[user]?.count ?? 0 }
    }

    /// The users with at least one live observation.
    var observedUsers: Set<UserID> {
        observations.withLock { Set($0.keys) }
    }

    /// Ends every observation of `user` (every session of theirs ended).
    func end(user: UserID, _ reason: ObservationEnd) {
        let ending = observations.withLock { $0[user] ?? [] }
        for observation in ending { observation.end(reason) }
    }

    /// Ends every observation of `user` started with the session whose token has digest
    /// `tokenHash`.
    func end(session tokenHash: Data, of user: UserID, _ reason: ObservationEnd) {
        // Only `user`'s observations are scanned, so a logout's work and allocations depend on
        // its own session alone, not on other users observing at the time. 8-byte prefixes are
        // compared first (comparing `Data` costs hundreds of instructions); nothing is
        // allocated unless one matches.
        let ending = observations.withLock { all -> [Observation<Event>] in
            guard let candidates = all[user] else { return [] }
            let prefix = Self.prefix(of: tokenHash)
            var found: [Observation<Event>] = []
            for observation in candidates where observation.tokenPrefix == prefix && observation.tokenHash == tokenHash {
                found.append(observation)
            }
            return found
        }
        for observation in ending { observation.end(reason) }
    }

    /// The first 8 bytes of a token's digest (0 for a shorter one, which no session has).
    static func prefix(of tokenHash: Data) -> UInt64 {
        guard tokenHash.count >= 8 else { return 0 }
        return tokenHash.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    /// Ends the observations of `users` (all when nil) whose session expired at `now`
    /// (milliseconds); returns how many ended.
    @discardableResult
    func endExpired(of users: [UserID]? = nil, at now: Int64) -> Int {
        let candidates = observations.withLock { all -> [Observation<Event>] in
            guard let users else { return all.values.flatMap { $0 } }
            return users.flatMap { all[$0] ?? [] }
        }
        return candidates.reduce(0) { ended, observation in ended + (observation.endIfExpired(at: now) ? 1 : 0) }
    }

    /// Delivers `event` to every live observation of each recipient, outside the lock.
    func deliver(_ event: Event, to recipients: some Sequence<UserID>) {
        for recipient in recipients {
            let targets = observations.withLock { $0[recipient] ?? [] }
            for observation in targets { observation.deliver(event) }
        }
    }
}
