/// Just enough of PostgreSQL's lexer to split a script into statements and to turn an
/// error position into a line: quotes, dollar quotes and comments can hold semicolons.
enum SQLScript {
    /// The statements of `sql`, each without its terminating semicolon; blank ones dropped.
    static func statements(_ sql: String) -> [String] {
        spans(sql).map(\.text)
    }

    /// A statement of a script and where it starts (in Unicode scalars from the start of the
    /// script: what the server's error positions count, less one).
    struct Span {
        var text: String
        var offset: Int
        var end: Int { offset + text.unicodeScalars.count }
    }

    /// The statements of `sql` with their offsets, each without its terminating semicolon;
    /// blank ones dropped.
    static func spans(_ sql: String) -> [Span] {
        let chars = Array(sql.unicodeScalars)
        var statements: [Span] = []
        var start = 0
        var i = 0
        func text(_ range: Range<Int>) -> String {
            var s = String.UnicodeScalarView()
            s.append(contentsOf: chars[range])
            return String(s)
        }
        while i < chars.count {
            let c = chars[i]
            let next: Unicode.Scalar? = i + 1 < chars.count ? chars[i + 1] : nil
            if c == "-", next == "-" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
            } else if c == "/", next == "*" {
                var depth = 1
                i += 2
                while i < chars.count, depth > 0 {
                    if chars[i] == "/", i + 1 < chars.count, chars[i + 1] == "*" { depth += 1; i += 1 }
                    else if chars[i] == "*", i + 1 < chars.count, chars[i + 1] == "/" { depth -= 1; i += 1 }
                    i += 1
                }
                continue
            } else if c == "'" || c == "\"" {
                i += 1
                while i < chars.count {
                    if chars[i] == c {
                        if i + 1 < chars.count, chars[i + 1] == c { i += 2; continue }
                        break
                    }
                    if c == "'", chars[i] == "\\", i > 0 { /* standard_conforming_strings: literal */ }
                    i += 1
                }
            } else if c == "$" {
                // $tag$ … $tag$
                var j = i + 1
                while j < chars.count, chars[j] == "_" || chars[j].properties.isAlphabetic || (j > i + 1 && ("0"..."9").contains(chars[j])) { j += 1 }
                if j < chars.count, chars[j] == "$" {
                    let tag = Array(chars[i...j])
                    var k = j + 1
                    while k + tag.count <= chars.count, Array(chars[k..<(k + tag.count)]) != tag { k += 1 }
                    i = min(k + tag.count, chars.count)
                    continue
                }
            } else if c == ";" {
                let statement = text(start..<i)
                if !isBlank(statement) { statements.append(Span(text: statement, offset: start)) }
                start = i + 1
            }
            i += 1
        }
        let rest = text(start..<chars.count)
        if !isBlank(rest) { statements.append(Span(text: rest, offset: start)) }
        return statements
    }

    /// The text of `sql` from scalar `start` to `end`.
    static func text(_ sql: String, from start: Int, to end: Int) -> String {
        let scalars = sql.unicodeScalars
        let lower = scalars.index(scalars.startIndex, offsetBy: start)
        let upper = scalars.index(lower, offsetBy: end - start)
        return String(scalars[lower..<upper])
    }

    /// The statement without the comments and blanks before it.
    static func head(_ statement: String) -> Substring {
        var rest = Substring(statement)
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("--") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*"), let end = rest.range(of: "*/") {
                rest = rest[end.upperBound...]
            } else {
                return rest
            }
        }
    }

    /// The 1-based line of a 1-based character position in `sql`.
    static func line(of position: Int, in sql: String) -> Int {
        var line = 1
        for (i, scalar) in sql.unicodeScalars.enumerated() {
            if i >= position - 1 { break }
            if scalar == "\n" { line += 1 }
        }
        return line
    }

    private static func isBlank(_ statement: String) -> Bool {
        statements_stripComments(statement).allSatisfy { $0.isWhitespace }
    }

    private static func statements_stripComments(_ statement: String) -> String {
        statement.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "--").map { String(line[..<$0.lowerBound]) } ?? String(line) }
            .joined(separator: "\n")
    }
}
