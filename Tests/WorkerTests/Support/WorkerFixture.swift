import DispatchServer
import Foundation
import Postgres
import Synchronization
import TestSupport
import Testing
@testable import Worker

/// A database of its own with helpers to create people and work, and to run engines on it.
struct WorkerFixture {
    let db: TestDatabase
    let connection: PostgresConnection

    static func make(_ label: String = #fileID) async throws -> WorkerFixture {
        let (db, connection) = try await TestDatabase.createWithAdmin(label)
        return WorkerFixture(db: db, connection: connection)
    }

    /// A user in auth.users and public.users.
    @discardableResult
    func user(_ name: String, admin: Bool = false) async throws -> UUID {
        let id = UUID()
        try await connection.query("insert into auth.users (id) values (\(id))")
        try await connection.query("insert into public.users (id, name, is_admin) values (\(id), \(name), \(admin))")
        return id
    }

    func listing(owner: UUID, address: String = "1 Main Street") async throws -> UUID {
        try await connection.query("""
            insert into public.listings (address, city, owned_by) values (\(address), 'Portland', \(owner)) returning id
            """).scalar(UUID.self)
    }

    func task(declaredBy: UUID, title: String = "Fix the roof", listing: UUID? = nil) async throws -> UUID {
        try await connection.query("""
            insert into public.tasks (title, declared_by, listing_id) values (\(title), \(declaredBy), \(listing)::uuid) returning id
            """).scalar(UUID.self)
    }

    /// Registers a push device for `user` as that user (`register_push_device`).
    @discardableResult
    func device(_ user: UUID, _ token: String, platform: String = "ios", environment: String = "production") async throws -> String {
        _ = try await acting(as: user) {
            try $0.query("select public.register_push_device(\(platform), \(token), \(environment))")
        }
        return token
    }

    /// Turns `user`'s preference `key` on or off as that user (`set_notification_preference`).
    func preference(_ user: UUID, _ key: String, _ enabled: Bool) async throws {
        _ = try await acting(as: user) { try $0.query("select public.set_notification_preference(\(key), \(enabled))") }
    }

    /// Tokens of the devices still active, and of those disabled (with the reason).
    func devices() async throws -> (active: Set<String>, disabled: [String: String]) {
        var active: Set<String> = [], disabled: [String: String] = [:]
        for row in try await connection.query("select token, disabled_reason from public.push_devices") {
            let token = try row.decode(0, as: String.self)
            if let reason = try row.decode(1, as: String?.self) { disabled[token] = reason } else { active.insert(token) }
        }
        return (active, disabled)
    }

    /// Runs `body` as `user` (role authenticated, auth.uid() = user), committed.
    func acting<T: Sendable>(as user: UUID, _ body: @Sendable (isolated PostgresConnection) throws -> T) async throws -> T {
        try await connection.transaction(as: user) { connection in try body(connection) }
    }

    /// Notifications as (recipient, type, body), in the order of the events that caused them.
    func notifications() async throws -> [(user: UUID, type: String, body: String)] {
        try await connection.query("select user_id, type, body from public.notifications order by split_part(dedupe_key, ':', 2)::bigint, type, user_id").map {
            (try $0.decode(0, as: UUID.self), try $0.decode(1, as: String.self), try $0.decode(2, as: String.self))
        }
    }

    /// Deliveries still outstanding (not dead), any handler.
    func outstanding(handler: String? = nil) async throws -> Int {
        let awaiting = try await connection.query("select coalesce(sum(pending + in_flight + lease_expired + failed + scheduled), 0)::int from outbox.queue where \(handler)::text is null or handler = \(handler)").scalar(Int.self)
        return awaiting
    }

    func engine(
        handlers: [any OutboxHandler], log: WorkerLog = .silent, _ configure: (inout WorkerConfiguration) -> Void = { _ in }
    ) -> RunningEngine {
        var configuration = WorkerConfiguration()
        configuration.databaseURL = db.url
        configuration.pollInterval = .milliseconds(200)
        configuration.statsInterval = nil
        configuration.maintenanceInterval = nil
        configuration.logBatches = false
        configuration.concurrency = 1
        configure(&configuration)
        return RunningEngine(WorkerEngine(configuration: configuration, handlers: handlers, log: log))
    }

    /// Closes the connection and drops the database (a failed test leaves it for
    /// `make clean-test-dbs`).
    func close() async {
        await connection.close()
        await db.drop()
    }
}

/// An engine running in a task of its own until `stop()`.
struct RunningEngine {
    let engine: WorkerEngine
    let task: Task<Void, any Error>

    init(_ engine: WorkerEngine) {
        self.engine = engine
        task = Task { try await engine.run() }
    }

    func stop() async throws {
        engine.stop()
        try await task.value
    }
}

/// Records what it saw and answers as told; registered under its own name in the database.
final class RecordingHandler: OutboxHandler {
    let name: String
    private let seen = Mutex<[Int64: Int]>([:])
    private let attemptsSeen = Mutex<[Int64: [Int]]>([:])
    let answer: @Sendable (OutboxEvent) -> DeliveryResult
    let delay: Duration?

    init(name: String, delay: Duration? = nil, answer: @escaping @Sendable (OutboxEvent) -> DeliveryResult = { _ in .done }) {
        self.name = name
        self.delay = delay
        self.answer = answer
    }

    func handle(_ events: [OutboxEvent], context: HandlerContext) async -> [DeliveryResult] {
        if let delay {
            do {
                try await Task.sleep(for: delay)
            } catch {
                return events.map { _ in .failed(message: "cancelled", retryable: true) }
            }
        }
        seen.withLock { for event in events { $0[event.id, default: 0] += 1 } }
        attemptsSeen.withLock { for event in events { $0[event.id, default: []].append(event.attempt(for: name)) } }
        return events.map(answer)
    }

    var counts: [Int64: Int] { seen.withLock { $0 } }
    var attempts: [Int64: [Int]] { attemptsSeen.withLock { $0 } }

    /// Registers the handler for `tables` (all operations).
    func register(on connection: PostgresConnection, tables: [String] = ["tasks"], maxAttempts: Int = 5) async throws {
        try await connection.query("select outbox.register_handler(\(name), \(tables)::text[], '{insert,update,delete}', \(maxAttempts)::int)")
    }
}

/// The pushes a file sink wrote, as parsed JSON lines.
func pushLines(_ path: String) -> [JSONValue] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { try? JSONValue(parsing: String($0)) }
}

func temporaryPath(_ name: String) -> String {
    NSTemporaryDirectory() + "worker-test-\(UUID().uuidString.prefix(8))-\(name)"
}
