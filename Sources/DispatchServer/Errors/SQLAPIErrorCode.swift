extension SQLAPIError {
    /// The code an error message begins with. Open, like postgres-nio's `PSQLError.Code`:
    /// a code this list does not name (one a newer migration added) is still a value, so
    /// an older client keeps working; the named ones are every code the SQL API raises,
    /// spelled once. `ContractTests` reads the functions of a migrated database and
    /// fails on a code raised there that is missing here.
    public struct Code: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { rawValue = value }

        public var description: String { rawValue }

        // MARK: Shared by every RPC

        /// 22004: a required argument was NULL.
        public static let nullArgument: Code = "NULL_ARGUMENT"
        /// P0002: absent, or invisible to the caller (the same answer, so nothing leaks).
        public static let notFound: Code = "NOT_FOUND"
        /// 42501: the caller may not do this.
        public static let notAuthorized: Code = "NOT_AUTHORIZED"
        /// 42501: there is no calling user (no `request.jwt.claims` with a `sub`).
        public static let notAuthenticated: Code = "NOT_AUTHENTICATED"
        /// 22023: a value the call does not accept (`detail` JSON names the `argument`, and
        /// what is `allowed` where it is a list).
        public static let invalidArgument: Code = "INVALID_ARGUMENT"
        /// 22023: a page size outside what the call accepts.
        public static let invalidLimit: Code = "INVALID_LIMIT"
        /// 22023: a paging cursor the call did not hand out (or one of another list).
        public static let invalidCursor: Code = "INVALID_CURSOR"
        /// 23503: the row references one that does not exist (`missingReference` on restore).
        public static let fkMissing: Code = "FK_MISSING"
        /// 23505: a unique value (an id, an MLS number) is held by a live row.
        public static let uniqueConflict: Code = "UNIQUE_CONFLICT"
        /// 22023: a table the call does not serve (not synced, not recorded by the outbox).
        public static let invalidTable: Code = "INVALID_TABLE"
        /// 22023: a retention or prune interval that is negative.
        public static let invalidInterval: Code = "INVALID_INTERVAL"
        /// 22001: a text longer than its column's limit, or a sync record over 64 KiB
        /// (`detail` JSON: `table`, `column`, `max_length`, `length`).
        public static let tooLong: Code = "TOO_LONG"
        /// 54000: a quota of `private.quotas` would be passed (open items per user per hour,
        /// notes per author per item, bytes per row, tables per poll); nothing was changed
        /// (`detail` JSON: `quota`, `limit`, `period`, and what was asked).
        public static let quotaExceeded: Code = "QUOTA_EXCEEDED"
        /// 42501: PostGIS is installed in a schema where API roles may create objects
        /// (raised by a migration, never by an RPC).
        public static let unsafeSchema: Code = "UNSAFE_SCHEMA"
        /// 55000: the publication `supabase_realtime` is `FOR ALL TABLES`, which would publish
        /// the journals (raised by a migration or `private.enable_supabase_realtime()`).
        public static let publicationForAllTables: Code = "PUBLICATION_FOR_ALL_TABLES"

        // MARK: Claims

        /// 55000: someone else holds the item (`claimer` says who).
        public static let alreadyClaimed: Code = "ALREADY_CLAIMED"
        /// 42501: only the claimer or an admin may release (`claimer` says who holds it).
        public static let notClaimer: Code = "NOT_CLAIMER"
        /// 55000: a completed item cannot be claimed.
        public static let alreadyCompleted: Code = "ALREADY_COMPLETED"
        /// 22023: not `task` or `activity`.
        public static let invalidItemType: Code = "INVALID_ITEM_TYPE"

        // MARK: Audit

        /// 22023: not one of the audited entity types.
        public static let invalidEntityType: Code = "INVALID_ENTITY_TYPE"

        // MARK: Sync

        /// 22023: log rows the cursor has not seen were purged, or the caller's admin rights
        /// changed since it; resync from a nil cursor.
        public static let cursorExpired: Code = "CURSOR_EXPIRED"
        /// 22023: not an object, no UUID id, an unknown column, a value that does not fit.
        public static let invalidRecord: Code = "INVALID_RECORD"
        /// 22023: a negative expected version.
        public static let invalidVersion: Code = "INVALID_VERSION"
        /// 23505: a new record's id belongs to a row the caller cannot see (from the journal
        /// RPCs also: an entry id already used in another thread).
        public static let idTaken: Code = "ID_TAKEN"
        /// 23505: `register_push_device` of a live token another user holds (that user
        /// unregisters it first); nothing changed.
        public static let deviceTaken: Code = "DEVICE_TAKEN"
        /// 42501: a pushed record changes columns the user may not write (`detail` JSON:
        /// `table`, `columns`); nothing of it was written.
        public static let columnNotWritable: Code = "COLUMN_NOT_WRITABLE"
        /// 42501: a table private to its owner (the journals) pulled by a session that does
        /// not act as role `authenticated` (service_role, or a login in it, that set a
        /// user's claims): a journal reaches its owner's app only.
        public static let ownerOnly: Code = "OWNER_ONLY"

        // MARK: Spatial

        /// 22023: outside -90…90, or NaN.
        public static let invalidLatitude: Code = "INVALID_LATITUDE"
        /// 22023: outside -180…180, or NaN.
        public static let invalidLongitude: Code = "INVALID_LONGITUDE"
        /// 22023: not in (0, 500] km, or NaN.
        public static let invalidRadius: Code = "INVALID_RADIUS"

        // MARK: Notifications

        /// 23514: the registry table and the type CHECK list different types (raised by a
        /// migration that adds a type, never by an RPC).
        public static let registryDrift: Code = "REGISTRY_DRIFT"
        /// 22023: an entry of the table manifest names no table of schema public, or a rule
        /// that is not one (raised by migrate's final step, never by an RPC).
        public static let invalidManifest: Code = "INVALID_MANIFEST"
        /// More ids in one `markRead` than it accepts (refused in Swift).
        public static let tooManyIDs: Code = "TOO_MANY_IDS"
        /// 22023: not a preference key a user may turn off (unknown, or of a mandatory type;
        /// `detail` JSON: `preference_key`, `preference_keys`).
        public static let invalidPreference: Code = "INVALID_PREFERENCE"
        /// 40001: a concurrent batch of the same sender changed the push modes a batch of
        /// notifications was stored with before its budgets were spent (the worker's insert,
        /// never an RPC); retrying the transaction plans them again.
        public static let budgetChanged: Code = "BUDGET_CHANGED"

        // MARK: Journal

        /// 22023: a thread title that is not 1 to 200 characters once trimmed.
        public static let invalidTitle: Code = "INVALID_TITLE"
        /// 22023: an entry that is empty, only whitespace, or over 65,536 characters.
        public static let invalidContent: Code = "INVALID_CONTENT"
        /// 22023: an entry time that is infinite, before 1900, or more than a day ahead of
        /// the server's clock (`detail` JSON: `entry_timestamp`, `min`, `max`).
        public static let invalidTimestamp: Code = "INVALID_TIMESTAMP"
        /// 22023: a field name that is not 1 to 50 characters once trimmed.
        public static let invalidFieldName: Code = "INVALID_FIELD_NAME"
        /// 23505: the thread has a live field of that name already (case is ignored).
        public static let fieldNameTaken: Code = "FIELD_NAME_TAKEN"
        /// 55000: the thread has its 20 live fields already.
        public static let fieldLimit: Code = "FIELD_LIMIT"
        /// 22023: a group that breaks the rules (the parent a live group, the child a live
        /// non-group field of the same thread in no other group), or a group flag changed.
        public static let invalidGroup: Code = "INVALID_GROUP"
        /// 22023: a value for a field that is not a live non-group field of the entry's
        /// thread, a value over 4,096 characters, or values that are not `{field id: text}`.
        public static let invalidValue: Code = "INVALID_VALUE"

        // MARK: Outbox (the worker's functions)

        /// 22023: a handler name that is not lower-case letters, digits and `_ . : -`.
        public static let invalidHandler: Code = "INVALID_HANDLER"
        /// 22023: operations that are not a non-empty subset of insert, update, delete.
        public static let invalidOps: Code = "INVALID_OPS"
        /// 22023: max attempts outside 1…100.
        public static let invalidMaxAttempts: Code = "INVALID_MAX_ATTEMPTS"
        /// 22023: a claim batch outside 1…10000, or a sync push batch that is not an array of
        /// `{record, expected_version}` or holds more than `SyncService.maxBatchSize` (`detail`
        /// JSON: `max`, `length`).
        public static let invalidBatch: Code = "INVALID_BATCH"
        /// 22023: a lease that is not a positive interval.
        public static let invalidLease: Code = "INVALID_LEASE"
        /// 22023: parallel arrays of different lengths.
        public static let arrayLengthMismatch: Code = "ARRAY_LENGTH_MISMATCH"

        /// Every named code, for the test that compares them with the SQL.
        public static let all: [Code] = [
            .nullArgument, .notFound, .notAuthorized, .notAuthenticated, .invalidArgument, .invalidLimit,
            .invalidCursor, .fkMissing, .uniqueConflict, .invalidTable, .invalidInterval, .tooLong, .quotaExceeded, .unsafeSchema,
            .publicationForAllTables,
            .alreadyClaimed, .notClaimer, .alreadyCompleted, .invalidItemType,
            .invalidEntityType,
            .cursorExpired, .invalidRecord, .invalidVersion, .idTaken, .deviceTaken, .columnNotWritable, .ownerOnly,
            .invalidLatitude, .invalidLongitude, .invalidRadius,
            .registryDrift, .invalidManifest, .tooManyIDs, .invalidPreference, .budgetChanged,
            .invalidTitle, .invalidContent, .invalidTimestamp, .invalidFieldName, .fieldNameTaken, .fieldLimit, .invalidGroup, .invalidValue,
            .invalidHandler, .invalidOps, .invalidMaxAttempts, .invalidBatch, .invalidLease, .arrayLengthMismatch,
        ]
    }
}
