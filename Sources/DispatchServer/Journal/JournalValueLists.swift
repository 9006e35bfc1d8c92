import Foundation
import Postgres

/// Turns entries' value lists (a list of field ids and one of cells, in the same order:
/// `journal_entry_value_lists`) into their `values` dictionaries, hashing each field id once
/// per list of field ids rather than once per entry. The entries of a thread mostly share
/// one list (the thread's fields), so the dictionary of the first is copied for the next
/// and its values replaced in place, by position: hashing 20 uuids for each of a thousand
/// entries took a third of a thread's read in the client.
struct JournalValueLists {
    private var fields: [UUID] = []
    private var template: [UUID: String] = [:]
    private var slots: [Dictionary<UUID, String>.Index] = []

    /// The values of an entry whose list names `fields`, from the binary text[] `column` of
    /// `row`. Throws for a list whose cells and field ids differ in number, or that names a
    /// field twice.
    mutating func values(fields: [UUID], row: PostgresRow, column: Int) throws -> [UUID: String] {
        if fields != self.fields { try prepare(fields) }
        var values = template
        var missing: [Int] = []
        var count = 0
        _ = try row.forEachBinaryElement(ofArray: column) { cell in
            guard count < fields.count else { return count += 1 }
            if let cell {
                values.values[slots[count]] = String(decoding: cell, as: UTF8.self)
            } else {
                missing.append(count)
            }
            count += 1
        }
        guard count == fields.count else {
            throw PostgresError(.decoding, "an entry with \(count) values for \(fields.count) field ids")
        }
        for position in missing { values.removeValue(forKey: fields[position]) }
        return values
    }

    private mutating func prepare(_ fields: [UUID]) throws {
        var template = [UUID: String](minimumCapacity: fields.count)
        for id in fields { template[id] = "" }
        guard template.count == fields.count else {
            throw PostgresError(.decoding, "an entry's value list names a field twice")
        }
        self.fields = fields
        self.template = template
        slots = fields.map { template.index(forKey: $0)! }
    }
}
