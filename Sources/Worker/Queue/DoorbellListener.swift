import DispatchServer
import Postgres

/// LISTENs to the outbox doorbell on a dedicated connection and wakes every claim loop on
/// each ring. After a lost connection it reconnects with backoff, LISTENs again and rings
/// once at once: whatever was committed while it was away is claimed straight away (the
/// events themselves never depended on the notification).
struct DoorbellListener: Sendable {
    let databaseURL: String
    let control: EngineControl
    let log: WorkerLog

    func run() async {
        var backoff = ReconnectBackoff()
        var lost = false
        let stopBell = control.makeStopBell()
        while !control.isStopping {
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
                try await connection.listen(on: Doorbell.channel) { notifications in
                    if wasLost { log.info("doorbell: listening again") }
                    control.ringAll()
                    for try await _ in notifications { control.ringForWork() }
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
