import Postgres

/// What `sync_push` did with a record. A record it refuses (a coded error: a column the
/// user may not change, a release of someone else's claim …) is a thrown `SQLAPIError`, or
/// in a batch a `.failure` beside the other records' results: nothing of it was written.
public enum SyncPushResult: Sendable, Hashable {
    /// Written, or already written by an earlier push whose answer was lost (same values,
    /// at the version that push produced); the server's row as stored (its `row_version`,
    /// server times).
    case applied(JSONValue)
    /// Not written: the server row moved on since `expectedVersion` (or a new row's id
    /// already exists). The server wins; replace the local copy with this row. When the push
    /// claimed a task or activity that someone else claimed first, `claimer` says who
    /// (show "claimed by \(name)"); the record is then `.null` if that claim took the item
    /// out of the user's sight: drop the local copy (the next pull reports it revoked).
    case conflict(JSONValue, claimer: SQLAPIError.Claimer? = nil)
    /// The server row moved on since `expectedVersion`, and the push was merged field by
    /// field into it: `fields` says, for each field the push would have changed, which side
    /// won and why (docs/sync.md). The record is the server's row after the merge.
    case merged(JSONValue, fields: [String: FieldMerge])

    /// The server's row either way.
    public var record: JSONValue {
        switch self {
        case .applied(let record), .conflict(let record, _), .merged(let record, _): record
        }
    }

    /// One field of a merged push (`sync_push`'s `fields`).
    public struct FieldMerge: Sendable, Hashable {
        public enum Winner: String, Sendable, Hashable { case push, server }
        public enum Reason: String, Sendable, Hashable {
            /// Only the push changed it.
            case pushed
            /// Only the server changed it since the push's version (the push held the value
            /// it had then).
            case server
            /// Both changed it; the push, arriving after the server's write, is the last
            /// write by the server's clock.
            case lastWrite = "last_write"
            /// Both changed it within a second: the user id that sorts first wins.
            case tie
        }
        public var winner: Winner
        public var reason: Reason

        public init(winner: Winner, reason: Reason) {
            self.winner = winner
            self.reason = reason
        }
    }

    public var isConflict: Bool {
        if case .conflict = self { return true }
        return false
    }

    /// Who won the item, when this is a lost claim.
    public var claimer: SQLAPIError.Claimer? {
        if case .conflict(_, let claimer) = self { return claimer }
        return nil
    }
}

/// One pending write of a batch: the record as `push(table:record:expectedVersion:)` takes it.
public struct SyncPendingWrite: Sendable, Hashable {
    public var record: JSONValue
    /// The `row_version` last pulled; nil for a row created offline.
    public var expectedVersion: Int?

    public init(record: JSONValue, expectedVersion: Int?) {
        self.record = record
        self.expectedVersion = expectedVersion
    }
}

extension SyncPushResult {
    /// One answer of `sync_push`, or one element of `sync_push_batch`'s: `.failure` for a
    /// record refused with a coded error (a batch's `rejected`, built as the error a single
    /// push throws).
    static func parse(_ answer: JSONValue) throws -> Result<SyncPushResult, SQLAPIError> {
        switch (answer["status"]?.stringValue, answer["record"]) {
        case ("applied", let record?):
            return .success(.applied(record))
        case ("merged", let record?):
            var fields: [String: FieldMerge] = [:]
            for (name, field) in answer["fields"]?.objectValue ?? [:] {
                guard let winner = field["winner"]?.stringValue.flatMap(FieldMerge.Winner.init(rawValue:)),
                      let reason = field["reason"]?.stringValue.flatMap(FieldMerge.Reason.init(rawValue:)) else {
                    throw PostgresError(.decoding, "sync_push answered an unknown merge of \(name): \(field.jsonText.prefix(200))")
                }
                fields[name] = FieldMerge(winner: winner, reason: reason)
            }
            return .success(.merged(record, fields: fields))
        case ("conflict", let record?):
            let claimer = try answer["code"].map { _ in try SQLAPIError(rejection: answer) }?.claimer
            return .success(.conflict(record, claimer: claimer))
        case ("rejected", _):
            return .failure(try SQLAPIError(rejection: answer))
        default:
            throw PostgresError(.decoding, "sync_push answered something unexpected: \(answer.jsonText.prefix(200))")
        }
    }
}

extension SQLAPIError {
    /// A refusal reported as data (`{code, sqlstate, message, detail, hint}` in a batch's
    /// answer) rather than raised: the same error a single call would have thrown. `detail`
    /// is the object a coded error's DETAIL holds (`{claimed_by, …}`, `{table, column, id}`),
    /// kept as its JSON text as a raised error's DETAIL is, or prose as a string.
    init(rejection answer: JSONValue) throws {
        guard let message = answer["message"]?.stringValue else {
            throw PostgresError(.decoding, "a rejection without a message: \(answer.jsonText.prefix(200))")
        }
        var error = PostgresError(.server, message, sqlState: answer["sqlstate"]?.stringValue.map(SQLState.init(rawValue:)))
        error.detail = answer["detail"].flatMap { $0.stringValue ?? $0.jsonText }
        error.hint = answer["hint"]?.stringValue
        guard let coded = SQLAPIError(error) else {
            throw PostgresError(.decoding, "a rejection without a code: \(message.prefix(200))")
        }
        self = coded
    }
}
