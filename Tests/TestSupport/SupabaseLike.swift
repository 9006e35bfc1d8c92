import Foundation
import Migrations
import Postgres
import Synchronization

/// A database set up the way a hosted Supabase project is (its init scripts and
/// migrations: supabase/postgres, migrations/db), for the suites that hold the
/// migrations to their promise of running there unchanged:
///
/// - the API roles `anon`, `authenticated`, `service_role` exist before any migration;
/// - the migrating role (`ownerRole`, Supabase's `postgres`) is no superuser: it has
///   CREATEROLE and BYPASSRLS, CREATE on the database and on schema `public`, and is a
///   member of the API roles;
/// - schema `auth` belongs to another role (`authOwnerRole`) and already has `auth.users`
///   (row-level security on) and `auth.uid()`; the migrating role may only use the schema
///   and reference `auth.users`;
/// - PostGIS is installed in schema `extensions` by the superuser, and the API roles may
///   use that schema;
/// - default privileges grant ALL on every table, function and sequence the migrating
///   role creates in `public` to the three API roles (Supabase's), and, beyond Supabase,
///   the same for what it creates in any schema and for the schemas themselves: no object
///   of ours may rely on where it is created for its privileges;
/// - the publication `supabase_realtime` that Supabase Realtime reads exists, empty, and
///   belongs to the migrating role;
/// - Supabase Storage is installed (`storageSchema`): schema `storage` with `buckets`,
///   `objects` and `foldername()`, owned by another role (`storageOwnerRole`).
public enum SupabaseLike {
    public static let ownerRole = "dispatch_supabase_owner"
    public static let ownerPassword = "dispatch-owner"
    public static let authOwnerRole = "dispatch_supabase_auth"
    /// Supabase's `supabase_storage_admin`.
    public static let storageOwnerRole = "dispatch_supabase_storage"

    /// The cluster's roles. Roles are global while test databases are not: a role another
    /// process is creating at the same moment is no error.
    public static let roles = """
        do $$
        declare
          r record;
        begin
          for r in select * from (values
                     ('anon', 'nologin noinherit'),
                     ('authenticated', 'nologin noinherit'),
                     ('service_role', 'nologin noinherit bypassrls'),
                     ('\(authOwnerRole)', 'nologin'),
                     ('\(storageOwnerRole)', 'nologin'),
                     ('\(ownerRole)', 'login createrole createdb bypassrls password ''\(ownerPassword)''')) as v (name, options)
          loop
            if not exists (select from pg_roles where rolname = r.name) then
              begin
                execute format('create role %I %s', r.name, r.options);
              exception when duplicate_object or unique_violation then
                null;
              end;
            end if;
          end loop;
          if not pg_has_role('\(ownerRole)', 'service_role', 'member') then
            begin
              grant anon, authenticated, service_role to \(ownerRole);
            exception when unique_violation then
              null;
            end;
          end if;
          if not pg_has_role('\(ownerRole)', '\(storageOwnerRole)', 'member') then
            begin
              grant \(storageOwnerRole) to \(ownerRole);
            exception when unique_violation then
              null;
            end;
          end if;
        end
        $$;
        """

    /// Everything but the roles, run by the superuser in the new database.
    static let setUp = """
        grant usage, create on schema public to \(ownerRole);

        create schema auth authorization \(authOwnerRole);
        grant usage on schema auth to \(ownerRole), anon, authenticated, service_role;
        create table auth.users (
          instance_id uuid,
          id uuid primary key default gen_random_uuid(),
          email varchar(255) unique,
          raw_user_meta_data jsonb,
          created_at timestamptz default now()
        );
        alter table auth.users owner to \(authOwnerRole);
        alter table auth.users enable row level security;
        grant references on auth.users to \(ownerRole);
        create function auth.uid() returns uuid
          language sql stable
        as $$
          select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
                          (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid
        $$;
        alter function auth.uid() owner to \(authOwnerRole);

        create schema extensions;
        create extension postgis schema extensions;
        grant usage on schema extensions to \(ownerRole), anon, authenticated, service_role;

        alter default privileges for role \(ownerRole) in schema public
          grant all on tables to anon, authenticated, service_role;
        alter default privileges for role \(ownerRole) in schema public
          grant all on functions to anon, authenticated, service_role;
        alter default privileges for role \(ownerRole) in schema public
          grant all on sequences to anon, authenticated, service_role;
        alter default privileges for role \(ownerRole) grant all on tables to anon, authenticated, service_role;
        alter default privileges for role \(ownerRole) grant all on functions to anon, authenticated, service_role;
        alter default privileges for role \(ownerRole) grant all on sequences to anon, authenticated, service_role;
        alter default privileges for role \(ownerRole) grant all on schemas to anon, authenticated, service_role;

        create publication supabase_realtime;
        alter publication supabase_realtime owner to \(ownerRole);
        """ + storageSchema

    /// The shape of Supabase Storage's schema (its tenant migrations, supabase/storage
    /// `migrations/tenant`), as far as our code layer and policies meet it: the tables
    /// `buckets` and `objects` (row-level security on, unique `(bucket_id, name)`), the path
    /// helpers, the trigger that refuses a DELETE not made through the Storage API, and the
    /// grants Supabase makes (ALL on both tables to the API roles and, with grant option, to
    /// the migrating role). The storage role owns it all; the migrating role is a member of
    /// it, which stands in for what lets `postgres` manage policies on `storage.objects` on
    /// the platform (supautils' privileged role).
    public static let storageSchema = """
        create schema storage authorization \(storageOwnerRole);
        grant usage on schema storage to \(ownerRole), anon, authenticated, service_role;
        create table storage.buckets (
          id text primary key,
          name text not null,
          owner uuid,
          owner_id text,
          public boolean default false,
          file_size_limit bigint,
          allowed_mime_types text[],
          created_at timestamptz default now(),
          updated_at timestamptz default now()
        );
        create unique index bname on storage.buckets (name);
        create table storage.objects (
          id uuid primary key default gen_random_uuid(),
          bucket_id text references storage.buckets (id),
          name text,
          owner uuid,
          owner_id text,
          version text,
          metadata jsonb,
          user_metadata jsonb,
          created_at timestamptz default now(),
          updated_at timestamptz default now(),
          last_accessed_at timestamptz default now()
        );
        create unique index bucketid_objname on storage.objects (bucket_id, name);
        alter table storage.buckets enable row level security;
        alter table storage.objects enable row level security;
        create function storage.foldername(name text) returns text[]
          language sql immutable
        as $$ select (pg_catalog.string_to_array(name, '/'))[1:pg_catalog.array_length(pg_catalog.string_to_array(name, '/'), 1) - 1] $$;
        create function storage.filename(name text) returns text
          language sql immutable
        as $$ select (pg_catalog.string_to_array(name, '/'))[pg_catalog.array_length(pg_catalog.string_to_array(name, '/'), 1)] $$;
        create function storage.protect_delete() returns trigger
          language plpgsql
        as $$
        begin
          if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
            raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
              using errcode = '42501';
          end if;
          return null;
        end
        $$;
        create trigger protect_objects_delete before delete on storage.objects
          for each statement execute function storage.protect_delete();
        alter table storage.buckets owner to \(storageOwnerRole);
        alter table storage.objects owner to \(storageOwnerRole);
        alter function storage.foldername(text) owner to \(storageOwnerRole);
        alter function storage.filename(text) owner to \(storageOwnerRole);
        alter function storage.protect_delete() owner to \(storageOwnerRole);
        grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
        grant all on storage.buckets, storage.objects to \(ownerRole) with grant option;
        """

    /// Makes `database` (just created, empty) Supabase-like, as the superuser.
    static func prepare(_ database: TestDatabase) async throws {
        let admin = try await PostgresConnection.connect(database.conninfo)
        try await admin.runScript(roles)
        await admin.close()
        try await grantDatabase(database.name)
        let connection = try await database.connect()
        try await connection.runScript(setUp)
        await connection.close()
    }

    /// What the migrating role may do with the database itself (a clone does not inherit
    /// its template's database privileges).
    static func grantDatabase(_ name: String) async throws {
        let admin = try await PostgresConnection.connect(try await TestServer.conninfo())
        try await admin.runScript("grant create, connect, temporary on database \(TestDatabase.quote(name)) to \(ownerRole)")
        await admin.close()
    }

    /// Applies every migration as the migrating role, twice: the second run must find
    /// nothing to do, and neither may draw a warning from the server (a grant on an
    /// object the role does not own grants nothing but a warning). Returns the runner's log.
    @discardableResult
    public static func migrate(_ database: TestDatabase) async throws -> [String] {
        let lines = Mutex<[String]>([])
        let runner = try MigrationRunner(directory: TestDatabase.migrationsDirectory, log: { line in
            lines.withLock { $0.append(line) }
        })
        let connection = try await database.connectAsOwner()
        defer { Task { await connection.close() } }
        let first = try await runner.up(connection)
        let second = try await runner.up(connection)
        let log = lines.withLock { $0 }
        let warnings = log.filter { $0.hasPrefix("warning:") }
        guard first.count == runner.migrations.count, second.isEmpty, warnings.isEmpty else {
            throw PostgresError(.client, """
                migrating the Supabase-like database as \(ownerRole): applied \(first.count) of \(runner.migrations.count), \
                then \(second.count) on the second run; warnings: \(warnings)
                """)
        }
        return log
    }
}
