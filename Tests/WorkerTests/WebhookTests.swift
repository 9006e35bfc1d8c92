import DispatchServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Postgres
import Synchronization
import TestSupport
import Testing
@testable import Worker

/// The push handler against a real HTTP listener: one POST per device in the documented
/// shape, 5xx is retried, 4xx (except 408/429) goes dead at once, a dead push can be
/// re-queued, and a per-token "dead" answer disables that device.
@Suite("Webhook push sink")
struct WebhookTests {
    /// Alice (with `devices`) gets a notification (Bob claims her task) while the worker
    /// pushes to `server`.
    func claimWithWebhook(_ server: TinyHTTPServer, devices: [String] = ["alice-phone"]) async throws
        -> (WorkerFixture, RunningEngine, notificationEvent: () async throws -> Int64?) {
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let bob = try await f.user("Bob")
        for token in devices { try await f.device(alice, token) }
        let task = try await f.task(declaredBy: alice)
        let running = f.engine(handlers: [NotificationsHandler(), PushHandler(sink: WebhookSink(url: URL(string: server.url)!))])
        _ = try await f.acting(as: bob) { try $0.query("select public.claim_work_item('task', \(task))") }
        let event: () async throws -> Int64? = {
            try await f.connection.query("select id from outbox.events where table_name = 'notifications' and op = 'insert'")
                .first?.decode(0, as: Int64.self)
        }
        return (f, running, event)
    }

    func pushDelivery(_ f: WorkerFixture, _ event: Int64) async throws -> (state: String, attempts: Int, error: String?)? {
        try await f.connection.query("select state, attempts, last_error from outbox.deliveries where handler = 'push' and event_id = \(event)")
            .first.map { (try $0.decode(0), try $0.decode(1), try $0.decode(2)) }
    }

    @Test("HTTP 500 then 200: retried after the backoff, then delivered")
    func retriedThenDelivered() async throws {
        let server = try TinyHTTPServer { index, _ in index == 0 ? 500 : 200 }
        let (f, running, notificationEvent) = try await claimWithWebhook(server)
        #expect(try await eventually { server.requests.count == 2 })
        let event = try #require(try await notificationEvent())
        #expect(try await eventually { try await pushDelivery(f, event) == nil }, "delivered: the delivery row is gone")
        let request = try #require(server.requests.last)
        #expect(request.path == "/push")
        #expect(request.headers["content-type"] == "application/json")
        let envelope = try JSONValue(parsing: String(decoding: request.body, as: UTF8.self))
        #expect(envelope.objectValue.map { Set($0.keys) } == [
            "collapse_id", "environment", "idempotency_key", "notification_id", "payload", "platform", "token", "user_id",
        ])
        #expect(envelope["token"]?.stringValue == "alice-phone")
        #expect(envelope["platform"]?.stringValue == "ios" && envelope["environment"]?.stringValue == "production")
        #expect(envelope["payload"]?["type"]?.stringValue == "task_claimed")
        #expect(envelope["payload"]?["aps"]?["alert"]?["title"]?.stringValue == "Task claimed")
        let notificationID = try #require(envelope["notification_id"]?.stringValue)
        #expect(request.headers["idempotency-key"] == envelope["idempotency_key"]?.stringValue)
        #expect(request.headers["idempotency-key"]?.hasPrefix(notificationID + "/") == true)
        #expect(request.headers["idempotency-key"]?.contains("alice-phone") == false, "the token stays out of the key")
        #expect(request.headers["apns-collapse-id"] == notificationID && envelope["collapse_id"]?.stringValue == notificationID)
        #expect(server.requests[0].body == server.requests[1].body, "the retry sends the same push")
        try await running.stop()
        #expect(running.engine.stats.snapshot.retried["push"] == 1)
        server.stop()
        await f.close()
    }

    @Test("HTTP 400: dead after one attempt; re-queued, it is delivered once the endpoint accepts it")
    func deadThenRequeued() async throws {
        let accept = Mutex(false)
        let server = try TinyHTTPServer { _, _ in accept.withLock { $0 } ? 200 : 400 }
        let (f, running, notificationEvent) = try await claimWithWebhook(server)
        #expect(try await eventually { server.requests.count == 1 })
        let event = try #require(try await notificationEvent())
        #expect(try await eventually { try await pushDelivery(f, event)?.state == "dead" })
        let dead = try #require(try await pushDelivery(f, event))
        #expect(dead.attempts == 1)
        #expect(dead.error?.contains("HTTP 400") == true)
        try await Task.sleep(for: .milliseconds(1500))
        #expect(server.requests.count == 1, "a 4xx is not retried")

        accept.withLock { $0 = true }
        #expect(try await OutboxQueue.requeueDead(f.connection, handler: "push", eventIDs: [event]) == 1)
        #expect(try await eventually { try await pushDelivery(f, event) == nil })
        #expect(server.requests.count == 2)
        try await running.stop()
        server.stop()
        await f.close()
    }

    @Test("HTTP 410 or an \"unregistered\" answer for a token disables that device; the other device is pushed; the notification is done")
    func deadTokensDisableDevices() async throws {
        let server = try TinyHTTPServer(answer: { _, request in
            let token = (try? JSONValue(parsing: String(decoding: request.body, as: UTF8.self)))?["token"]?.stringValue
            switch token {
            case "old-phone": return (410, #"{"reason":"Unregistered"}"#)
            case "old-tablet": return (400, #"{"error":"UNREGISTERED"}"#)
            default: return (200, "{}")
            }
        })
        let (f, running, notificationEvent) = try await claimWithWebhook(server, devices: ["old-phone", "new-phone", "old-tablet"])
        #expect(try await eventually { server.requests.count == 3 })
        let event = try #require(try await notificationEvent())
        #expect(try await eventually { try await pushDelivery(f, event) == nil }, "done: a dead token is an answer, not a failure")
        #expect(try await eventually { try await f.devices().disabled.count == 2 })
        let devices = try await f.devices()
        #expect(devices.active == ["new-phone"])
        #expect(devices.disabled == ["old-phone": "Unregistered", "old-tablet": "UNREGISTERED"])
        try await running.stop()
        #expect(running.engine.stats.snapshot.counters["push.dead_tokens"] == 2)
        #expect(running.engine.stats.snapshot.counters["push.sent"] == 1)
        server.stop()
        await f.close()
    }

    /// The queue's clock, not the test's, runs through the outage: each time the failed
    /// pushes wait for their next attempt, their wait is skipped (run_at moved to now) and
    /// added to the outage's elapsed time. 40 s of retry schedule take a few seconds here.
    @Test("a 40 s gateway outage: every push delivered once the gateway is back, none dead (the retry horizon, default 1 h)")
    func outageRiddenOut() async throws {
        let down = Mutex(true)
        let server = try TinyHTTPServer { _, _ in down.withLock { $0 } ? 503 : 200 }
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice")
        let bob = try await f.user("Bob")
        try await f.device(alice, "alice-phone")
        let horizon = try await f.connection.query("""
            select max_attempts, outbox.retry_attempts(interval '1 hour') as hour, outbox.retry_attempts(interval '40 seconds') as outage
              from outbox.handlers where name = 'push'
            """).first.map { (try $0.decode(0, as: Int.self), try $0.decode(1, as: Int.self), try $0.decode(2, as: Int.self)) }
        #expect(horizon?.0 == horizon?.1, "the push handler retries for an hour by default")
        #expect((horizon?.2 ?? 0) > 5, "five attempts (the old default) would not have lasted 40 s")
        var tasks: [UUID] = []
        for n in 0..<10 { tasks.append(try await f.task(declaredBy: alice, title: "Task \(n)")) }
        let running = f.engine(handlers: [NotificationsHandler(), PushHandler(sink: WebhookSink(url: URL(string: server.url)!))])
        for task in tasks { _ = try await f.acting(as: bob) { try $0.query("select public.claim_work_item('task', \(task))") } }

        var elapsed = 0.0
        while elapsed < 40 {
            let skipped = try await eventually(timeout: .seconds(20), every: .milliseconds(50)) {
                try await f.connection.query("select count(*)::int from outbox.retries where handler = 'push' and state = 'failed'")
                    .scalar(Int.self) == 10
            }
            try #require(skipped, "the ten pushes failed and wait for their retry")
            // The worker updates these rows too, in its own order: a deadlock between the two
            // is the server choosing one to fail, not the test's subject; this one then runs again.
            var waits: [Double] = []
            for attempt in 1...5 {
                do {
                    waits = try await f.connection.query("""
                        with due as (select handler, event_id, run_at from outbox.retries where handler = 'push' and state = 'failed')
                        update outbox.retries r set run_at = now()
                          from due where r.handler = due.handler and r.event_id = due.event_id
                        returning extract(epoch from due.run_at - now())::float8
                        """).map { try $0.decode(0, as: Double.self) }
                    break
                } catch let error as PostgresError where error.sqlState == .deadlockDetected && attempt < 5 {
                    continue
                }
            }
            elapsed += waits.max() ?? 0
        }
        #expect(try await f.connection.query("select count(*)::int from outbox.retries where handler = 'push' and state = 'dead'")
                    .scalar(Int.self) == 0, "nothing dead within the outage")
        down.withLock { $0 = false }
        #expect(try await eventually(timeout: .seconds(30)) {
            try await f.connection.query("select count(*)::int from outbox.deliveries where handler = 'push' and state <> 'done'")
                .scalar(Int.self) == 0
        }, "every push delivered")
        let delivered = server.requests.suffix(10).compactMap { $0.headers["idempotency-key"] }
        #expect(Set(delivered).count == 10, "ten pushes, each its own key, delivered")
        try await running.stop()
        #expect(running.engine.stats.snapshot.dead["push", default: 0] == 0)
        server.stop()
        await f.close()
    }

    @Test("dead-token answers: APNs, FCM and legacy spellings; nothing else")
    func deadTokenAnswers() {
        for dead in ["Unregistered", "UNREGISTERED", "NotRegistered", "registration-token-not-registered", "messaging/registration-token-not-registered"] {
            #expect(PushReceipt.isDeadTokenAnswer(dead), "\(dead)")
        }
        for alive in ["BadDeviceToken", "TooManyRequests", "InternalServerError", "registered", ""] {
            #expect(!PushReceipt.isDeadTokenAnswer(alive), "\(alive)")
        }
        #expect(WebhookSink.reason(Data(#"{"reason":"Unregistered","timestamp":1}"#.utf8)) == "Unregistered")
        #expect(WebhookSink.reason(Data("not json".utf8)) == nil)
    }

    @Test("a gateway that cannot be reached: one readable line, retried")
    func unreachableGatewayIsOneLine() async throws {
        let payload = try PushPayload.notification(type: .taskClaimed, title: "Task claimed", body: "b", badge: 1)
        let message = PushMessage(userID: UUID(), notificationID: UUID(), device: PushDevice(token: "t", platform: .ios), payload: payload)
        let results = await WebhookSink(url: URL(string: "http://127.0.0.1:1/push")!, timeout: 5).send([message])
        guard case .failure(let error) = try #require(results.first) else {
            Issue.record("a closed port delivered")
            return
        }
        let line = "\(error)"
        #expect(line.hasPrefix("push gateway 127.0.0.1:1 unreachable: ") && !line.contains("\n") && line.count < 200, "\(line)")
        #expect(RetryPolicy.isTransient(error))
        #expect(DeliveryResult.failure(error) == .failed(message: line, retryable: true))
    }

    @Test("429 and 408 are retried; a refused connection is retried")
    func statusClassification() {
        #expect(WebhookSink.StatusError(status: 429, body: "").isTransient)
        #expect(WebhookSink.StatusError(status: 408, body: "").isTransient)
        #expect(WebhookSink.StatusError(status: 503, body: "").isTransient)
        #expect(!WebhookSink.StatusError(status: 404, body: "").isTransient)
        #expect(!WebhookSink.StatusError(status: 400, body: "").isTransient)
        #expect(RetryPolicy.isTransient(URLError(.cannotConnectToHost)))
    }
}
