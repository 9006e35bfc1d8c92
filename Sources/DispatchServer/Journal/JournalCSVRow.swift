import Foundation

/// The bytes of one CSV row of a journal export, as `journal_csv_lines` writes them in SQL
/// (sql/code/journal/api.sql, where the format is described): JournalExporter formats
/// the rows here, from the entries' columns, because the cell rule applied per cell costs
/// the server several times what reading the rows does, while the client does it as the
/// rows arrive. The two are held to the same bytes by the tests (a fixture with every kind
/// of cell; a 100,000-entry thread compared whole).
struct JournalCSVRow {
    /// The row so far (cleared by the caller after each row is written).
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(1024) }

    /// A timestamp cell: ISO 8601 in UTC to the second, `2025-01-31T08:05:09Z`, from
    /// Postgres's binary timestamptz (microseconds since 2000-01-01 00:00 UTC), cut to the
    /// second as `to_char` does (towards the past).
    mutating func appendTimestamp(microseconds: Int64) {
        let seconds = Self.floorDivide(microseconds, 1_000_000)
        let days = Self.floorDivide(seconds, 86_400)
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = Self.civil(daysSince1970: days + 10_957)
        appendDigits(year, 4)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(month, 2)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(day, 2)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(secondOfDay / 3600, 2)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay / 60 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, 2)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// A text cell after the rule: enclosed in double quotes (inner ones doubled) when it
    /// holds a comma, quote, CR or LF; an apostrophe first when it begins with = + - @ TAB or
    /// CR, and after each comma, semicolon, TAB, CR or LF that one of those follows.
    mutating func appendCell(_ cell: UnsafeRawBufferPointer) {
        guard let first = cell.first else { return }
        let quoted = cell.contains { $0 == comma || $0 == quote || $0 == cr || $0 == lf }
        if quoted { bytes.append(quote) }
        if Self.isFormulaStart(first) { bytes.append(apostrophe) }
        // The bytes between two insertions are appended as one run: byte by byte, the
        // appends were most of the client's share of an export.
        var start = cell.startIndex
        var index = start
        while index < cell.endIndex {
            let byte = cell[index]
            index += 1
            let insertion: UInt8
            if byte == quote {
                guard quoted else { continue }
                insertion = quote
            } else if byte == comma || byte == semicolon || byte == tab || byte == cr || byte == lf,
                      index < cell.endIndex, Self.isFormulaStart(cell[index]) {
                insertion = apostrophe
            } else {
                continue
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: cell[start..<index]))
            bytes.append(insertion)
            start = index
        }
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: cell[start..<cell.endIndex]))
        if quoted { bytes.append(quote) }
    }

    mutating func appendComma() { bytes.append(comma) }
    mutating func appendLineEnd() { bytes.append(cr); bytes.append(lf) }

    private mutating func appendDigits(_ value: Int, _ width: Int) {
        var digits = width
        var divisor = 1
        while digits > 1 { divisor *= 10; digits -= 1 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: 48 + rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }

    /// = + - @ TAB CR: what a spreadsheet may run as a formula.
    private static func isFormulaStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "=") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "@") || byte == 9 || byte == 13
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    /// The proleptic Gregorian date of a day number (days since 1970-01-01), by Howard
    /// Hinnant's civil_from_days.
    static func civil(daysSince1970 days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }
}

private let comma = UInt8(ascii: ",")
private let semicolon = UInt8(ascii: ";")
private let quote = UInt8(ascii: "\"")
private let apostrophe = UInt8(ascii: "'")
private let tab: UInt8 = 9
private let cr: UInt8 = 13
private let lf: UInt8 = 10
