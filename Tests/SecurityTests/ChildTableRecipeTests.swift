import DispatchServer
import Foundation
import Postgres
import TestSupport
import Testing

/// docs/migrations.md's recipe for a child table, followed to the letter: one DDL migration
/// (the table, its reference to the parent, its index, row-level security on, its grants) and
/// one manifest entry. Nothing else is written, and the table is seen with its parent, written
/// by whoever may change the parent, pulled by sync, refused to everyone else, and deleted
/// with its parent.
@Suite struct ChildTableRecipeTests {
    /// The migration of the recipe: tags of a watchlist.
    static let migration = """
        create table public.watchlist_tags (
          id uuid primary key default gen_random_uuid(),
          watchlist_id uuid not null references public.watchlists (id) on delete cascade,
          label text not null,
          created_at timestamptz not null default now(),
          updated_at timestamptz,
          row_version integer not null default 1
        );
        create index watchlist_tags_watchlist_id_idx on public.watchlist_tags (watchlist_id);
        create index watchlist_tags_updated_at_idx on public.watchlist_tags (updated_at);
        alter table public.watchlist_tags enable row level security;
        comment on table public.watchlist_tags is 'Tags of a watchlist: seen with it, written by whoever may change it.';
        revoke all on public.watchlist_tags from public, anon, authenticated, service_role;
        grant select, delete on public.watchlist_tags to authenticated;
        grant insert (id, watchlist_id, label), update (label) on public.watchlist_tags to authenticated;
        """

    /// Its manifest entry.
    static let entry = """
        select private.manifest('watchlist_tags',
          visible_to => '[{"kind": "watchlist", "column": "watchlist_id"}]',
          parent => '{"column": "watchlist_id", "table": "watchlists"}',
          insert_by => '[{"parent": "writable"}]', update_by => '[{"parent": "writable"}]',
          delete_by => '[{"parent": "writable"}]',
          lengths => '{"label": 200}', synced => true);
        select private.apply_manifest();
        """

    @Test func aChildTableIsOneMigrationAndOneManifestEntry() async throws {
        let (database, admin) = try await TestDatabase.createWithAdmin()
        let ids = try await TestUsers.create(admin, ["Alice", "Bob", "Carol"])
        let (alice, bob, carol) = (ids[0], ids[1], ids[2])
        try await admin.runScript(Self.migration)
        try await admin.runScript(Self.entry)
        // Alice's list, shared with Bob to read, and accepted by him.
        let list = try await admin.transaction(as: alice) { conn in
            try conn.query("insert into public.watchlists (title) values ('Warblers') returning id").scalar(UUID.self)
        }
        try await admin.query("insert into public.watchlist_shares (watchlist_id, user_id, role) values (\(list), \(bob), 'read')")
        try await admin.transaction(as: bob) { conn in _ = try conn.query("select public.accept_watchlist_share(\(list))") }

        // Alice, who may change her list, tags it; Bob, who reads it, and Carol may not.
        let tag = try await admin.transaction(as: alice) { conn in
            try conn.query("insert into public.watchlist_tags (watchlist_id, label) values (\(list), 'spring') returning id").scalar(UUID.self)
        }
        for user in [bob, carol] {
            let refused = try await admin.refusal("insert into public.watchlist_tags (watchlist_id, label) values ($1, 'mine')", [list], as: .user(user))
            #expect(refused?.sqlState == .insufficientPrivilege, "\(String(describing: refused))")
            let changed = try await admin.transaction(as: user) { conn in
                try conn.query("update public.watchlist_tags set label = 'gone' where id = \(tag)").affectedRows
            }
            #expect(changed == 0)
        }
        // Seen with the list: by Alice and Bob, not by Carol; and pulled by sync alike.
        let connection = try await database.connect()
        for (user, expected) in [(alice, 1), (bob, 1), (carol, 0)] {
            let seen = try await admin.transaction(as: user) { conn in
                try conn.query("select count(*)::int from public.watchlist_tags").scalar(Int.self)
            }
            #expect(seen == expected)
            let page = try await connection.transaction(as: user) { conn in
                try conn.query("select public.sync_pull('watchlist_tags')::text").scalar(String.self)
            }
            #expect(try JSONValue(parsing: page)["records"]?.arrayValue?.count == expected, "\(page)")
        }
        await connection.close()

        // Deleted with its list.
        try await admin.transaction(as: alice) { conn in _ = try conn.query("delete from public.watchlists where id = \(list)") }
        #expect(try await admin.count("select count(*)::int from public.watchlist_tags") == 0)
        await admin.close()
    }
}
