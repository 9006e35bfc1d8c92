import Foundation

/// Text conversions for timestamptz / timestamp / date, written out by hand because
/// they sit on the hot path of row decoding and a formatter per value would dominate it;
/// and the binary form's.
@usableFromInline
enum PostgresTimestamp {
    /// The date of a binary timestamp (microseconds since 2000-01-01 00:00 UTC), nil for
    /// infinity. The same arithmetic as `parse` (whole Unix seconds plus the fraction), so
    /// a value read in either format is the same `Date`.
    @usableFromInline
    static func date(postgresMicroseconds micros: Int64) -> Date? {
        guard micros != .max, micros != .min else { return nil }
        let unix = micros + 946_684_800_000_000
        let (seconds, fraction) = unix.quotientAndRemainder(dividingBy: 1_000_000)
        let (whole, part) = fraction < 0 ? (seconds - 1, fraction + 1_000_000) : (seconds, fraction)
        return Date(timeIntervalSince1970: Double(whole) + Double(part) / 1_000_000)
    }

    static func format(_ date: Date) -> String {
        let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        var seconds = time_t((micros / 1_000_000).rounded(.down))
        let fraction = Int64(micros) - Int64(seconds) * 1_000_000
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let frac = String(fraction)
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))."
            + String(repeating: "0", count: 6 - frac.count) + frac + "Z"
    }

    /// Parses `YYYY-MM-DD[ HH:MM:SS[.ffffff]][+HH[:MM[:SS]]]`; values without an offset
    /// are taken as UTC. Returns nil for anything else (including `infinity`).
    static func parse(_ bytes: UnsafeRawBufferPointer) -> Date? {
        var i = 0
        let n = bytes.count
        func number(_ minDigits: Int, _ maxDigits: Int) -> Int? {
            var value = 0
            var digits = 0
            while i < n, digits < maxDigits, bytes[i] >= 48, bytes[i] <= 57 {
                value = value * 10 + Int(bytes[i] - 48)
                i += 1
                digits += 1
            }
            return digits >= minDigits ? value : nil
        }
        func expect(_ char: UInt8) -> Bool {
            guard i < n, bytes[i] == char else { return false }
            i += 1
            return true
        }
        guard let year = number(4, 6), expect(45), let month = number(2, 2), expect(45), let day = number(2, 2)
        else { return nil }
        var hour = 0, minute = 0, second = 0
        var micros = 0.0
        if i < n, bytes[i] == 32 || bytes[i] == 84 {
            i += 1
            guard let h = number(2, 2), expect(58), let m = number(2, 2), expect(58), let s = number(2, 2)
            else { return nil }
            (hour, minute, second) = (h, m, s)
            if i < n, bytes[i] == 46 {
                i += 1
                var scale = 100_000.0
                while i < n, bytes[i] >= 48, bytes[i] <= 57 {
                    micros += Double(bytes[i] - 48) * scale
                    scale /= 10
                    i += 1
                }
            }
        }
        var offset = 0
        if i < n, bytes[i] == 43 || bytes[i] == 45 {
            let sign = bytes[i] == 45 ? -1 : 1
            i += 1
            guard let h = number(2, 2) else { return nil }
            var total = h * 3600
            if expect(58), let m = number(2, 2) { total += m * 60 }
            if expect(58), let s = number(2, 2) { total += s }
            offset = sign * total
        } else if i < n, bytes[i] == 90 {
            i += 1
        }
        guard i == n else { return nil }
        let days = daysFromCivil(year, month, day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + micros / 1_000_000)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(_ y: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y - 1 : y
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
