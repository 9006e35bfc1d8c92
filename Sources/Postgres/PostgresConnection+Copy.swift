import CLibPQ

/// COPY in both directions, with libpq's non-blocking calls on the connection's own thread
/// like every other exchange.
extension PostgresConnection {
    /// `COPY … FROM STDIN`: `produce` writes rows into the writer, which streams them to
    /// the server. Returns the number of rows copied.
    @discardableResult
    public func copyIn(_ statement: PostgresQuery, _ produce: (inout PostgresCopyWriter) throws -> Void) throws -> Int {
        try exchange { try copy(in: statement, produce) }
    }

    /// `COPY … TO STDOUT`: hands each piece of the output to `consume` as it arrives (one
    /// row per call, as the server sends them; the bytes are only valid during the call), so
    /// memory stays bounded however much is copied. Waits for the server on the connection's
    /// own thread, like every call here. Returns the number of rows copied.
    ///
    /// COPY takes no parameters: `statement` must have no interpolated values (pass them
    /// with `set_config` first and read them with `current_setting` in the COPY's query).
    /// If `consume` throws, the COPY is cancelled, the rest is discarded and the error is
    /// rethrown; the connection stays usable (a transaction around it is aborted).
    @discardableResult
    public func copyOut(_ statement: PostgresQuery, _ consume: (UnsafeRawBufferPointer) throws -> Void) throws -> Int {
        guard statement.binds.isEmpty else {
            throw PostgresError(.client, "COPY takes no parameters: set them with set_config and read current_setting",
                                query: statement.sql)
        }
        return try exchange { try copy(out: statement, consume) }
    }

    /// Sends `statement` and reads the result that starts its COPY, which must be `expected`
    /// (`PGRES_COPY_IN` or `PGRES_COPY_OUT`). Anything else is read to its end, leaving the
    /// connection ready for the next statement, and thrown: the server's error, or a client
    /// error saying which COPY the statement is not (a COPY the other way is ended first).
    private func startCopy(_ statement: PostgresQuery, expecting expected: ExecStatusType, _ pg: OpaquePointer) throws {
        guard PQsendQuery(pg, statement.sql) == 1 else { throw libpq.failure(.connectionLost, query: statement.sql) }
        try libpq.flush()
        guard let started = try libpq.nextResult() else {
            throw PostgresError(.client, "the statement did not start a COPY", query: statement.sql)
        }
        let status = PQresultStatus(started)
        guard status != expected else {
            PQclear(started)
            return
        }
        let error = status == PGRES_FATAL_ERROR
            ? PostgresError(result: started, query: statement.sql)
            : PostgresError(.client, expected == PGRES_COPY_IN ? "the statement is not COPY … FROM STDIN"
                                                                : "the statement is not COPY … TO STDOUT",
                            query: statement.sql)
        PQclear(started)
        if status == PGRES_COPY_IN { _ = PQputCopyEnd(pg, "not COPY … TO STDOUT") }
        _ = try? libpq.collect(query: nil)
        throw error
    }

    private func copy(in statement: PostgresQuery, _ produce: (inout PostgresCopyWriter) throws -> Void) throws -> Int {
        let pg = try libpq.connection()
        try startCopy(statement, expecting: PGRES_COPY_IN, pg)
        var writer = PostgresCopyWriter()
        var failure: Error?
        do {
            try produce(&writer)
        } catch {
            failure = error
        }
        if failure == nil {
            try put(writer.buffer, pg)
        }
        while true {
            let reason = failure.map { "\($0)" }
            let ended = reason.map { PQputCopyEnd(pg, $0) } ?? PQputCopyEnd(pg, nil)
            if ended == 1 { break }
            if ended < 0 { throw libpq.failure(.connectionLost) }
            try libpq.wait(read: false, write: true)
        }
        try libpq.flush()
        do {
            let rows = try libpq.collect(query: statement.sql)
            return rows.affectedRows
        } catch {
            throw failure ?? error
        }
    }

    private func copy(out statement: PostgresQuery, _ consume: (UnsafeRawBufferPointer) throws -> Void) throws -> Int {
        let pg = try libpq.connection()
        try startCopy(statement, expecting: PGRES_COPY_OUT, pg)
        var failure: Error?
        while true {
            var buffer: UnsafeMutablePointer<CChar>?
            let length = PQgetCopyData(pg, &buffer, 1)
            if length > 0, let buffer {
                defer { PQfreemem(buffer) }
                guard failure == nil else { continue }
                do {
                    try consume(UnsafeRawBufferPointer(start: buffer, count: Int(length)))
                } catch {
                    failure = error
                    libpq.requestCancel()
                }
            } else if length == 0 {
                // Nothing complete yet: wait for the socket (never busy-loop).
                try libpq.wait(read: true, write: false)
                if PQconsumeInput(pg) == 0 { throw libpq.failure(.connectionLost, query: statement.sql) }
            } else if length == -1 {
                break
            } else {
                throw libpq.failure(.connectionLost, query: statement.sql)
            }
        }
        let copied: Int
        do {
            copied = try libpq.collect(query: statement.sql).affectedRows
        } catch {
            throw failure ?? error
        }
        // The COPY may have ended before the cancel arrived: the consumer's error still stands.
        if let failure { throw failure }
        return copied
    }

    /// Sends `bytes` as COPY data in pieces of 64 kB, flushing whenever libpq's buffer is full.
    private func put(_ bytes: [UInt8], _ pg: OpaquePointer) throws {
        var offset = 0
        let chunk = 1 << 16
        try bytes.withUnsafeBufferPointer { buffer in
            while offset < buffer.count {
                let length = min(chunk, buffer.count - offset)
                let sent = buffer.baseAddress!.advanced(by: offset).withMemoryRebound(to: CChar.self, capacity: length) {
                    PQputCopyData(pg, $0, Int32(length))
                }
                if sent == 1 {
                    offset += length
                } else if sent == 0 {
                    try libpq.flush()
                } else {
                    throw libpq.failure(.connectionLost)
                }
            }
        }
    }
}
