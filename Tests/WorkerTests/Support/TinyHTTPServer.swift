import Foundation
import Synchronization

/// A minimal HTTP/1.1 server on 127.0.0.1 for webhook tests: a thread accepts connections on
/// a POSIX socket, reads one request each, records its body and answers with the status the
/// test scripts (one request per connection; `Connection: close`).
final class TinyHTTPServer: Sendable {
    struct Request: Sendable {
        var method: String
        var path: String
        var headers: [String: String]
        var body: Data
    }

    let port: Int
    private let socket: Int32
    private let state = Mutex<(requests: [Request], closed: Bool)>(([], false))
    private let respond: @Sendable (_ index: Int, _ request: Request) -> (status: Int, body: String)

    var url: String { "http://127.0.0.1:\(port)/push" }
    var requests: [Request] { state.withLock { $0.requests } }

    /// Answers each request with the status `respond` gives and a body `{"status": <status>}`.
    convenience init(respond: @escaping @Sendable (_ index: Int, _ request: Request) -> Int) throws {
        try self.init(answer: { index, request in
            let status = respond(index, request)
            return (status, "{\"status\":\(status)}")
        })
    }

    /// Answers each request with the status and JSON body `answer` gives.
    init(answer: @escaping @Sendable (_ index: Int, _ request: Request) -> (status: Int, body: String)) throws {
        self.respond = answer
        let fd = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        socket = fd
        let thread = Thread { [self] in self.serve() }
        thread.name = "tiny-http"
        thread.start()
    }

    func stop() {
        state.withLock { $0.closed = true }
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }

    private func serve() {
        while true {
            let client = accept(socket, nil, nil)
            if client < 0 {
                if state.withLock({ $0.closed }) { return }
                continue
            }
            handle(client)
            close(client)
        }
    }

    private func handle(_ client: Int32) {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        var headerEnd: Int?
        var contentLength = 0
        while true {
            let n = read(client, &chunk, chunk.count)
            if n <= 0 { return }
            buffer.append(contentsOf: chunk[0..<n])
            if headerEnd == nil, let range = findHeaderEnd(buffer) {
                headerEnd = range
                let head = String(decoding: buffer[0..<range], as: UTF8.self)
                for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
                    contentLength = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
                }
            }
            if let end = headerEnd, buffer.count >= end + 4 + contentLength { break }
        }
        let end = headerEnd!
        let head = String(decoding: buffer[0..<end], as: UTF8.self).split(separator: "\r\n")
        let method = head.first?.split(separator: " ").first.map(String.init) ?? ""
        let path = head.first?.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        let request = Request(method: method, path: path, headers: headers, body: Data(buffer[(end + 4)..<(end + 4 + contentLength)]))
        let index = state.withLock { state -> Int in
            state.requests.append(request)
            return state.requests.count - 1
        }
        let (status, body) = respond(index, request)
        let response = "HTTP/1.1 \(status) Scripted\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        _ = response.withCString { write(client, $0, strlen($0)) }
    }

    private func findHeaderEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
            return i
        }
        return nil
    }
}
