import Foundation
import Postgres

/// One-line human summaries of audit entries ("Price changed from $500,000 to $525,000",
/// "Task deleted", "Restored"), for history rows and notification texts.
///
/// A pure function of the entry: no database, no current locale. Money is US dollars with
/// en_US grouping and no cents when whole; dates are formatted in `timeZone` (UTC unless
/// the recipient's is known), so the same entry always reads the same.
public struct AuditSummaryBuilder: Sendable {
    public var timeZone: TimeZone

    public init(timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        self.timeZone = timeZone
    }

    /// The summary of `entry`.
    public func summary(for entry: AuditEntry) -> String {
        switch entry.action {
        case .insert: return "\(entry.entityType.displayName) created"
        case .delete: return "\(entry.entityType.displayName) deleted"
        case .restore: return "Restored"
        case .update: return updateSummary(entry)
        }
    }

    // MARK: Updates

    /// Columns a trigger derives from another column that is shown instead (completed_at
    /// follows completed, claimed_at follows claimed_by, edited_at follows content).
    static let derivedFields: Set<String> = ["completed_at", "claimed_at", "edited_at"]

    /// The user-visible changes of an UPDATE, in the order a summary names them; lat and
    /// lon become one "location".
    public static func visibleChanges(of entry: AuditEntry) -> [String] {
        var fields = entry.changedFields.filter { !derivedFields.contains($0) }
        if fields.contains("lat") || fields.contains("lon") {
            fields.removeAll { $0 == "lat" || $0 == "lon" }
            fields.append("location")
        }
        return fields.sorted { a, b in
            let ra = fieldOrder.firstIndex(of: a) ?? fieldOrder.count
            let rb = fieldOrder.firstIndex(of: b) ?? fieldOrder.count
            return ra != rb ? ra < rb : a < b
        }
    }

    /// Most telling first: a listing's status and price, a task's title and state.
    static let fieldOrder = [
        "status", "price", "title", "completed", "claimed_by", "priority", "due_date", "type",
        "duration_minutes", "name", "address", "city", "state", "zip", "location", "mls_number",
        "listing_id", "property_id", "owned_by", "declared_by", "description", "email", "is_admin",
    ]

    private func updateSummary(_ entry: AuditEntry) -> String {
        let fields = Self.visibleChanges(of: entry)
        switch fields.count {
        case 0:
            return "\(entry.entityType.displayName) updated"
        case 1:
            return oneChange(fields[0], entry)
        default:
            let labels = fields.map(Self.label(forField:))
            let listed: String
            if labels.count <= 3 {
                listed = labels.dropLast().joined(separator: ", ") + " and " + labels.last!
            } else {
                listed = labels.prefix(2).joined(separator: ", ") + " and \(labels.count - 2) other fields"
            }
            return Self.capitalizedFirst(listed) + " changed"
        }
    }

    private func oneChange(_ field: String, _ entry: AuditEntry) -> String {
        let old = entry.oldRow?[field] ?? .null
        let new = entry.newRow?[field] ?? .null
        let label = Self.capitalizedFirst(Self.label(forField: field))
        switch field {
        case "completed":
            return new.boolValue == true ? "Marked complete" : "Marked incomplete"
        case "claimed_by":
            if new.isNull { return "Claim released" }
            if let by = entry.changedBy?.uuidString.lowercased(), new.stringValue?.lowercased() == by,
               let name = entry.changedByName, !name.isEmpty {
                return old.isNull ? "Claimed by \(name)" : "Reassigned to \(name)"
            }
            return old.isNull ? "Claimed" : "Reassigned"
        case "is_admin":
            return new.boolValue == true ? "Admin access granted" : "Admin access removed"
        case "description", "location", "owned_by", "declared_by", "listing_id", "property_id",
             "avatar_url", "profile_photo":
            return "\(label) changed"
        default:
            break
        }
        guard let before = display(field, old), let after = display(field, new) else {
            if Self.isEmpty(new) { return "\(label) cleared" }
            if Self.isEmpty(old), let after = display(field, new) { return "\(label) set to \(after)" }
            return "\(label) changed"
        }
        return "\(label) changed from \(before) to \(after)"
    }

    /// A value as the summary shows it; nil when empty, or too long to quote.
    private func display(_ field: String, _ value: JSONValue) -> String? {
        if Self.isEmpty(value) { return nil }
        switch field {
        case "price":
            return Self.money(value)
        case "status", "priority", "type":
            return value.stringValue.map(Self.humanized)
        case "due_date":
            return value.stringValue.flatMap(date)
        case "duration_minutes":
            return value.intValue.map { "\($0) min" }
        default:
            switch value {
            case .string(let text):
                return text.count <= 60 ? "“\(text)”" : nil
            case .number(let number):
                return number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
            case .bool(let flag):
                return flag ? "yes" : "no"
            default:
                return nil
            }
        }
    }

    private func date(_ text: String) -> String? {
        guard let date = try? JSONValue.string(text).decode(Date.self) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = calendar.startOfDay(for: date) == date ? "MMM d, yyyy" : "MMM d, yyyy 'at' h:mm a"
        return formatter.string(from: date)
    }

    // MARK: Words

    /// How a column is named mid-sentence ("price", "due date", "MLS number").
    public static func label(forField field: String) -> String {
        switch field {
        case "due_date": "due date"
        case "duration_minutes": "duration"
        case "mls_number": "MLS number"
        case "claimed_by": "claim"
        case "completed": "completion"
        case "owned_by": "owner"
        case "declared_by": "declarer"
        case "listing_id": "listing"
        case "property_id": "property"
        case "zip": "ZIP code"
        case "is_admin": "admin access"
        case "avatar_url": "avatar"
        case "profile_photo": "profile photo"
        default: field.replacingOccurrences(of: "_", with: " ")
        }
    }

    /// `show_property` → "Show property", `follow_up` → "Follow-up".
    static func humanized(_ value: String) -> String {
        if value == "follow_up" { return "Follow-up" }
        return capitalizedFirst(value.replacingOccurrences(of: "_", with: " "))
    }

    static func capitalizedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    static func isEmpty(_ value: JSONValue) -> Bool {
        switch value {
        case .null: true
        case .string(let text): text.isEmpty
        default: false
        }
    }

    // MARK: Money

    private static func money(_ value: JSONValue) -> String? {
        switch value {
        case .number(let number): return formatMoney(Decimal(string: String(number)) ?? Decimal(number))
        case .string(let text): return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")).map(formatMoney)
        default: return nil
        }
    }

    /// US dollars with en_US grouping, cents only when not whole: `$525,000`,
    /// `$1,250.50`, `-$3`.
    public static func formatMoney(_ amount: Decimal) -> String {
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .plain)
        let negative = rounded < 0
        let text = (negative ? -rounded : rounded).description  // "1250.5", "525000"
        let parts = text.split(separator: ".", maxSplits: 1)
        let whole = String(parts.first ?? "0")
        var cents = parts.count > 1 ? String(parts[1]) : ""
        var grouped = ""
        for (i, digit) in whole.enumerated() {
            if i > 0, (whole.count - i) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        if !cents.isEmpty, cents.contains(where: { $0 != "0" }) {
            while cents.count < 2 { cents += "0" }
            grouped += "." + cents
        }
        return (negative ? "-$" : "$") + grouped
    }
}
