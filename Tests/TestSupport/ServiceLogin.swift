import Postgres

/// A login role that holds nothing but membership in service_role, as the README suggests
/// for the metrics exporter: what any login "in role service_role" may do (the worker's,
/// an exporter's), without SET ROLE and without service_role's own attributes.
public enum ServiceLogin {
    public static let name = "dispatch_test_monitor"

    /// Creates the role unless it exists. Roles are global: one another process is creating
    /// at the same moment is no error.
    public static func create(_ admin: PostgresConnection) async throws {
        try await admin.runScript("""
            do $$
            begin
              if not exists (select from pg_roles where rolname = '\(name)') then
                begin
                  create role \(name) login in role service_role;
                exception when duplicate_object or unique_violation then
                  null;
                end;
              end if;
            end
            $$;
            """)
    }
}
