import DispatchServer
import Foundation
import Postgres

// A client of a database that `make run` set up (migrated, with the demo users of
// sql/seed/demo.sql): connect, act as a user, claim a task, pull, and listen to a feed.
//
//   DATABASE_URL=$(DISPATCH_PG_PORT=54329 ../scripts/db.sh url) swift run DispatchExample
//
// Bob (a demo user) claims Alice's task "Order the yard sign"; the change feed then shows
// the claim as an update of `tasks`.
let bob = UUID(uuidString: "00000000-0000-4000-8000-000000000b0b")!
let yardSign = UUID(uuidString: "00000000-0000-4000-8000-0000000000d1")!

// DATABASE_URL, DATABASE_DIRECT_URL and DATABASE_READ_URL: a pool for statements, a session
// for LISTEN, replicas for reads (each falls back to the one before).
let roles = ConnectionRoles.fromEnvironment()

// Acting as a user: a transaction in which row-level security sees Bob.
let myTasks = try await roles.primary.transaction(as: bob) { db in
    try db.query("select count(*)::int from public.tasks where claimed_by = auth.uid()").scalar(Int.self)
}
print("Bob holds \(myTasks) task(s)")

// The feed starts from this cursor (a feed given none starts when it is first read): it brings
// what happens from here on, and a saved cursor resumes it after a restart.
let now = RealtimeCursor(rawValue: try await roles.primary.query("select outbox.current_cursor()").scalar(String.self))
let feed = roles.changes(tables: ["tasks"], since: now, options: .init(pollInterval: .seconds(1), user: bob))

// Claiming: one winner among any number of claimers; the others get ALREADY_CLAIMED.
let claims = ClaimService(pool: roles.primary, user: bob)
do {
    let claimed = try await claims.claim(.task, id: yardSign)
    print("claimed:", claimed["title"]?.stringValue ?? "")
} catch let error as SQLAPIError where error.code == .alreadyClaimed {
    print("already claimed by", error.claimer?.name ?? "someone")
}

// Offline sync: pull everything Bob may see of `tasks`, page by page.
let sync = SyncService(roles: roles, user: bob)
let page = try await sync.pull(table: .tasks)
print("pulled \(page.records.count) task(s); next cursor \(page.cursor.rawValue.prefix(24))…")

// Releasing writes again: the feed sees it.
_ = try await claims.release(.task, id: yardSign)
for try await change in feed {
    print("feed: \(change.eventType) \(change.table) \(change.record["id"]?.stringValue ?? "")")
    break
}
await roles.close()
