import CLibPQ
import Foundation

/// The `PGconn` and the socket-level loops around libpq's non-blocking API.
///
/// Confined to the connection's own thread by construction: only the connection actor
/// (whose executor is that thread) and the thread's idle hook touch it.
final class LibPQConnection: @unchecked Sendable {
    private(set) var pg: OpaquePointer?
    /// Set when the server announced, between statements, that it is ending this
    /// session (FATAL: an admin terminated the backend, the server is shutting down).
    /// libpq hands such a message to the notice receiver and keeps the status OK until
    /// it reads the end of the stream, which may not have arrived yet.
    private(set) var doomed = false
    /// WARNING messages the server sent since the last `takeWarnings()` (a grant that
    /// granted nothing, a deprecated setting): not errors, but not to be lost either.
    private(set) var warnings: [String] = []
    /// NOTICE and INFO messages since the last `takeNotices()`, the newest 100 (a program
    /// that never asks for them keeps no more).
    private(set) var notices: [String] = []

    deinit { if let pg { PQfinish(pg) } }

    var isOpen: Bool { !doomed && (pg.map { PQstatus($0) == CONNECTION_OK } ?? false) }
    /// Open and outside any transaction on the server: what a pool may lend again.
    var isIdle: Bool { isOpen && (pg.map { PQtransactionStatus($0) == PQTRANS_IDLE } ?? false) }
    var socket: Int32 { pg.map { PQsocket($0) } ?? -1 }

    /// Connects without blocking on the server: `PQconnectStartParams` and
    /// `PQconnectPoll`, waiting on the socket in between. `client_encoding` is forced to
    /// UTF-8 because every string crossing this library is UTF-8.
    func open(_ conninfo: String, database: String?) throws {
        // Only the first dbname is expanded as a conninfo/URL; a later one just names
        // the database, which is how `database` overrides the URL's.
        var keywords = ["dbname", "client_encoding", "fallback_application_name"]
        var values = [conninfo, "UTF8", "dispatch"]
        if let database {
            keywords.append("dbname")
            values.append(database)
        }
        let connection: OpaquePointer? = withCStrings(keywords) { keys in
            withCStrings(values) { vals in PQconnectStartParams(keys, vals, 1) }
        }
        guard let connection else { throw PostgresError(.connectionFailed, "out of memory starting a connection") }
        pg = connection
        // The receiver keeps warnings, and notices for whoever asks (migrate prints them),
        // and watches for the server's goodbye.
        PQsetNoticeReceiver(connection, { context, result in
            guard let context, let result, let severity = PQresultErrorField(result, Int32(UInt8(ascii: "V"))) else { return }
            let level = String(cString: severity)
            let receiver = Unmanaged<LibPQConnection>.fromOpaque(context).takeUnretainedValue()
            if level == "FATAL" || level == "PANIC" {
                receiver.doomed = true
            } else if level == "WARNING" {
                receiver.warnings.append(PostgresError.trimmed(PQresultErrorField(result, Int32(UInt8(ascii: "M")))))
            } else if level == "NOTICE" || level == "INFO" {
                if receiver.notices.count >= 100 { receiver.notices.removeFirst() }
                receiver.notices.append(PostgresError.trimmed(PQresultErrorField(result, Int32(UInt8(ascii: "M")))))
            }
        }, Unmanaged.passUnretained(self).toOpaque())
        if PQstatus(connection) == CONNECTION_BAD { throw failure(.connectionFailed) }
        var state = PGRES_POLLING_WRITING
        while true {
            switch state {
            case PGRES_POLLING_OK:
                guard PQsetnonblocking(connection, 1) == 0 else { throw failure(.connectionFailed) }
                return
            case PGRES_POLLING_FAILED:
                throw failure(.connectionFailed)
            case PGRES_POLLING_READING:
                try wait(read: true, write: false)
            default:
                try wait(read: false, write: true)
            }
            state = PQconnectPoll(connection)
        }
    }

    /// The warnings received so far, forgetting them.
    func takeWarnings() -> [String] {
        defer { warnings = [] }
        return warnings
    }

    /// The notices received so far, forgetting them.
    func takeNotices() -> [String] {
        defer { notices = [] }
        return notices
    }

    func close() {
        if let pg { PQfinish(pg) }
        pg = nil
    }

    /// `PQconninfo`: every parameter that has a value on this connection.
    func parameters() -> [String: String] {
        guard let pg, let options = PQconninfo(pg) else { return [:] }
        defer { PQconninfoFree(options) }
        var parameters: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { parameters[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        return parameters
    }

    /// The error for the connection's current state, from libpq's message.
    func failure(_ kind: PostgresError.Kind, query: String? = nil) -> PostgresError {
        let message = pg.map { PostgresError.trimmed(PQerrorMessage($0)) } ?? "the connection is closed"
        return PostgresError(kind, message, query: query)
    }

    func connection() throws -> OpaquePointer {
        guard let pg, isOpen else {
            throw PostgresError(.connectionLost, pg == nil ? "the connection is closed" : "the connection was lost")
        }
        return pg
    }

    /// Waits in poll(2) until the socket is ready. Returns whether it is readable.
    ///
    /// Wakes every `cancellationTick` to see whether the Task waiting for this connection
    /// was cancelled (see `noticeCancellation`): the statements are synchronous calls on the
    /// connection's thread, so no cancellation handler can run beside them.
    @discardableResult
    func wait(read: Bool, write: Bool) throws -> Bool {
        var events: Int16 = 0
        if read { events |= Int16(POLLIN) }
        if write { events |= Int16(POLLOUT) }
        var fd = pollfd(fd: socket, events: events, revents: 0)
        while true {
            let n = poll(&fd, 1, Self.cancellationTick)
            if n > 0 { return fd.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 }
            if n == 0 { try noticeCancellation() }
            if n < 0, errno != EINTR {
                throw PostgresError(.connectionLost, "poll failed: \(String(cString: strerror(errno)))")
            }
        }
    }

    // MARK: Cancellation

    /// How often a wait for the server looks at its Task's cancellation, in milliseconds: a
    /// statement in a cancelled Task is cancelled once it has waited this long (a quick one,
    /// such as the ROLLBACK that follows a cancellation, just completes).
    static let cancellationTick: Int32 = 50
    /// How long the server gets to answer a cancel request before the connection is given
    /// up (its socket shut, the await thrown out): a server that does not answer (gone, or
    /// the statement cannot be interrupted) never holds the caller.
    static let cancellationGrace: Duration = .milliseconds(500)
    /// The cancel request sent for the exchange in progress, if any.
    private var cancelRequest: CancelRequest?

    /// A wait found the Task cancelled: sends libpq's cancel request for the statement in
    /// progress and goes on waiting for its results (the server answers with 57014, and
    /// the connection stays usable), at most `cancellationGrace`. A connection still being
    /// opened is simply abandoned.
    private func noticeCancellation() throws {
        if let request = cancelRequest {
            guard ContinuousClock.now - request.sentAt > Self.cancellationGrace else { return }
            abandon()
            throw CancellationError()
        }
        guard Task.isCancelled else { return }
        guard let pg, PQstatus(pg) == CONNECTION_OK else { throw CancellationError() }
        requestCancel()
    }

    /// Asks the server to cancel the statement in progress (also when a COPY's consumer
    /// failed). Idempotent within one exchange.
    func requestCancel() {
        guard cancelRequest == nil, let pg, let handle = PQgetCancel(pg) else { return }
        cancelRequest = CancelRequest(handle)
    }

    /// Ends an exchange with the server (a statement, a pipeline, a COPY): when a cancel was
    /// requested during it, waits for the request to have reached the server, so that it
    /// can never hit a later statement, and turns the server's "canceling statement due to
    /// user request" into `CancellationError`. A statement that completed before the
    /// cancel arrived keeps its result.
    func settleCancellation<T>(_ outcome: Result<T, any Error>) throws -> T {
        guard let request = cancelRequest else { return try outcome.get() }
        cancelRequest = nil
        if !request.wait(until: request.sentAt + Self.cancellationGrace) {
            abandon()
            throw CancellationError()
        }
        if case .failure(let error as PostgresError) = outcome, error.sqlState == .queryCanceled {
            throw CancellationError()
        }
        return try outcome.get()
    }

    /// Gives the connection up without freeing libpq's state (callers up the stack still
    /// hold it): the socket is shut, so the server ends the session and every later call
    /// fails; `isOpen` is false from now on, and a pool replaces the connection.
    private func abandon() {
        doomed = true
        if socket >= 0 { _ = shutdown(socket, Int32(SHUT_RDWR)) }
    }

    /// Sends everything libpq has buffered, reading whatever the server sends meanwhile
    /// so that neither side can block on a full socket buffer.
    func flush() throws {
        let pg = try connection()
        while true {
            switch PQflush(pg) {
            case 0: return
            case 1:
                if try wait(read: true, write: true), PQconsumeInput(pg) == 0 { throw failure(.connectionLost) }
            default: throw failure(.connectionLost)
            }
        }
    }

    /// The next result of the current command, nil when the command is done.
    func nextResult() throws -> OpaquePointer? {
        let pg = try connection()
        while PQisBusy(pg) == 1 {
            try wait(read: true, write: false)
            if PQconsumeInput(pg) == 0 { throw failure(.connectionLost) }
        }
        return PQgetResult(pg)
    }

    /// Reads every result of the command just sent. Returns the last successful one;
    /// throws the first error, after reading the rest so the connection stays usable.
    func collect(query: String?) throws -> PostgresRows {
        var last: OpaquePointer?
        var error: PostgresError?
        defer { if let last { PQclear(last) } }
        while let result = try nextResult() {
            switch PQresultStatus(result) {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
                if let last { PQclear(last) }
                last = result
            case PGRES_PIPELINE_ABORTED:
                PQclear(result)
                error = error ?? PostgresError(.client, "not run: an earlier statement of the pipeline failed", query: query)
            case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
                PQclear(result)
                _ = PQputCopyEnd(pg, "COPY is only supported through copyIn and copyOut")
                error = error ?? PostgresError(.client, "COPY is only supported through copyIn and copyOut", query: query)
            default:
                if error == nil { error = PostgresError(result: result, query: query) }
                PQclear(result)
            }
        }
        if var error {
            if !isOpen { error.kind = .connectionLost }
            throw error
        }
        guard let result = last else { return PostgresRows(storage: nil, commandTag: "") }
        last = nil
        return PostgresRows(storage: ResultStorage(result), commandTag: String(cString: PQcmdStatus(result)))
    }

    /// Sends one statement with its parameters (text format, types inferred by the
    /// server), or executes the named prepared statement; the rows come in the format the
    /// query asks for.
    func send(_ query: PostgresQuery, preparedName: String? = nil) throws {
        let pg = try connection()
        let format: Int32 = query.binaryResults ? 1 : 0
        let sent: Int32 = try withParameters(query.binds) { values in
            if let preparedName {
                return PQsendQueryPrepared(pg, preparedName, Int32(query.binds.count), values, nil, nil, format)
            }
            return PQsendQueryParams(pg, query.sql, Int32(query.binds.count), nil, values, nil, nil, format)
        }
        guard sent == 1 else { throw failure(isOpen ? .client : .connectionLost, query: query.sql) }
    }

    /// Drains the notifications libpq has read.
    func notifications() -> [PostgresNotification] {
        guard let pg else { return [] }
        var received: [PostgresNotification] = []
        while let notify = PQnotifies(pg) {
            received.append(PostgresNotification(
                channel: String(cString: notify.pointee.relname),
                payload: String(cString: notify.pointee.extra),
                pid: Int(notify.pointee.be_pid)))
            PQfreemem(notify)
        }
        return received
    }

    /// Reads what the socket has without waiting; false when the connection broke.
    func consumeInput() -> Bool {
        guard let pg, PQconsumeInput(pg) == 1 else { return false }
        _ = PQisBusy(pg)  // parses what arrived: notifications, and a FATAL goodbye
        return isOpen
    }
}

/// Calls `body` with a C array of NUL-terminated strings, all in one allocation. A value
/// holding a NUL byte is refused: libpq would cut it there, silently sending less.
func withParameters<R>(_ values: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) throws -> R {
    if values.isEmpty { return body(nil) }
    var total = 0
    for value in values { total += (value?.utf8.count ?? 0) + 1 }
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: total)
    defer { buffer.deallocate() }
    var pointers = [UnsafePointer<CChar>?](repeating: nil, count: values.count)
    var offset = 0
    for (i, value) in values.enumerated() {
        guard var value else { continue }
        let start = buffer + offset
        // Copied whole (memchr, then memcpy): a statement's arrays of hundreds of values are
        // megabytes a second, which a loop over the bytes copied at a tenth of the speed.
        let copied = value.withUTF8 { utf8 -> Bool in
            guard let base = utf8.baseAddress else { return true }
            if memchr(base, 0, utf8.count) != nil { return false }
            UnsafeMutableRawPointer(start).copyMemory(from: base, byteCount: utf8.count)
            return true
        }
        guard copied else {
            throw PostgresError(.client, "parameter $\(i + 1) contains a NUL byte, which PostgreSQL text cannot hold")
        }
        offset += value.utf8.count
        buffer[offset] = 0
        offset += 1
        pointers[i] = UnsafePointer(start)
    }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}

private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) } + [nil]
    defer { copies.forEach { free($0) } }
    return copies.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// One libpq cancel request, sent from a thread of its own: `PQcancel` opens a connection
/// to the server and waits for its answer, and meanwhile the connection's thread goes on
/// reading the statement's results and keeps its deadline (a server that does not answer
/// must not hold the caller).
final class CancelRequest: Sendable {
    let sentAt = ContinuousClock.now
    private let sent = DispatchSemaphore(value: 0)

    /// Takes over `handle` (a `PGcancel`, independent of the connection: usable on any thread).
    init(_ handle: OpaquePointer) {
        nonisolated(unsafe) let handle = handle
        let sent = self.sent
        Thread.detachNewThread {
            var message = [CChar](repeating: 0, count: 256)
            _ = PQcancel(handle, &message, Int32(message.count))
            PQfreeCancel(handle)
            sent.signal()
        }
    }

    /// Waits until the server has the request (it signalled the backend), at most until
    /// `deadline`; false when the deadline passed first.
    func wait(until deadline: ContinuousClock.Instant) -> Bool {
        let left = max(.zero, deadline - ContinuousClock.now)
        let nanoseconds = left.components.seconds * 1_000_000_000 + left.components.attoseconds / 1_000_000_000
        return sent.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success
    }
}
