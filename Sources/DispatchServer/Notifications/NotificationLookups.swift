import Foundation
import Postgres

/// The set-based queries the notification handler runs per batch: one per kind of lookup,
/// whatever the batch size.
enum NotificationLookups {
    /// Notes: the people on the parent who may see it now, never the note's author: those
    /// its scope keys name (declarer, claimer, listing owner: `private.row_audience`) and the
    /// authors of earlier notes who may still see it (`private.user_sees`: someone who lost
    /// the item hears nothing more of it). The authors come from a skip scan of
    /// `notes_parent_author_idx`, one probe per author, however many notes the parent has;
    /// both are worked out once per parent in the batch, not once per note.
    static func notes(_ requests: [NotificationLookup.NoteAdded],
                      _ connection: isolated PostgresConnection) throws -> [NotificationDraft] {
        guard !requests.isEmpty else { return [] }
        let rows = try connection.query("""
            with n as (
              select * from unnest(\(requests.map(\.eventID))::bigint[], \(requests.map(\.parentType))::text[],
                                   \(requests.map(\.parentID))::uuid[], \(requests.map(\.noteID))::uuid[],
                                   \(requests.map(\.author))::uuid[], \(requests.map(\.createdAt))::timestamptz[])
                       as n (event_id, parent_type, parent_id, note_id, author, created_at)
            ), parent as (
              -- each parent once per batch, however many of its notes the batch holds
              select t.id, 'task' as parent_type, t.title as label, 'tasks' as parent_table, to_jsonb(t) as row
                from public.tasks t where t.id in (select n.parent_id from n where n.parent_type = 'task')
              union all
              select a.id, 'activity', a.title, 'activities', to_jsonb(a)
                from public.activities a where a.id in (select n.parent_id from n where n.parent_type = 'activity')
              union all
              select l.id, 'listing', concat_ws(', ', nullif(l.address, ''), nullif(l.city, '')), 'listings', to_jsonb(l)
                from public.listings l where l.id in (select n.parent_id from n where n.parent_type = 'listing')
            ), people as materialized (
              -- who may see each parent now: its scope keys' holders, and the authors of its
              -- notes who still see it, each with their first note's time (a skip scan of
              -- notes_parent_author_idx: one probe per author, however many notes)
              select p.parent_type, p.id as parent_id, u.u, null::timestamptz as first_at
                from parent p cross join lateral unnest((private.row_audience(p.parent_table, p.row)).audience) u (u)
              union all
              select p.parent_type, p.id, w.u, w.first_at
                from parent p
               cross join lateral (
                 with recursive authors (u, first_at) as (
                   (select o.created_by, o.created_at from public.notes o
                     where o.parent_type = p.parent_type and o.parent_id = p.id
                     order by o.created_by, o.created_at limit 1)
                   union all
                   select x.created_by, x.created_at
                     from authors a
                    cross join lateral (select o.created_by, o.created_at from public.notes o
                                         where o.parent_type = p.parent_type and o.parent_id = p.id and o.created_by > a.u
                                         order by o.created_by, o.created_at limit 1) x)
                 select a.u, a.first_at from authors a) w
               where private.user_sees(w.u, p.parent_table, p.row)
            )
            select n.event_id, p.label, r.recipient
              from n
              join parent p on p.parent_type = n.parent_type and p.id = n.parent_id
             cross join lateral (
               -- an author counts from their first note on (the note itself is not theirs:
               -- its author is left out)
               select distinct x.u as recipient
                 from people x
                where x.parent_type = n.parent_type and x.parent_id = n.parent_id and x.u is not null and x.u <> n.author
                  and (x.first_at is null or x.first_at <= n.created_at)) r
             order by n.event_id, r.recipient
            """, prepared: true)
        let byEvent = Dictionary(requests.map { ($0.eventID, $0) }, uniquingKeysWith: { a, _ in a })
        return try rows.compactMap { row in
            let eventID = try row.decode(0, as: Int64.self)
            guard let request = byEvent[eventID] else { return nil }
            let label = try row.decode(1, as: String?.self)
            return NotificationDraft(
                eventID: eventID, recipient: try row.decode(2, as: UUID.self), type: .noteAdded, source: request.author,
                entityType: request.parentType, entityID: request.parentID,
                subject: label.flatMap { $0.isEmpty ? nil : $0 } ?? "a \(request.parentType)",
                detail: request.content,
                data: ["note_id": .string(request.noteID.lowercasedString)])
        }
    }

    /// Shares (`private.take_watchlist_share_notices`): shares that still exist on a live
    /// watchlist their reader may see (`private.user_sees`), not made by their reader, at
    /// most one per (watchlist, reader) per hour —
    /// the hour's slot is taken in this transaction, so it commits or rolls back with the
    /// notification, and concurrent workers cannot both take it.
    static func shares(_ requests: [NotificationLookup.WatchlistShared],
                       _ connection: isolated PostgresConnection) throws -> [NotificationDraft] {
        guard !requests.isEmpty else { return [] }
        let rows = try connection.query("""
            select event_id, watchlist_id, reader, sharer, title
              from private.take_watchlist_share_notices(\(requests.map(\.eventID))::bigint[], \(requests.map(\.shareID))::uuid[],
                                                        \(requests.map(\.actor))::uuid[])
            """, prepared: true)
        let byEvent = Dictionary(requests.map { ($0.eventID, $0) }, uniquingKeysWith: { a, _ in a })
        return try rows.compactMap { row in
            let eventID = try row.decode(0, as: Int64.self)
            guard let request = byEvent[eventID] else { return nil }
            return NotificationDraft(
                eventID: eventID, recipient: try row.decode(2, as: UUID.self), type: .watchlistShared,
                source: try row.decode(3, as: UUID.self), entityType: "watchlist", entityID: try row.decode(1, as: UUID.self),
                subject: try row.decode(4, as: String.self), detail: nil,
                data: ["share_id": .string(request.shareID.lowercasedString)])
        }
    }

    /// Sightings: every other user's live watchlist whose enabled location rule contains the
    /// observed point and whose owner may see the entry (`private.user_sees`), one per owner
    /// (`private.sighting_watchlists`: PostGIS, wherever it is installed).
    static func sightings(_ requests: [NotificationLookup.Sighting],
                          _ connection: isolated PostgresConnection) throws -> [NotificationDraft] {
        guard !requests.isEmpty else { return [] }
        let rows = try connection.query("""
            select event_id, owner_id, watchlist_id, title, observer, common_name
              from private.sighting_watchlists(\(requests.map(\.eventID))::bigint[], \(requests.map(\.entryID))::uuid[],
                                               \(requests.map(\.watchlistID))::uuid[],
                                               \(requests.map(\.latitude))::double precision[],
                                               \(requests.map(\.longitude))::double precision[],
                                               \(requests.map(\.birdID))::uuid[])
            """, prepared: true)
        let byEvent = Dictionary(requests.map { ($0.eventID, $0) }, uniquingKeysWith: { a, _ in a })
        return try rows.compactMap { row in
            let eventID = try row.decode(0, as: Int64.self)
            guard let request = byEvent[eventID] else { return nil }
            let recipient = try row.decode(1, as: UUID.self)
            let observer = try row.decode(4, as: UUID.self)
            let source = request.actor ?? observer
            guard recipient != source else { return nil }
            let bird = (try row.decode(5, as: String?.self)) ?? request.nickname.flatMap { $0.isEmpty ? nil : $0 } ?? "a bird"
            return NotificationDraft(
                eventID: eventID, recipient: recipient, type: .watchlistSighting, source: source,
                entityType: "watchlist", entityID: try row.decode(2, as: UUID.self), subject: bird,
                detail: try row.decode(3, as: String.self),
                data: [
                    "entry_id": .string(request.entryID.lowercasedString),
                    "latitude": .number(request.latitude),
                    "longitude": .number(request.longitude),
                ])
        }
    }

    /// Names of the users given, and which of them exist (a notification may only name
    /// existing users: both user columns are foreign keys).
    static func users(_ ids: Set<UUID>, _ connection: isolated PostgresConnection) throws -> [UUID: String] {
        guard !ids.isEmpty else { return [:] }
        var names: [UUID: String] = [:]
        for row in try connection.query("select id, name from public.users where id = any (\(Array(ids))::uuid[])", prepared: true) {
            names[try row.decode(0, as: UUID.self)] = try row.decode(1, as: String.self)
        }
        return names
    }
}
