import Foundation

/// Observations belong to the session that started them (`Observation`): what starts one,
/// counts them, and ends them when sessions end.
extension Store {
    /// Registers an observation on `hub` for `session`, checks the session in a read, and
    /// starts it; the session's `SessionError` otherwise, with nothing left registered.
    /// Registered before the check, so that a logout committing meanwhile either fails the
    /// check or finds the observation and ends it: none outlives its session unseen.
    func observe<Event>(
        on hub: ObservationHub<Event>, _ session: Session, for operation: String,
        _ callback: @escaping @Sendable (Event) -> Void, ended: (@Sendable (ObservationEnd) -> Void)?,
        function: StaticString = #function, file: StaticString = #fileID
    ) throws -> Observation<Event> {
        let observation = hub.observe(session, clock: configuration.clock, callback, ended: ended)
        do {
            let expiresAt = try read({ db in try SessionCheck.expiry(of: session, for: operation, in: db, store: self) },
                                     function, file)
            guard observation.start(expiresAt: expiresAt) else { throw SessionError.notFound(operation: operation) }
            return observation
        } catch {
            observation.cancel()
            throw error
        }
    }

    /// Ends the observations started with the session whose token has digest `tokenHash`.
    func endObservations(ofSession tokenHash: Data, of user: UserID, _ reason: ObservationEnd) {
        notificationHub.end(session: tokenHash, of: user, reason)
        feedHub.end(session: tokenHash, of: user, reason)
    }

    /// Ends every observation of `user` (all their sessions ended).
    func endObservations(of user: UserID, _ reason: ObservationEnd) {
        notificationHub.end(user: user, reason)
        feedHub.end(user: user, reason)
    }

    /// Ends every observation whose session has expired at `now` (milliseconds); how many ended.
    func endExpiredObservations(at now: Int64) -> Int {
        notificationHub.endExpired(at: now) + feedHub.endExpired(at: now)
    }
}
