import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

@Suite struct SpatialServiceTests {
    let database: TestDatabase
    init() async throws { database = try await TestDatabase.create() }

    private func hotspots(_ conn: PostgresConnection, _ points: [(String, Double, Double)]) async throws {
        for (name, lat, lon) in points {
            try await conn.query("insert into public.hotspot (name, lat, lon) values (\(name), \(lat), \(lon))")
        }
    }

    @Test func hotspotsComeNearestFirstWithTheirDistance() async throws {
        let conn = try await database.connect()
        let alice = try await WatchlistFixtures.user(conn, "Alice")
        // North of the Paris point along its meridian: 0.01° of latitude is about 1.11 km.
        try await hotspots(conn, [("5 km", 48.90, 2.35), ("1 km", 48.86, 2.35), ("2 km", 48.87, 2.35),
                                  ("11 km", 48.95, 2.35), ("far away", -33.86, 151.2)])
        let spatial = SpatialService(connection: conn, user: alice)
        let found = try await spatial.hotspotsNear(latitude: 48.85, longitude: 2.35, radiusKm: 10)
        #expect(found.map(\.name) == ["1 km", "2 km", "5 km"])
        for (hotspot, km) in zip(found, [1.112, 2.224, 5.56]) {
            #expect(abs(hotspot.distanceMeters - km * 1000) < km * 10, "\(hotspot.name): \(hotspot.distanceMeters)")
        }
        #expect(found[0].latitude == 48.86 && found[0].longitude == 2.35)
        // The radius is a bound: 11 km needs more than 10.
        #expect(try await spatial.hotspotsNear(latitude: 48.85, longitude: 2.35, radiusKm: 12).map(\.name).last == "11 km")
    }

    @Test func searchesCrossTheAntimeridianAndThePole() async throws {
        let conn = try await database.connect()
        let alice = try await WatchlistFixtures.user(conn, "Alice")
        try await hotspots(conn, [("east of 180", 0, 179.99), ("west of 180", 0, -179.99), ("fiji-ish", 0, 170),
                                  ("pole a", 89.99, 0), ("pole b", 89.99, 180), ("pole c", 89.95, 90), ("origin", 0, 0)])
        let spatial = SpatialService(connection: conn, user: alice)

        let dateLine = try await spatial.hotspotsNear(latitude: 0, longitude: 179.995, radiusKm: 10)
        #expect(dateLine.map(\.name) == ["east of 180", "west of 180"])
        #expect(abs(dateLine[0].distanceMeters - 557) < 2 && abs(dateLine[1].distanceMeters - 1670) < 3)
        // From the other side of the line, both are 1.1 km away (ties by id).
        let fromWest = try await spatial.hotspotsNear(latitude: 0, longitude: -180, radiusKm: 5)
        #expect(Set(fromWest.map(\.name)) == ["east of 180", "west of 180"])
        #expect(fromWest.allSatisfy { abs($0.distanceMeters - 1113) < 2 })

        // At the pole every longitude meets: a and b (opposite meridians) are equally near.
        let pole = try await spatial.hotspotsNear(latitude: 90, longitude: 0, radiusKm: 10)
        #expect(Set(pole.prefix(2).map(\.name)) == ["pole a", "pole b"] && pole.last?.name == "pole c")
        #expect(zip(pole.map(\.distanceMeters), [1117.0, 1117, 5585]).allSatisfy { abs($0 - $1) < 3 }, "\(pole)")
        let nearPole = try await spatial.hotspotsNear(latitude: 89.99, longitude: 45, radiusKm: 10)
        #expect(nearPole.map(\.name) == ["pole a", "pole b", "pole c"])
        #expect(nearPole.map(\.distanceMeters).isSorted)
    }

    @Test func everyBadInputIsRejectedWithItsCode() async throws {
        let conn = try await database.connect()
        let alice = try await WatchlistFixtures.user(conn, "Alice")
        let spatial = SpatialService(connection: conn, user: alice)
        typealias Check = (Double, Double, Double, SQLAPIError.Code)
        let bad: [Check] = [
            (90.0001, 0, 1, .invalidLatitude), (-90.0001, 0, 1, .invalidLatitude), (.nan, 0, 1, .invalidLatitude),
            (0, 180.0001, 1, .invalidLongitude), (0, -180.0001, 1, .invalidLongitude), (0, .nan, 1, .invalidLongitude),
            (0, 0, 0, .invalidRadius), (0, 0, -1, .invalidRadius), (0, 0, 500.0001, .invalidRadius),
            (0, 0, .nan, .invalidRadius), (0, 0, .infinity, .invalidRadius),
        ]
        for (lat, lon, radius, code) in bad {
            for call in ["hotspots", "birds"] {
                let error = await WatchlistFixtures.error(SQLAPIError.self) {
                    if call == "hotspots" {
                        _ = try await spatial.hotspotsNear(latitude: lat, longitude: lon, radiusKm: radius)
                    } else {
                        _ = try await spatial.birdsNear(latitude: lat, longitude: lon, radiusKm: radius)
                    }
                }
                let label = "\(call)(\(lat), \(lon), \(radius))"
                #expect(error?.code == code, "\(label): \(String(describing: error))")
                #expect(error?.message.hasPrefix(code.rawValue + ": ") == true, "\(label) keeps the server's message")
                #expect(error?.sqlState == .invalidParameterValue)
            }
        }
        // NULLs cannot come from Swift's Double; any other client can send them.
        for sql: PostgresQuery in ["select * from public.hotspots_near(null, 0, 1)", "select * from public.hotspots_near(0, null, 1)",
                                   "select * from public.hotspots_near(0, 0, null)", "select * from public.birds_near(0, 0, null)"] {
            let error = await WatchlistFixtures.error(PostgresError.self) {
                try await conn.transaction(as: alice) { conn in _ = try conn.query(sql) }
            }
            let typed = try #require(error.flatMap(SQLAPIError.init), "\(sql)")
            #expect(typed.code == .nullArgument, "\(sql): \(typed)")
            #expect(typed.sqlState == .nullValueNotAllowed)
        }
        // The limits themselves are valid.
        for (lat, lon, radius) in [(90.0, 180.0, 500.0), (-90.0, -180.0, 0.001)] {
            _ = try await spatial.hotspotsNear(latitude: lat, longitude: lon, radiusKm: radius)
            _ = try await spatial.birdsNear(latitude: lat, longitude: lon, radiusKm: radius)
        }
    }

    @Test func birdsNearShowsOnlyEntriesTheUserMayRead() async throws {
        let conn = try await database.connect()
        let alice = try await WatchlistFixtures.user(conn, "Alice")
        let bob = try await WatchlistFixtures.user(conn, "Bob")
        let robin = try await WatchlistFixtures.bird(conn, "Robin")
        let wren = try await WatchlistFixtures.bird(conn, "Wren")
        let eagle = try await WatchlistFixtures.bird(conn, "Eagle")
        let alices = try await WatchlistFixtures.watchlist(conn, owner: alice, title: "Alice's spring")
        let bobs = try await WatchlistFixtures.watchlist(conn, owner: bob, title: "Bob's secret spot")
        let nearRobin = try await WatchlistFixtures.entry(conn, in: alices, bird: robin, latitude: 48.86, longitude: 2.35)
        try await WatchlistFixtures.entry(conn, in: alices, bird: robin, latitude: 48.87, longitude: 2.35)
        try await WatchlistFixtures.entry(conn, in: alices, bird: wren, latitude: 48.88, longitude: 2.35)
        try await WatchlistFixtures.entry(conn, in: alices, bird: wren, latitude: 48.80, longitude: 2.35) // 5.6 km
        try await WatchlistFixtures.entry(conn, in: alices, bird: wren) // no location
        let tombstoned = try await WatchlistFixtures.entry(conn, in: alices, bird: eagle, latitude: 48.85, longitude: 2.35)
        try await conn.query("update public.watchlist_entries set deleted_at = now() where id = \(tombstoned)")
        try await WatchlistFixtures.entry(conn, in: bobs, bird: eagle, latitude: 48.855, longitude: 2.35)

        let forAlice = try await SpatialService(connection: conn, user: alice).birdsNear(latitude: 48.85, longitude: 2.35, radiusKm: 4)
        #expect(forAlice.map(\.commonName) == ["Robin", "Wren"])
        #expect(forAlice[0].id == robin && forAlice[0].nearestEntryID == nearRobin && forAlice[0].entryCount == 2)
        #expect(abs(forAlice[0].distanceMeters - 1112) < 12)
        #expect(forAlice[1].entryCount == 1)

        let forBob = SpatialService(connection: conn, user: bob)
        #expect(try await forBob.birdsNear(latitude: 48.85, longitude: 2.35, radiusKm: 4).map(\.commonName) == ["Eagle"])
        try await WatchlistFixtures.share(conn, alices, with: bob)
        #expect(try await forBob.birdsNear(latitude: 48.85, longitude: 2.35, radiusKm: 4).map(\.commonName) == ["Eagle", "Robin", "Wren"])
        // Sharing is one way.
        #expect(try await SpatialService(connection: conn, user: alice).birdsNear(latitude: 48.85, longitude: 2.35, radiusKm: 4)
                    .map(\.commonName) == ["Robin", "Wren"])
    }

    /// A birder deletes a watchlist on the phone (the delete syncs as a tombstone): the birds
    /// of its entries no longer show as seen nearby, for the owner or whoever it was shared
    /// with, though the entries themselves were never deleted one by one. What is found
    /// nearby comes as the app stores it: a hotspot's row (`setof hotspot`) and a bird's
    /// row (`b.*`), every column, with the distance after them.
    @Test func aDeletedWatchlistsBirdsAreNoLongerNearAndRowsAreWhole() async throws {
        let conn = try await database.connect()
        let alice = try await WatchlistFixtures.user(conn, "Alice")
        let bob = try await WatchlistFixtures.user(conn, "Bob")
        let robin = try await WatchlistFixtures.bird(conn, "Robin")
        let owl = try await WatchlistFixtures.bird(conn, "Owl")
        let garden = try await WatchlistFixtures.watchlist(conn, owner: alice, title: "Garden")
        let trip = try await WatchlistFixtures.watchlist(conn, owner: alice, title: "Old trip")
        try await WatchlistFixtures.entry(conn, in: garden, bird: robin, latitude: 48.86, longitude: 2.35)
        try await WatchlistFixtures.entry(conn, in: trip, bird: owl, latitude: 48.855, longitude: 2.35)
        try await WatchlistFixtures.entry(conn, in: trip, bird: robin, latitude: 48.851, longitude: 2.35)
        try await WatchlistFixtures.share(conn, trip, with: bob)
        try await conn.query("update public.watchlists set deleted_at = now() where id = \(trip)")

        let forAlice = try await SpatialService(connection: conn, user: alice).birdsNear(latitude: 48.85, longitude: 2.35, radiusKm: 4)
        #expect(forAlice.map(\.commonName) == ["Robin"])
        #expect(forAlice.first?.entryCount == 1 && abs((forAlice.first?.distanceMeters ?? 0) - 1112) < 12, "\(forAlice)")
        #expect(try await SpatialService(connection: conn, user: bob).birdsNear(latitude: 48.85, longitude: 2.35, radiusKm: 4).isEmpty)

        try await hotspots(conn, [("Jardin", 48.86, 2.35)])
        try await conn.query("update public.bird set order_name = 'Passeriformes', valid_months = '{3,4,5}', size_category = 2 where id = \(robin)")
        let whole = try await conn.transaction(as: alice) { conn in
            let hotspots = try conn.query("""
                select count(*) filter (where to_jsonb(n) - 'distance_m' = to_jsonb(h))::int
                  from public.hotspots_near(48.85, 2.35, 4) n join public.hotspot h using (id)
                """).scalar(Int.self)
            let birds = try conn.query("""
                select count(*) filter (where to_jsonb(n) - '{distance_m,nearest_entry_id,entry_count}'::text[] = to_jsonb(b))::int
                  from public.birds_near(48.85, 2.35, 4) n join public.bird b using (id)
                """).scalar(Int.self)
            return (hotspots, birds)
        }
        #expect(whole.0 == 1 && whole.1 == 1, "every column of the hotspot and of the bird: \(whole)")
        let columns = try await conn.query("""
            select (select string_agg(attname, ',' order by attnum) from pg_attribute
                     where attrelid = 'public.hotspot_near'::regclass and attnum > 0 and not attisdropped)
                 = (select string_agg(attname, ',' order by attnum) from pg_attribute
                     where attrelid = 'public.hotspot'::regclass and attnum > 0 and not attisdropped) || ',distance_m'
            """).scalar(Bool.self)
        #expect(columns, "the hotspot's columns in its order, then the distance")
    }

    @Test func hotspotsNearUsesTheGistIndex() async throws {
        let conn = try await database.connect()
        let alice = try await WatchlistFixtures.user(conn, "Alice")
        try await conn.runScript("""
            insert into public.hotspot (name, lat, lon)
            select 'h' || g, -60 + (g % 1200) * 0.1, -180 + (g / 1200) * 0.9 from generate_series(0, 47999) g;
            analyze public.hotspot;
            """)
        // The statement hotspots_near runs (checked against its source), explained with the same values.
        let source = try await conn.query("select prosrc from pg_proc where oid = 'public.hotspots_near(float8, float8, float8)'::regprocedure")
            .scalar(String.self)
        #expect(source.contains("where st_dwithin(h.location, v_point, hotspots_near.radius_km * 1000)"))
        #expect(source.contains("order by h.location <-> v_point, h.id"))
        // PostGIS's names resolve as in the function: on its search_path (wherever PostGIS is).
        let path = try await conn.query("select private.postgis_search_path()").scalar(String.self)
        let plan = try await conn.transaction(as: alice) { conn in
            try conn.query("select set_config('search_path', \(path), true)")
            return try conn.query("""
                explain (costs off)
                select h.id, h.name, h.locality, h.lat, h.lon, h.image_name, st_distance(h.location, p.v_point) as distance_m
                  from public.hotspot h,
                       (select st_setsrid(st_makepoint(\(2.35)::float8, \(48.85)::float8), 4326)::geography as v_point) p
                 where st_dwithin(h.location, p.v_point, \(10.0)::float8 * 1000)
                 order by h.location <-> p.v_point, h.id
                """).map { try $0.decode(0, as: String.self) }.joined(separator: "\n")
        }
        #expect(plan.contains("Index Scan using hotspot_location_gist"), "\(plan)")
        #expect(!plan.contains("Seq Scan"), "\(plan)")

        // And the function itself: the index's scan counter moves when it runs.
        func indexScans() async throws -> Int {
            try await conn.query("select pg_stat_force_next_flush()")
            try await conn.query("select pg_stat_clear_snapshot()")
            return try await conn.query("select idx_scan from pg_stat_user_indexes where indexrelname = 'hotspot_location_gist'")
                .scalar(Int.self)
        }
        let before = try await indexScans()
        let found = try await SpatialService(connection: conn, user: alice).hotspotsNear(latitude: 0.05, longitude: -171, radiusKm: 20)
        #expect(!found.isEmpty)
        #expect(try await indexScans() > before)
    }
}

extension Array where Element: Comparable {
    fileprivate var isSorted: Bool { zip(self, dropFirst()).allSatisfy { $0 <= $1 } }
}
