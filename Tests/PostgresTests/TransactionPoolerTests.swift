import Foundation
@testable import Postgres
import Testing

/// `pgbouncer=true` in a conninfo: found in both of libpq's forms, and removed before libpq
/// (which rejects parameters it does not know).
@Suite("Transaction pooler declaration")
struct TransactionPoolerTests {
    @Test("URLs: the parameter is read and removed, the others kept in order")
    func urls() throws {
        let cases: [(String, String, Bool)] = [
            ("postgresql://app@pooler:6543/db?pgbouncer=true", "postgresql://app@pooler:6543/db", true),
            ("postgres:///db?host=/run&pgbouncer=true&port=6432", "postgres:///db?host=/run&port=6432", true),
            ("postgresql:///db?pgbouncer=TRUE&sslmode=disable", "postgresql:///db?sslmode=disable", true),
            ("postgresql:///db?pgbouncer=false", "postgresql:///db", false),
            ("postgresql://h1,h2/db?target_session_attrs=any", "postgresql://h1,h2/db?target_session_attrs=any", false),
            ("postgresql:///db?application_name=pgbouncer", "postgresql:///db?application_name=pgbouncer", false),
        ]
        try expect(cases)
    }

    @Test("key/value conninfo: quoted values and blanks around = follow libpq's grammar")
    func keywords() throws {
        let cases: [(String, String, Bool)] = [
            ("host=/run dbname=app pgbouncer=true", "host=/run dbname=app", true),
            ("pgbouncer = true host=/run", "host=/run", true),
            ("password='a pgbouncer=true b' host=/run", "password='a pgbouncer=true b' host=/run", false),
            ("host=/run pgbouncer='true' port=6432", "host=/run  port=6432", true),
            ("", "", false),
        ]
        try expect(cases)
    }

    /// Each conninfo gives this conninfo for libpq and this declaration.
    private func expect(_ cases: [(conninfo: String, libpq: String, pooled: Bool)]) throws {
        for (conninfo, libpq, pooled) in cases {
            let declaration = try TransactionPoolerDeclaration(parsing: conninfo)
            #expect(declaration.conninfo == libpq, "\(conninfo)")
            #expect(declaration.isTransactionPooled == pooled, "\(conninfo)")
        }
    }

    @Test("a value other than true or false is an error that names the parameter, before any connection")
    func badValue() async throws {
        for conninfo in ["postgresql:///db?pgbouncer=yes", "host=/nowhere pgbouncer=1", "postgresql:///db?pgbouncer"] {
            let error = await #expect(throws: PostgresError.self) { try await PostgresConnection.connect(conninfo) }
            #expect(error?.kind == .connectionFailed && error?.message.contains("pgbouncer=") == true, "\(conninfo)")
        }
    }

    @Test("DATABASE_READ_URL: one address per replica, separated by blanks; a key/value conninfo is one")
    func readURLs() {
        #expect(ConnectionRoles.readURLs("") == [])
        #expect(ConnectionRoles.readURLs(" postgresql://r1/app \n postgres://r2,r3/app?pgbouncer=true ")
                == ["postgresql://r1/app", "postgres://r2,r3/app?pgbouncer=true"])
        #expect(ConnectionRoles.readURLs("host=r1 dbname=app") == ["host=r1 dbname=app"])
        let roles = ConnectionRoles.fromEnvironment([
            "DATABASE_URL": "postgresql:///app", "DATABASE_DIRECT_URL": "", "DATABASE_READ_URL": "postgresql://r1/app postgresql://r2/app",
        ])
        #expect(roles.direct == nil && roles.session == "postgresql:///app")
        #expect(Set(roles.replicas.map(\.conninfo)) == ["postgresql://r1/app", "postgresql://r2/app"])
        let chosen = roles.reads()
        #expect(roles.replicas.contains { $0 === chosen })
        let single = ConnectionRoles(primary: "postgresql:///app")
        #expect(single.reads() === single.primary, "no replica: reads go to the primary")
    }
}
