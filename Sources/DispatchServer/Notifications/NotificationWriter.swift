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
/// Each call is one round trip: a pipeline that switches to `service_role`, runs the
/// statement and switches back to whatever role and claims the transaction had. So it can
/// run inside a caller's transaction (the insert then commits or rolls back with the
/// caller's other writes) without leaving that transaction acting as the service.
/// Outside a transaction the pipeline is its own implicit transaction.
public struct NotificationWriter: Sendable {
    public init() {}

    /// Inserts `notification`; returns the stored row, or nil when nothing was inserted: a
    /// row with its `dedupeKey` exists, or the recipient turned its type off.
    @discardableResult
    public func insert(_ notification: NewNotification, on connection: isolated PostgresConnection) throws -> AppNotification? {
        try insert([notification], on: connection).first
    }

    /// Inserts a batch in one statement; returns the rows actually inserted, in input
    /// order, leaving out those whose `dedupeKey` was already taken (also within the batch:
    /// the first one wins) and those whose recipient turned their type off. All or nothing:
    /// one bad row (a recipient that does not exist) fails the whole batch with the server's
    /// error.
    @discardableResult
    public func insert(_ notifications: [NewNotification], on connection: isolated PostgresConnection) throws -> [AppNotification] {
        guard !notifications.isEmpty else { return [] }
        let rows = try asService(Self.insertQuery(notifications), on: connection)
        return try rows.map { try AppNotification(row: $0) }
    }

    /// `insert`, without reading the stored rows back: the worker's notification handler
    /// needs none of them (their change events carry them to the push handler).
    public func store(_ notifications: [NewNotification], on connection: isolated PostgresConnection) throws {
        guard !notifications.isEmpty else { return }
        _ = try asService(Self.insertQuery(notifications, returning: false), on: connection)
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
        try connection.pipeline([Self.saveRole, .acting(as: .service), query, Self.restoreRole], prepared: true)[2]
    }

    /// One statement for any batch: a parameter per column, each an array (unnest keeps
    /// them in step and `with ordinality` keeps the input order). Arrays rather than one
    /// jsonb document, because building text arrays costs a fraction of JSONEncoder, and the
    /// worker writes thousands of notifications a second through here. Muted recipients
    /// drop out in the same statement (an anti-join on a handful of preference rows). The
    /// rest spend their senders' hourly budgets once for the batch
    /// (`private.spend_notification_budgets`, which says how each is pushed) and are stored
    /// with that push mode.
    static func insertQuery(_ notifications: [NewNotification], returning: Bool = true) -> PostgresQuery {
        PostgresQuery(sql: """
            with r as (
              select r.*, row_number() over (order by r.ordinality)::integer as position
              from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::uuid[], $7::text[], $8::uuid[],
                          $9::jsonb[], $10::text[])
                   with ordinality as r (user_id, type, title, body, pinned, source_user_id, entity_type, entity_id, data,
                                         dedupe_key, ordinality)
              where not exists (select from private.notification_mutes m where m.user_id = r.user_id and m.type = r.type)),
            budget as (
              select private.spend_notification_budgets(array_agg(r.user_id order by r.position),
                                                        array_agg(r.source_user_id order by r.position)) as modes
              from r)
            insert into public.notifications as n
              (user_id, type, title, body, pinned, source_user_id, entity_type, entity_id, data, dedupe_key, push_mode)
            select r.user_id, r.type, r.title, r.body, r.pinned, r.source_user_id, r.entity_type, r.entity_id, r.data, r.dedupe_key,
                   budget.modes[r.position]
            from r cross join budget
            order by r.position
            on conflict (dedupe_key) do nothing
            \(returning ? "returning " + AppNotification.selectList : "")
            """, binds: [
                notifications.map(\.userID), notifications.map(\.type.rawValue), notifications.map(\.title),
                notifications.map(\.body), notifications.map(\.pinned), notifications.map(\.sourceUserID),
                notifications.map(\.entityType), notifications.map(\.entityID),
                notifications.map { JSONValue.object($0.data).jsonText }, notifications.map(\.dedupeKey),
            ])
    }
}
