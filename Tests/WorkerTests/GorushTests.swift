import DispatchServer
import Foundation
import Postgres
import Synchronization
import TestSupport
import Testing
@testable import Worker

/// The Gorush sink against a local listener that speaks Gorush's `/api/push`: it checks the
/// request as Gorush would (a `notifications` array, each with `tokens` and a `platform`,
/// at most `max_notification` of them) and answers as Gorush in sync mode does, with a
/// `failed-push` log per failed token.
@Suite("Gorush push sink")
struct GorushTests {
    /// A Gorush stand-in: 400 for a request Gorush refuses, otherwise 200 with
    /// `{"counts", "logs", "success": "ok"}` and a failed-push log (token masked, as
    /// Gorush's `hide_token` does) for each token in `errors`.
    static func gorush(errors: [String: String], maxNotifications: Int = 100) throws -> TinyHTTPServer {
        try TinyHTTPServer(answer: { _, request in
            guard request.path == "/api/push",
                  let body = try? JSONValue(parsing: String(decoding: request.body, as: UTF8.self)),
                  let notifications = body["notifications"]?.arrayValue, !notifications.isEmpty else {
                return (400, #"{"message":"Missing notifications field."}"#)
            }
            guard notifications.count <= maxNotifications else {
                return (400, #"{"message":"Number of notifications over limit"}"#)
            }
            var logs: [JSONValue] = []
            var count = 0
            for notification in notifications {
                guard let tokens = notification["tokens"]?.arrayValue, !tokens.isEmpty,
                      let platform = notification["platform"]?.intValue, [1, 2].contains(platform) else {
                    return (400, #"{"message":"Invalid notification"}"#)
                }
                for token in tokens.compactMap(\.stringValue) {
                    count += 1
                    if let error = errors[token] {
                        logs.append(["type": "failed-push", "platform": platform == 1 ? "ios" : "android",
                                     "token": .string(String(repeating: "*", count: token.count)),
                                     "notif_id": notification["notif_id"] ?? .null,
                                     "message": notification["message"] ?? .null, "error": .string(error)])
                    }
                }
            }
            return (200, JSONValue.object(["counts": .number(Double(count)), "logs": .array(logs), "success": "ok"]).jsonText)
        })
    }

    @Test("a claim pushed through Gorush: the request format per platform, and a dead token disables its device")
    func endToEnd() async throws {
        let server = try Self.gorush(errors: ["alice-old-iphone": "Unregistered"])
        let f = try await WorkerFixture.make()
        let alice = try await f.user("Alice"), bob = try await f.user("Bob")
        try await f.device(alice, "alice-iphone", environment: "sandbox")
        try await f.device(alice, "alice-old-iphone")
        try await f.device(alice, "alice-pixel", platform: "android")
        let task = try await f.task(declaredBy: alice, title: "Fix the roof")
        let sink = try PushSinks.make("gorush:http://127.0.0.1:\(server.port)")
        #expect((sink as? GorushSink)?.url.absoluteString == "http://127.0.0.1:\(server.port)/api/push")
        let running = f.engine(handlers: [NotificationsHandler(), PushHandler(sink: sink)])
        _ = try await f.acting(as: bob) { try $0.query("select public.claim_work_item('task', \(task))") }
        #expect(try await eventually { try await f.devices().disabled.count == 1 })
        #expect(try await eventually { try await f.outstanding() == 0 })
        try await running.stop()
        server.stop()

        #expect(server.requests.count == 1, "one request for the batch")
        let body = try JSONValue(parsing: String(decoding: try #require(server.requests.first).body, as: UTF8.self))
        let notifications = try #require(body["notifications"]?.arrayValue)
        #expect(notifications.count == 3, "one per device")
        func sent(to token: String) throws -> JSONValue {
            try #require(notifications.first { $0["tokens"]?.arrayValue == [.string(token)] })
        }
        let iphone = try sent(to: "alice-iphone")
        #expect(iphone["platform"]?.intValue == 1)
        #expect(iphone["development"]?.boolValue == true && iphone["production"] == nil)
        #expect(iphone["title"]?.stringValue == "Task claimed")
        #expect(iphone["message"]?.stringValue == "Bob claimed “Fix the roof”")
        #expect(iphone["badge"]?.intValue == 1)
        #expect(iphone["category"]?.stringValue == "WORK_ITEM")
        #expect(iphone["mutable_content"]?.boolValue == true)
        #expect(iphone["data"]?["type"]?.stringValue == "task_claimed")
        #expect(iphone["data"]?["task_id"]?.stringValue == task.uuidString.lowercased())
        #expect(try sent(to: "alice-old-iphone")["production"]?.boolValue == true)
        let pixel = try sent(to: "alice-pixel")
        #expect(pixel["platform"]?.intValue == 2)
        #expect(pixel["badge"] == nil && pixel["category"] == nil, "iOS-only fields stay off Android")
        #expect(pixel["data"]?["type"]?.stringValue == "task_claimed")
        #expect(Set(notifications.compactMap { $0["notif_id"]?.stringValue }).count == 3)

        let devices = try await f.devices()
        #expect(devices.active == ["alice-iphone", "alice-pixel"])
        #expect(devices.disabled == ["alice-old-iphone": "Unregistered"])
        #expect(running.engine.stats.snapshot.counters["push.dead_tokens"] == 1)
        #expect(running.engine.stats.snapshot.counters["push.sent"] == 2)
        await f.close()
    }

    @Test("per-push answers: dead, failed (transient), delivered; requests split at max_notification; a refused request")
    func answers() async throws {
        let server = try Self.gorush(errors: ["dead": "Unregistered", "flaky": "Post https://api.push.apple.com: timeout"],
                                     maxNotifications: 2)
        let sink = GorushSink(url: URL(string: "http://127.0.0.1:\(server.port)")!, maxNotifications: 2)
        let payload = try PushPayload.notification(type: .taskClaimed, title: "t", body: "b", badge: 3)
        let messages = ["ok", "dead", "flaky", "ok-2", "ok-3"].map {
            PushMessage(userID: UUID(), notificationID: UUID(), device: PushDevice(token: $0, platform: .ios), payload: payload)
        }
        let results = await sink.send(messages)
        #expect(server.requests.count == 3, "5 pushes, at most 2 a request")
        #expect(try results[0].get() == .delivered)
        #expect(try results[1].get() == .deadToken(reason: "Unregistered"))
        #expect(throws: HandlerError.self) { try results[2].get() }
        #expect(RetryPolicy.isTransient(results[2].failure!))
        #expect(try results[3].get() == .delivered && results[4].get() == .delivered)

        let refusing = try TinyHTTPServer(answer: { _, _ in (400, #"{"message":"Missing notifications field."}"#) })
        let refused = await GorushSink(url: URL(string: "http://127.0.0.1:\(refusing.port)/api/push")!).send(Array(messages.prefix(2)))
        for result in refused {
            #expect(!RetryPolicy.isTransient(result.failure!), "a refused request is permanent")
        }
        server.stop()
        refusing.stop()
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
