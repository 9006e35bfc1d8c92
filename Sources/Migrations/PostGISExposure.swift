import Postgres

/// PostGIS installed in schema `public` (the `postgis/postgis` image does it; so did older
/// Supabase projects) puts its table `spatial_ref_sys` and some 800 functions into the
/// schema the API serves. The migrations install PostGIS into `extensions` when they create
/// it, but an extension already there stays where it is (PostGIS cannot be moved with
/// `ALTER EXTENSION … SET SCHEMA`). What that exposes depends on the grants: anon reading
/// the coordinate systems is harmless; an API role that may write `spatial_ref_sys` (on
/// Supabase anon may update, delete and truncate it) can delete SRID 4326 and break every
/// spatial query for everyone. `migrate` checks before it runs and refuses that case
/// unless told to go on (`--allow-postgis-in-public`).
public struct PostGISExposure: Sendable, Equatable {
    /// The API roles that may insert, update, delete or truncate `spatial_ref_sys`, with
    /// what they may do: `["anon": ["DELETE", "TRUNCATE", "UPDATE"]]`.
    public var writers: [String: [String]]

    /// Whether the database has PostGIS in `public`; nil when it has not (or has none).
    public static func inspect(_ connection: PostgresConnection) async throws -> PostGISExposure? {
        let inPublic = try await connection.query("""
            select exists (select from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace
                            where e.extname = 'postgis' and n.nspname = 'public')
            """).scalar(Bool.self)
        guard inPublic else { return nil }
        var writers: [String: [String]] = [:]
        for row in try await connection.query("""
            select r.rolname, p.privilege
              from pg_catalog.pg_roles r
             cross join unnest(array['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) as p (privilege)
             where r.rolname in ('anon', 'authenticated', 'service_role')
               and pg_catalog.has_table_privilege(r.oid, 'public.spatial_ref_sys', p.privilege)
             order by 1, 2
            """) {
            writers[try row.decode(0, as: String.self), default: []].append(try row.decode(1, as: String.self))
        }
        return PostGISExposure(writers: writers)
    }

    /// Refused unless the operator said to go on: API roles may write PostGIS's table.
    public var isRefused: Bool { !writers.isEmpty }

    /// What it exposes and how to move it, for the operator.
    public var explanation: String {
        var text = """
            PostGIS is installed in schema public, the schema the API serves: spatial_ref_sys and PostGIS's functions are \
            part of the API (anon can read the table and call the functions).
            """
        if !writers.isEmpty {
            let list = writers.keys.sorted().map { "\($0) (\(writers[$0]!.joined(separator: ", ")))" }.joined(separator: ", ")
            text += """
                 API roles may write spatial_ref_sys: \(list). Through the API they can delete or change the coordinate \
                systems (deleting SRID 4326 breaks every spatial query for everyone).
                """
        }
        text += """

            To move it: on a database with no spatial data yet, `drop extension postgis; create extension postgis schema \
            extensions;` before migrating (PostGIS cannot be moved with ALTER EXTENSION; a drop with spatial columns needs \
            cascade and loses them). Where it must stay, take the writes away: `revoke insert, update, delete, truncate on \
            public.spatial_ref_sys from anon, authenticated, service_role;`
            """
        if !writers.isEmpty { text += " — or run migrate with --allow-postgis-in-public to go on as it is." }
        return text
    }
}
