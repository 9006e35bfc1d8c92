import DispatchServer
import Foundation
import Postgres
import Testing
@testable import Worker
import WorkerTestSupport

@Suite("Worker configuration")
struct ConfigurationTests {
    @Test("flags override the environment; defaults otherwise")
    func flagsAndEnvironment() throws {
        let defaults = try WorkerConfiguration.parse([], environment: [:])
        #expect(defaults.pushSink == "stdout" && defaults.batchSize == 500 && defaults.lease == .seconds(30))
        #expect(defaults.handlers.map(\.name) == ["notifications", "push", "photos"])
        #expect(defaults.photoStore == "file:photos" && defaults.storageServiceKey == nil)
        // Supabase Storage needs the service key, from the environment only.
        #expect(throws: WorkerConfiguration.ConfigurationError.self) {
            try WorkerConfiguration.parse(["--photo-store", "supabase:https://ref.supabase.co"], environment: [:])
        }
        let storage = try WorkerConfiguration.parse([], environment: [
            "DISPATCH_PHOTO_STORE": "supabase:https://ref.supabase.co", "DISPATCH_STORAGE_SERVICE_KEY": "key"])
        #expect(storage.photoStore == "supabase:https://ref.supabase.co" && storage.storageServiceKey == "key")
        #expect(try PhotoStores.make(storage) is SupabaseStoragePhotoStore)
        #expect(!PhotoStores.isValid("s3://bucket") && !PhotoStores.isValid("file:"))
        let config = try WorkerConfiguration.parse(
            ["--batch-size", "50", "--lease=2.5", "--push-sink", "https://example.com/push", "--handlers", "a=noop,b=sleep:20,notifications"],
            environment: ["DATABASE_URL": "postgresql:///x", "DISPATCH_WORKER_BATCH_SIZE": "10", "DISPATCH_WORKER_CONCURRENCY": "3"])
        #expect(config.databaseURL == "postgresql:///x")
        #expect(config.batchSize == 50, "the flag wins over the environment")
        #expect(config.concurrency == 3)
        #expect(config.lease == .milliseconds(2500))
        #expect(config.pushSink == "https://example.com/push")
        #expect(config.handlers == [.init(name: "a", kind: "noop"), .init(name: "b", kind: "sleep:20"),
                                    .init(name: "notifications", kind: "notifications")])
    }

    @Test("the shipped worker knows only its own handler kinds; the tests' build adds noop and sleep")
    func handlerKinds() throws {
        var config = WorkerConfiguration()
        config.handlers = [.init(name: "notifications", kind: "notifications"), .init(name: "n2", kind: "notifications"),
                           .init(name: "push", kind: "push")]
        #expect(try HandlerFactory.make(config).map(\.name) == ["notifications", "n2", "push"])
        for kind in ["noop", "sleep:20", "unknown", "push:1", ""] {
            config.handlers = [.init(name: "x", kind: kind)]
            #expect(throws: WorkerConfiguration.ConfigurationError.self, "\(kind)") { try HandlerFactory.make(config) }
        }
        config.handlers = [.init(name: "a", kind: "noop"), .init(name: "b", kind: "sleep:20")]
        let handlers = try HandlerFactory.make(config, extraKinds: TestHandlerKinds.all)
        #expect(handlers.first is NoopHandler)
        #expect((handlers.last as? SleepHandler)?.delay == .milliseconds(20))
        for kind in ["sleep", "sleep:x", "noop:1"] {
            config.handlers = [.init(name: "x", kind: kind)]
            #expect(throws: HandlerError.self, "\(kind)") { try HandlerFactory.make(config, extraKinds: TestHandlerKinds.all) }
        }
    }

    @Test("the doorbell's session: the direct URL, else the database URL unless it is a transaction pooler")
    func sessionURL() throws {
        let direct = try WorkerConfiguration.parse(
            ["--database-direct-url", "postgresql:///app?host=/db"],
            environment: ["DATABASE_URL": "postgresql:///app?host=/pooler&pgbouncer=true"])
        #expect(direct.connectionRoles.session == "postgresql:///app?host=/db")
        let fromEnvironment = try WorkerConfiguration.parse([], environment: [
            "DATABASE_URL": "postgresql:///app?host=/pooler&pgbouncer=true", "DATABASE_DIRECT_URL": "host=/db dbname=app"])
        #expect(fromEnvironment.directURL == "host=/db dbname=app")
        let pooledOnly = try WorkerConfiguration.parse([], environment: ["DATABASE_URL": "postgresql:///app?host=/pooler&pgbouncer=true"])
        #expect(pooledOnly.connectionRoles.session == nil, "no session: the worker polls")
        let plain = try WorkerConfiguration.parse([], environment: ["DATABASE_URL": "postgresql:///app"])
        #expect(plain.connectionRoles.session == "postgresql:///app")
    }

    @Test("bad values are refused with the option's name")
    func badValues() {
        for arguments in [["--database-url", "postgresql:///x?pgbouncer=yes"], ["--database-direct-url", "dbname=x pgbouncer=1"],
                          ["--batch-size", "0"], ["--batch-size", "10001"], ["--lease", "0"], ["--push-sink", "ftp://x"],
                          ["--concurrency", "two"], ["--handlers", "x="], ["--handlers", "=push"], ["--handlers", "a,a"], ["--nope", "1"],
                          ["--lease"], ["stray"], ["--max-attempts", "101"]] {
            #expect(throws: WorkerConfiguration.ConfigurationError.self, "\(arguments)") {
                try WorkerConfiguration.parse(arguments, environment: [:])
            }
        }
    }

    @Test("an unknown flag is named as unknown, wherever it stands; a known one without its value says so")
    func unknownFlags() throws {
        for arguments in [["--bogus"], ["--batch-size", "5", "--bogus"], ["--bogus", "1"], ["run-fast"]] {
            #expect(throws: WorkerConfiguration.ConfigurationError.self, "\(arguments)") { try WorkerConfiguration.parse(arguments, environment: [:]) }
            do {
                _ = try WorkerConfiguration.parse(arguments, environment: [:])
            } catch {
                #expect("\(error)".hasPrefix("unknown option"), "\(arguments): \(error)")
            }
        }
        do {
            _ = try WorkerConfiguration.parse(["--batch-size"], environment: [:])
            Issue.record("a known flag without a value was accepted")
        } catch {
            #expect("\(error)" == "--batch-size needs a value")
        }
        let horizon = try WorkerConfiguration.parse(["--push-retry-for", "7200"], environment: ["DISPATCH_PUSH_RETRY_FOR": "60"])
        #expect(horizon.pushRetryFor == .seconds(7200))
        #expect(try WorkerConfiguration.parse([], environment: ["DISPATCH_PUSH_RETRY_FOR": "60"]).pushRetryFor == .seconds(60))
        #expect(throws: WorkerConfiguration.ConfigurationError.self) { try WorkerConfiguration.parse(["--push-retry-for", "-1"], environment: [:]) }
    }

    @Test("push sinks from their names")
    func sinks() throws {
        #expect(try PushSinks.make("stdout") is LineSink)
        #expect(try PushSinks.make("http://127.0.0.1:9/x") is WebhookSink)
        #expect(throws: HandlerError.self) { try PushSinks.make("file:") }
        #expect(throws: HandlerError.self) { try PushSinks.make("carrier-pigeon") }
        #expect(try PushSinks.make("gorush:https://push.example.com/custom/push") is GorushSink)
        #expect(throws: HandlerError.self) { try PushSinks.make("gorush:push.example.com") }
        #expect(try WorkerConfiguration.parse(["--push-sink", "gorush:http://127.0.0.1:8088"]).pushSink == "gorush:http://127.0.0.1:8088")
        #expect(throws: WorkerConfiguration.ConfigurationError.self) { try WorkerConfiguration.parse(["--push-sink", "gorush:ftp://x"]) }
    }

    @Test("the push document: sorted keys, the token escaped, the payload as built")
    func envelope() throws {
        let payload = try PushPayload.notification(type: .taskClaimed, title: "Task claimed", body: "b", badge: 2)
        let user = UUID(), notification = UUID()
        let message = PushMessage(userID: user, notificationID: notification,
                                  device: PushDevice(token: #"a"b\c"#, platform: .android, environment: .sandbox), payload: payload)
        let text = String(decoding: try message.envelope(), as: UTF8.self)
        let parsed = try JSONValue(parsing: text)
        #expect(parsed["token"]?.stringValue == #"a"b\c"#)
        #expect(parsed["platform"]?.stringValue == "android" && parsed["environment"]?.stringValue == "sandbox")
        #expect(parsed["user_id"]?.stringValue == user.uuidString.lowercased())
        #expect(parsed["notification_id"]?.stringValue == notification.uuidString.lowercased())
        #expect(parsed["payload"] == (try JSONValue(parsing: String(decoding: try payload.jsonData(), as: UTF8.self))))
        #expect(text.hasPrefix(#"{"collapse_id":""#) && text.contains(#","environment":"sandbox","idempotency_key":""#)
                && text.contains(#","platform":"android","token":"#), "keys sorted, compact")
        // One key per notification and device, the same on every sending.
        let again = PushMessage(userID: user, notificationID: notification, device: message.device, payload: payload)
        let otherDevice = PushMessage(userID: user, notificationID: notification,
                                      device: PushDevice(token: "another", platform: .android), payload: payload)
        #expect(parsed["idempotency_key"]?.stringValue == again.idempotencyKey)
        #expect(message.idempotencyKey != otherDevice.idempotencyKey && message.collapseID == otherDevice.collapseID)
        #expect(message.idempotencyKey.hasPrefix(notification.uuidString.lowercased() + "/") && message.collapseID.utf8.count <= 64)
    }
}

@Suite("Notification planner (pure rules)")
struct NotificationPlannerTests {
    let alice = UUID(), bob = UUID(), dana = UUID(), item = UUID()

    func event(_ table: String, _ op: RealtimeRecord.EventType, record: String?, changes: String? = nil,
               actor: UUID?, restored: Bool = false) -> OutboxEvent {
        OutboxEvent(id: 7, handlers: ["notifications"], attempts: [1], table: table, operation: op, recordID: item,
                    recordText: record, changesText: changes, audienceText: "{}", createdAt: Date(), actor: actor, restored: restored)
    }

    func task(claimedBy: UUID?, completed: Bool = false) -> String {
        let claimer = claimedBy.map { "\"\($0.uuidString.lowercased())\"" } ?? "null"
        return #"{"id":"\#(item.uuidString.lowercased())","title":"Fix it","declared_by":"\#(alice.uuidString.lowercased())","claimed_by":\#(claimer),"completed":\#(completed)}"#
    }

    func drafts(_ plan: NotificationPlanner.Plan) -> [NotificationDraft] {
        if case .drafts(let drafts) = plan { return drafts }
        return []
    }

    @Test("claim by another user → task_claimed to the declarer, sourced to the claimer")
    func claim() throws {
        let plan = try NotificationPlanner.plan(event("tasks", .update, record: task(claimedBy: bob), changes: #"{"claimed_by":null}"#, actor: bob))
        let result = drafts(plan)
        #expect(result.map(\.type) == [.taskClaimed])
        #expect(result.first?.recipient == alice && result.first?.source == bob)
    }

    @Test("an admin's release notifies the declarer; the declarer's own release does not")
    func release() throws {
        let byAdmin = try NotificationPlanner.plan(event("tasks", .update, record: task(claimedBy: nil),
                                                         changes: #"{"claimed_by":"\#(bob.uuidString)"}"#, actor: dana))
        #expect(drafts(byAdmin).map(\.type) == [.taskUnclaimed])
        #expect(drafts(byAdmin).first?.source == dana)
        let byDeclarer = try NotificationPlanner.plan(event("tasks", .update, record: task(claimedBy: nil),
                                                            changes: #"{"claimed_by":"\#(bob.uuidString)"}"#, actor: alice))
        #expect(drafts(byDeclarer).isEmpty)
    }

    @Test("claim and completion in one update give two drafts; a title edit gives none without parsing the row")
    func combinedAndIrrelevant() throws {
        let both = try NotificationPlanner.plan(event("activities", .update, record: task(claimedBy: bob, completed: true),
                                                      changes: #"{"claimed_by":null,"completed":false}"#, actor: bob))
        #expect(drafts(both).map(\.type) == [.activityClaimed, .activityCompleted])
        // The row text is not even valid JSON: it is never parsed for an irrelevant update.
        let edit = try NotificationPlanner.plan(event("tasks", .update, record: "not json", changes: #"{"title":"old"}"#, actor: bob))
        #expect(drafts(edit).isEmpty)
    }

    @Test("restores: only flagged inserts, not by the owner")
    func restores() throws {
        let plain = try NotificationPlanner.plan(event("tasks", .insert, record: task(claimedBy: nil), actor: dana))
        #expect(drafts(plain).isEmpty)
        let restored = try NotificationPlanner.plan(event("tasks", .insert, record: task(claimedBy: nil), actor: dana, restored: true))
        #expect(drafts(restored).map(\.type) == [.entityRestored])
        let own = try NotificationPlanner.plan(event("tasks", .insert, record: task(claimedBy: nil), actor: alice, restored: true))
        #expect(drafts(own).isEmpty)
    }

    @Test("texts come from the registry type; long notes are cut")
    func texts() {
        let draft = NotificationDraft(eventID: 1, recipient: alice, type: .noteAdded, source: bob, entityType: "task",
                                      entityID: item, subject: "Fix it", detail: String(repeating: "word ", count: 100))
        let text = NotificationText.render(draft, sourceName: "Bob")
        #expect(text.title == "New note")
        #expect(text.body.hasPrefix("Bob added a note on “Fix it”: word word"))
        #expect(text.body.hasSuffix("…"))
        #expect(NotificationText.render(draft, sourceName: nil).body.hasPrefix("Someone added"))
    }

    /// The sender's display name leads the body of every push: it cannot pose as the
    /// system (a link, a header, line breaks, bidi tricks) nor run on for 100 characters.
    @Test("a display name cannot pose as the system")
    func hostileDisplayNames() {
        let draft = NotificationDraft(eventID: 1, recipient: alice, type: .watchlistShared, source: bob, entityType: "watchlist",
                                      entityID: item, subject: "Birds", detail: nil)
        func body(_ name: String) -> String { NotificationText.render(draft, sourceName: name).body }
        #expect(body("Security alert: verify your account at https://evil.example") == "Someone shared “Birds” with you")
        #expect(body("Visit www.evil.example") == "Someone shared “Birds” with you")
        #expect(body("support@evil.example") == "Someone shared “Birds” with you")
        #expect(body("ALERT: Your account is locked") == "ALERT Your account is locked shared “Birds” with you")
        #expect(body("Line\nbreak\u{202E}reversed\u{200B}") == "Line break reversed shared “Birds” with you")
        #expect(body(String(repeating: "A", count: 100)) == String(repeating: "A", count: 32) + "… shared “Birds” with you")
        #expect(body(" \u{200B}\n ") == "Someone shared “Birds” with you")
        #expect(body("Zoë Ng") == "Zoë Ng shared “Birds” with you")
    }
}
