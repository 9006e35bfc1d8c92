import DispatchServer
import Postgres

/// LISTENs to the outbox doorbell on a dedicated connection and wakes every claim loop on
/// each ring. After a lost connection it reconnects with backoff, LISTENs again and rings
/// once at once: whatever was committed while it was away is claimed straight away (the
/// events themselves never depended on the notification). Through a transaction pooler
/// (declared, or found by its symptoms on the worker's other connections) it stops: a
/// LISTEN there rides a server connection the pooler lends to other clients, who then get
/// the doorbell, while the worker does not. The claim loops poll on their own timers.
struct DoorbellListener: Sendable {
    let databaseURL: String
    let control: EngineControl
    let log: WorkerLog

    func run() async {
        var backoff = ReconnectBackoff()
        var lost = false
        let stopBell = control.makeStopBell()
        while !control.isStopping {
            if PostgresConnection.isKnownPooled(databaseURL) {
                log.warning("doorbell: \(PostgresConnection.listenThroughPooler); polling instead")
                break
            }
            do {
                let connection = try await PostgresConnection.connect(databaseURL)
                guard control.setListenerConnection(connection) else {
                    await connection.close()
                    break
                }
                backoff.reset()
                let control = self.control
                let wasLost = lost
                let log = self.log
                let url = databaseURL
                try await connection.listen(on: Doorbell.channel) { notifications in
                    if wasLost { log.info("doorbell: listening again") }
                    control.ringAll()
                    for try await _ in notifications {
                        // A pooler found since: stop listening through it.
                        if PostgresConnection.isKnownPooled(url) { break }
                        control.ringForWork()
                    }
                }
                await connection.close()
            } catch {
                if control.isStopping { break }
                let delay = backoff.next()
                if backoff.failures == 1 {
                    log.warning("doorbell: connection lost (\(DeliveryResult.describe(error))); reconnecting in \(delay)")
                }
                lost = true
                // Poll meanwhile: the loops find work on their own timers too.
                await control.sleep(delay, bell: stopBell)
            }
        }
        _ = control.setListenerConnection(nil)
    }
}
