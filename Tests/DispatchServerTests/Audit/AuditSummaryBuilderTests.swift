import DispatchServer
import Foundation
import Postgres
import Testing

/// `AuditSummaryBuilder`: a pure function, so every case is a plain value in, a string out.
@Suite struct AuditSummaryBuilderTests {
    private static let alice = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
    private static let bob = UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!

    private func entry(
        _ action: AuditAction, _ entity: AuditableEntity = .listing,
        old: [String: JSONValue]? = nil, new: [String: JSONValue]? = nil,
        by: UUID? = alice, name: String? = "Alice"
    ) -> AuditEntry {
        let base: [String: JSONValue] = ["id": "7d1f2a4e-0000-0000-0000-000000000001", "updated_at": "2026-01-23T10:00:00+00:00", "row_version": 1]
        return AuditEntry(
            id: 1, entityType: entity, recordID: UUID(), action: action, changedAt: Date(timeIntervalSince1970: 0),
            changedBy: by, changedByName: name,
            oldRow: old.map { .object(base.merging($0) { $1 }) },
            newRow: new.map { .object(base.merging($0) { $1 }.merging(["updated_at": "2026-01-23T10:05:00+00:00", "row_version": 2]) { $1 }) })
    }

    private func update(_ entity: AuditableEntity, _ old: [String: JSONValue], _ new: [String: JSONValue],
                        by: UUID? = alice, name: String? = "Alice") -> String {
        entry(.update, entity, old: old, new: new, by: by, name: name).summary
    }

    /// A listing update.
    private func update(_ old: [String: JSONValue], _ new: [String: JSONValue]) -> String {
        update(.listing, old, new)
    }

    @Test func insertDeleteAndRestoreNameTheEntity() {
        #expect(entry(.insert, .task, new: ["title": "A"]).summary == "Task created")
        #expect(entry(.delete, .task, old: ["title": "A"]).summary == "Task deleted")
        #expect(entry(.insert, .property, new: [:]).summary == "Property created")
        #expect(entry(.delete, .activity, old: [:]).summary == "Activity deleted")
        #expect(entry(.delete, .listing, old: [:]).summary == "Listing deleted")
        #expect(entry(.insert, .user, new: [:]).summary == "User created")
        #expect(entry(.restore, .listing, new: ["price": 1]).summary == "Restored")
    }

    @Test func priceChangesAreDollarsWithGroupingAndCentsOnlyWhenNeeded() {
        #expect(update(["price": 500_000], ["price": 525_000]) == "Price changed from $500,000 to $525,000")
        #expect(update(["price": 999.5], ["price": 1_250.25]) == "Price changed from $999.50 to $1,250.25")
        #expect(update(["price": 1_234_567.89], ["price": 0]) == "Price changed from $1,234,567.89 to $0")
        #expect(update(["price": .null], ["price": 450_000]) == "Price set to $450,000")
        #expect(update(["price": 450_000], ["price": .null]) == "Price cleared")
        // numeric as text (an API layer that keeps numerics exact) reads the same.
        #expect(update(["price": "500000.00"], ["price": "9999999999.99"]) == "Price changed from $500,000 to $9,999,999,999.99")
    }

    @Test func formatMoney() {
        #expect(AuditSummaryBuilder.formatMoney(500_000) == "$500,000")
        #expect(AuditSummaryBuilder.formatMoney(Decimal(string: "525000.00")!) == "$525,000")
        #expect(AuditSummaryBuilder.formatMoney(Decimal(string: "1250.5")!) == "$1,250.50")
        #expect(AuditSummaryBuilder.formatMoney(Decimal(string: "0.05")!) == "$0.05")
        #expect(AuditSummaryBuilder.formatMoney(Decimal(string: "999.999")!) == "$1,000")
        #expect(AuditSummaryBuilder.formatMoney(Decimal(string: "100")!) == "$100")
        #expect(AuditSummaryBuilder.formatMoney(Decimal(string: "1000")!) == "$1,000")
        #expect(AuditSummaryBuilder.formatMoney(Decimal(string: "-3")!) == "-$3")
        #expect(AuditSummaryBuilder.formatMoney(0) == "$0")
    }

    @Test func enumLikeValuesAreHumanized() {
        #expect(update(["status": "draft"], ["status": "active"]) == "Status changed from Draft to Active")
        #expect(update(.task, ["priority": "medium"], ["priority": "urgent"]) == "Priority changed from Medium to Urgent")
        #expect(update(.activity, ["type": "call"], ["type": "show_property"]) == "Type changed from Call to Show property")
        #expect(update(.activity, ["type": "follow_up"], ["type": "email"]) == "Type changed from Follow-up to Email")
        #expect(update(.activity, ["duration_minutes": 15], ["duration_minutes": 45]) == "Duration changed from 15 min to 45 min")
    }

    @Test func textIsQuotedUnlessLong() {
        #expect(update(.task, ["title": "A"], ["title": "B"]) == "Title changed from “A” to “B”")
        #expect(update(["mls_number": "MLS-1"], ["mls_number": "MLS-2"]) == "MLS number changed from “MLS-1” to “MLS-2”")
        #expect(update(["zip": "02134"], ["zip": "02135"]) == "ZIP code changed from “02134” to “02135”")
        #expect(update(["mls_number": .null], ["mls_number": "MLS-3"]) == "MLS number set to “MLS-3”")
        #expect(update(["address": "1 Main St"], ["address": ""]) == "Address cleared")
        let long = String(repeating: "x", count: 61)
        #expect(update(.task, ["title": "Short"], ["title": .string(long)]) == "Title changed")
        #expect(update(.task, ["description": "a"], ["description": "b"]) == "Description changed")
        #expect(update(.user, ["name": "Bob"], ["name": "Robert"]) == "Name changed from “Bob” to “Robert”")
    }

    @Test func workItemStateReadsAsWhatHappened() {
        // completed_at and claimed_at change with them and are not mentioned.
        #expect(update(.task, ["completed": false, "completed_at": .null], ["completed": true, "completed_at": "2026-01-23T10:05:00+00:00"])
                == "Marked complete")
        #expect(update(.task, ["completed": true], ["completed": false]) == "Marked incomplete")
        let bob = Self.bob.uuidString.lowercased()
        #expect(update(.task, ["claimed_by": .null, "claimed_at": .null], ["claimed_by": .string(bob), "claimed_at": "2026-01-23T10:05:00+00:00"],
                       by: Self.bob, name: "Bob") == "Claimed by Bob")
        #expect(update(.task, ["claimed_by": .null], ["claimed_by": .string(bob)], by: nil, name: nil) == "Claimed")
        #expect(update(.task, ["claimed_by": .string(bob)], ["claimed_by": .null], by: Self.alice) == "Claim released")
        #expect(update(.user, ["is_admin": false], ["is_admin": true], by: nil, name: nil) == "Admin access granted")
    }

    @Test func datesAreFormattedInTheBuildersTimeZone() {
        let change = entry(.update, .task, old: ["due_date": "2026-01-05T00:00:00+00:00"], new: ["due_date": "2026-01-07T15:30:00+00:00"])
        #expect(change.summary == "Due date changed from Jan 5, 2026 to Jan 7, 2026 at 3:30 PM")
        let newYork = AuditSummaryBuilder(timeZone: TimeZone(identifier: "America/New_York")!)
        #expect(newYork.summary(for: change) == "Due date changed from Jan 4, 2026 at 7:00 PM to Jan 7, 2026 at 10:30 AM")
        #expect(update(.task, ["due_date": .null], ["due_date": "2026-03-01T00:00:00.000001+00:00"])
                == "Due date set to Mar 1, 2026 at 12:00 AM")
        #expect(update(.task, ["due_date": "2026-03-01T00:00:00+00:00"], ["due_date": .null]) == "Due date cleared")
    }

    @Test func referencesAndLocationsSayWhatChangedWithoutIDs() {
        #expect(update(["owned_by": .string(Self.alice.uuidString)], ["owned_by": .string(Self.bob.uuidString)]) == "Owner changed")
        #expect(update(.task, ["listing_id": .null], ["listing_id": .string(Self.bob.uuidString)]) == "Listing changed")
        #expect(update(.property, ["lat": 1.5, "lon": 2.5], ["lat": 1.6, "lon": 2.6]) == "Location changed")
        #expect(update(.property, ["lat": 1.5], ["lat": 1.6]) == "Location changed")
    }

    @Test func severalFieldsAreListedMostTellingFirst() {
        #expect(update(["price": 1, "status": "draft"], ["price": 2, "status": "active"]) == "Status and price changed")
        #expect(update(.task, ["title": "a", "priority": "low", "description": "x"], ["title": "b", "priority": "high", "description": "y"])
                == "Title, priority and description changed")
        #expect(update(.task, ["title": "a", "priority": "low", "description": "x", "due_date": .null],
                       ["title": "b", "priority": "high", "description": "y", "due_date": "2026-01-01T00:00:00+00:00"])
                == "Title, priority and 2 other fields changed")
        #expect(update(["mls_number": "a", "zip": "1"], ["mls_number": "b", "zip": "2"]) == "ZIP code and MLS number changed")
        #expect(update(.task, ["completed": false, "title": "a"], ["completed": true, "title": "b"]) == "Title and completion changed")
        // Unknown columns (added later) still read well.
        #expect(update(["lockbox_code": "1"], ["lockbox_code": "2"]) == "Lockbox code changed from “1” to “2”")
        #expect(update(["lockbox_code": "1", "open_house": false], ["lockbox_code": "2", "open_house": true])
                == "Lockbox code and open house changed")
    }

    @Test func anUpdateOfOnlyBookkeepingSaysUpdated() {
        let entry = entry(.update, .task, old: ["title": "a"], new: ["title": "a"])
        #expect(entry.changedFields.isEmpty)
        #expect(entry.summary == "Task updated")
    }

    @Test func changedFieldsIgnoreBookkeepingAndCoverAddedOrRemovedKeys() {
        let change = entry(.update, old: ["price": 1, "status": "draft"], new: ["price": 2, "status": "draft", "nickname": "x"])
        #expect(change.changedFields == ["nickname", "price"])
        #expect(entry(.insert, new: ["price": 1]).changedFields.isEmpty)
        #expect(entry(.delete, old: ["price": 1]).snapshot?["price"] == 1)
    }
}
