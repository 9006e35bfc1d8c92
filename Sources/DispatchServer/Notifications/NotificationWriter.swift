import Foundation
import Postgres

/// A notification to create (`NotificationWriter.insert`): the columns a producer decides;
/// the server fills in the id, `read`, `created_at` and the row stamps.
public struct NewNotification: Sendable, Hashable {
    public var userID: UUID
    public var type: NotificationType
    public var title: String
    public var body: String
    public var pinned: Bool
    public var sourceUserID: UUID?
    public var entityType: String?
    public var entityID: UUID?
    public var data: [String: JSONValue]
    /// The producer's idempotency key (the worker's: `outbox:<event>:notifications:<type>:<recipient>`):
    /// the same key twice inserts once, so a handler retried after a crash never notifies
    /// twice. nil = always insert.
    public var dedupeKey: String?

    public init(
        userID: UUID, type: NotificationType, title: String, body: String = "", pinned: Bool = false,
        sourceUserID: UUID? = nil, entityType: String? = nil, entityID: UUID? = nil,
        data: [String: JSONValue] = [:], dedupeKey: String? = nil
    ) {
        self.userID = userID
        self.type = type
        self.title = title
        self.body = body
        self.pinned = pinned
        self.sourceUserID = sourceUserID
        self.entityType = entityType
        self.entityID = entityID
        self.data = data
        self.dedupeKey = dedupeKey
    }
}

/// The worker's side of notifications: creating them (`insert` is the one insert path; the
/// worker's notification handler writes every notification through it) and reading a
/// recipient's badge for the push payload. Users never insert notifications (no grant, no
/// policy), so this acts as `service_role`.
///
/// Being the one insert path, it is where a user's preferences apply: a notification of a
/// type its recipient turned off (`private.notification_mutes`, from
/// `set_notification_preference`) is not created. Mandatory types have no preference and
/// always are.
///
/// Each round trip is a pipeline that switches to `service_role`, runs its statements and
/// switches back to whatever role and claims the transaction had. So it can run inside a
/// caller's transaction (the insert then commits or rolls back with the caller's other
/// writes) without leaving that transaction acting as the service. Outside a transaction
/// each pipeline is its own implicit transaction (the insert's second one stores the rows
/// and spends the budgets together).
public struct NotificationWriter: Sendable {
    public init() {}

    /// Inserts `notification`; returns the stored row, or nil when nothing was inserted: a
    /// row with its `dedupeKey` exists, or the recipient turned its type off.
    @discardableResult
    public func insert(_ notification: NewNotification, on connection: isolated PostgresConnection) throws -> AppNotification? {
        try insert([notification], on: connection).first
    }

    /// Inserts a batch; returns the rows actually inserted, in input order, leaving out
    /// those whose `dedupeKey` was already taken (also within the batch: the first one wins)
    /// and those whose recipient turned their type off. All or nothing: one bad row (a
    /// recipient that does not exist) fails the whole batch with the server's error.
    ///
    /// Under another writer's batch of the same sender at the same moment, it may fail with
    /// `BUDGET_CHANGED` (SQLSTATE 40001, a serialization failure): the transaction it ran in
    /// is to be retried (`NotificationProducer.write` does).
    @discardableResult
    public func insert(_ notifications: [NewNotification], on connection: isolated PostgresConnection) throws -> [AppNotification] {
        guard let batch = try plan(notifications, on: connection) else { return [] }
        return try write(batch, returning: true, on: connection).map { try AppNotification(row: $0) }
    }

    /// `insert`, without reading the stored rows back: the worker's notification handler
    /// needs none of them (their change events carry them to the push handler).
    public func store(_ notifications: [NewNotification], on connection: isolated PostgresConnection) throws {
        guard let batch = try plan(notifications, on: connection) else { return }
        _ = try write(batch, returning: false, on: connection)
    }

    /// Whether `error` is the refusal of a batch whose push modes a concurrent batch of the
    /// same sender changed (`private.spend_notification_budgets`): retrying its transaction
    /// plans them again.
    public static func isBudgetChanged(_ error: any Error) -> Bool {
        guard let error = error as? PostgresError else { return false }
        return error.sqlState == .serializationFailure && error.message.hasPrefix(SQLAPIError.Code.budgetChanged.rawValue + ":")
    }

    /// A recipient's badge counts (`notification_badge_counts`); their `total` is
    /// `PushPayload`'s `badge`. Read after the insert, in the same transaction, it includes
    /// the notification being pushed.
    public func badgeCounts(
        for userID: UUID, includeDetails: Bool = false, on connection: isolated PostgresConnection
    ) throws -> BadgeCounts {
        let rows = try asService(
            "select public.notification_badge_counts(\(userID)::uuid, \(includeDetails)) as counts", on: connection)
        return try rows.first.map { try $0.decodeJSON("counts", as: BadgeCounts.self) } ?? .zero
    }

    /// Totals for many recipients in one statement (a batch of pushes).
    public func badgeCounts(for userIDs: [UUID], on connection: isolated PostgresConnection) throws -> [UUID: BadgeCounts] {
        guard !userIDs.isEmpty else { return [:] }
        let rows = try asService("""
            select u.id, public.notification_badge_counts(u.id, false) as counts
            from unnest(\(Array(Set(userIDs)))::uuid[]) as u(id)
            """, on: connection)
        var counts: [UUID: BadgeCounts] = [:]
        for row in rows {
            counts[try row.decode("id", as: UUID.self)] = try row.decodeJSON("counts", as: BadgeCounts.self)
        }
        return counts
    }

    // MARK: Acting as the service for one statement

    /// Saves the current role and claims in transaction-local settings, then becomes
    /// `service_role`. Two statements, because the order of evaluation within one select
    /// list is not something to rely on.
    private static let saveRole: PostgresQuery = """
        select set_config('dispatch.restore_role', current_setting('role'), true),
               set_config('dispatch.restore_claims', coalesce(current_setting('request.jwt.claims', true), ''), true)
        """
    /// `role` = 'none' (nothing was set) resets to the session's own role.
    private static let restoreRole: PostgresQuery = """
        select set_config('role', current_setting('dispatch.restore_role'), true),
               set_config('request.jwt.claims', current_setting('dispatch.restore_claims'), true)
        """

    private func asService(_ query: PostgresQuery, on connection: isolated PostgresConnection) throws -> PostgresRows {
        try asService([query], on: connection)[0]
    }

    /// The statements' results, all run as the service in one round trip.
    private func asService(_ queries: [PostgresQuery], on connection: isolated PostgresConnection) throws -> [PostgresRows] {
        Array(try connection.pipeline([Self.saveRole, try connection.acting(as: .service)] + queries + [Self.restoreRole], prepared: true)
            .dropFirst(2).prefix(queries.count))
    }

    // MARK: The insert, in two round trips

    /// A batch as it is stored: the notifications whose recipients did not turn their type
    /// off, and the push mode each gets from its sender's budgets.
    struct PlannedBatch {
        var notifications: [NewNotification]
        var modes: [String]
    }

    /// The first round trip reads, and locks nothing: which recipients turned the type off
    /// (`private.notification_mutes`), and how the others would be pushed if their senders'
    /// budgets were spent now (`private.plan_notification_budgets`). nil: nothing to store.
    private func plan(_ notifications: [NewNotification], on connection: isolated PostgresConnection) throws -> PlannedBatch? {
        guard !notifications.isEmpty else { return nil }
        let rows = try asService(PostgresQuery(sql: """
            select coalesce(array_agg(r.position order by r.position), '{}') as kept,
                   coalesce(private.plan_notification_budgets(array_agg(r.user_id order by r.position),
                                                              array_agg(r.source_user_id order by r.position)), '{}') as modes
            from unnest($1::uuid[], $2::text[], $3::uuid[]) with ordinality as r (user_id, type, source_user_id, position)
            where not exists (select from private.notification_mutes m where m.user_id = r.user_id and m.type = r.type)
            """, binds: [notifications.map(\.userID), notifications.map(\.type.rawValue), notifications.map(\.sourceUserID)]),
            on: connection)
        guard let row = rows.first else { return nil }
        let kept = try row.decode("kept", as: [Int].self)
        let modes = try row.decode("modes", as: [String].self)
        guard !kept.isEmpty else { return nil }
        guard modes.count == kept.count else {
            throw PostgresError(.decoding, "\(modes.count) push modes planned for \(kept.count) notifications")
        }
        return PlannedBatch(notifications: kept.map { notifications[$0 - 1] }, modes: modes)
    }

    /// The second round trip writes: the rows with their planned push modes, then, as the
    /// last statement, the budgets spent (`private.spend_notification_budgets`, which refuses
    /// the batch if a concurrent one changed its modes). The counters are locked from that
    /// statement to the commit only, so two batches of one sender and recipient (a claim
    /// loop's) store their rows, badge counters and change events side by side.
    private func write(_ batch: PlannedBatch, returning: Bool, on connection: isolated PostgresConnection) throws -> PostgresRows {
        let senders = batch.notifications.map(\.sourceUserID)
        let recipients = batch.notifications.map(\.userID)
        return try asService([
            Self.insertQuery(batch, returning: returning),
            PostgresQuery(sql: "select private.spend_notification_budgets($1::uuid[], $2::uuid[], $3::text[])",
                          binds: [recipients, senders, batch.modes]),
        ], on: connection)[0]
    }

    /// One statement for any batch: a parameter per column, each an array (unnest keeps
    /// them in step and `with ordinality` keeps the input order). Arrays rather than one
    /// jsonb document, because building text arrays costs a fraction of JSONEncoder, and the
    /// worker writes thousands of notifications a second through here; for the same reason
    /// each `data` is written by `compactJSONText`, not JSONEncoder.
    static func insertQuery(_ batch: PlannedBatch, returning: Bool = true) -> PostgresQuery {
        let notifications = batch.notifications
        return PostgresQuery(sql: """
            insert into public.notifications as n
              (user_id, type, title, body, pinned, source_user_id, entity_type, entity_id, data, dedupe_key, push_mode)
            select r.user_id, r.type, r.title, r.body, r.pinned, r.source_user_id, r.entity_type, r.entity_id, r.data, r.dedupe_key,
                   r.push_mode
            from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::uuid[], $7::text[], $8::uuid[],
                        $9::jsonb[], $10::text[], $11::text[])
                 with ordinality as r (user_id, type, title, body, pinned, source_user_id, entity_type, entity_id, data,
                                       dedupe_key, push_mode, ordinality)
            order by r.ordinality
            on conflict (dedupe_key) do nothing
            \(returning ? "returning " + AppNotification.selectList : "")
            """, binds: [
                notifications.map(\.userID), notifications.map(\.type.rawValue), notifications.map(\.title),
                notifications.map(\.body), notifications.map(\.pinned), notifications.map(\.sourceUserID),
                notifications.map(\.entityType), notifications.map(\.entityID),
                notifications.map { JSONValue.object($0.data).compactJSONText }, notifications.map(\.dedupeKey), batch.modes,
            ])
    }
}
