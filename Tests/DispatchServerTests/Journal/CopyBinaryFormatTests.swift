@testable import DispatchServer
import Foundation
import Postgres
import Testing

/// The binary array reader against the bytes PostgreSQL's `array_send` writes (what a binary
/// COPY carries for an array column; built here by hand), and against bytes it never writes.
@Suite struct CopyBinaryFormatTests {
    /// Big-endian int32s, then raw bytes.
    private static func bytes(_ words: [Int32], _ tail: [UInt8] = []) -> [UInt8] {
        words.flatMap { word in withUnsafeBytes(of: word.bigEndian) { Array($0) } } + tail
    }

    private static func elements(_ bytes: [UInt8]) throws -> [String?] {
        var seen: [String?] = []
        try bytes.withUnsafeBytes { raw in
            try CopyBinaryArray.forEach(in: raw) { seen.append($0.map { String(decoding: $0, as: UTF8.self) }) }
        }
        return seen
    }

    @Test func elementsComeInOrderNullsIncluded() throws {
        // text[] {"a",NULL,"ça"}: one dimension, has nulls, element type 25, size 3, lower bound 1.
        let array = Self.bytes([1, 1, 25, 3, 1, 1], Array("a".utf8)) + Self.bytes([-1, 3], Array("ça".utf8))
        #expect(try Self.elements(array) == ["a", nil, "ça"])
        #expect(try Self.elements(Self.bytes([0, 0, 25])) == [], "an empty array has no dimensions")
    }

    @Test func anythingElseIsADecodingError() throws {
        let cases: [(String, [UInt8])] = [
            ("two dimensions", Self.bytes([2, 0, 25, 1, 1, 1, 1, 1], Array("x".utf8))),
            ("an element longer than the bytes", Self.bytes([1, 0, 25, 1, 1, 5], Array("abc".utf8))),
            ("fewer elements than its size", Self.bytes([1, 0, 25, 2, 1, 1], Array("a".utf8))),
            ("a header cut short", Self.bytes([1, 0])),
        ]
        for (what, array) in cases {
            let error = try #require(throws: PostgresError.self, "\(what)") { _ = try Self.elements(array) }
            #expect(error.kind == .decoding, "\(what)")
        }
    }
}
