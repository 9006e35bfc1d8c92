import Dispatch
import Foundation

/// JSON lines to stdout or appended to a file, one per push and device
/// (`PushMessage.envelope`). Writes happen on a serial queue of their own (a pipe reader
/// that falls behind blocks that queue, never the cooperative pool); a batch is one write,
/// so concurrent batches never interleave within a line. Every push counts as delivered.
public final class LineSink: PushSink {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let queue = DispatchQueue(label: "dispatch-worker.line-sink")

    public static let standardOutput = LineSink(descriptor: 1, owns: false)

    public init(path: String) throws {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw HandlerError.permanent("cannot open \(path): \(String(cString: strerror(errno)))") }
        descriptor = fd
        ownsDescriptor = true
    }

    private init(descriptor: Int32, owns: Bool) {
        self.descriptor = descriptor
        ownsDescriptor = owns
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    public func send(_ messages: [PushMessage]) async -> [Result<PushReceipt, any Error>] {
        var results: [Result<PushReceipt, any Error>] = []
        results.reserveCapacity(messages.count)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(messages.count * 640)
        // The devices of one notification share its payload, and come one after the other
        // (the push handler lists a notification's devices together): encoded once.
        var last: (notification: UUID, payload: [UInt8])?
        for message in messages {
            do {
                let payload: [UInt8]
                if let last, last.notification == message.notificationID {
                    payload = last.payload
                } else {
                    payload = try message.payload.jsonBytes()
                    last = (message.notificationID, payload)
                }
                message.appendEnvelope(payloadJSON: payload, to: &bytes)
                bytes.append(0x0A)
                results.append(.success(.delivered))
            } catch {
                results.append(.failure(HandlerError.permanent("cannot encode the payload: \(error)")))
            }
        }
        guard !bytes.isEmpty else { return results }
        let payload = bytes
        let descriptor = self.descriptor
        let written: (any Error)? = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: Self.writeAll(payload, to: descriptor))
            }
        }
        if let written {
            return results.map { result in result.flatMap { _ in .failure(written) } }
        }
        return results
    }

    private static func writeAll(_ data: [UInt8], to descriptor: Int32) -> (any Error)? {
        data.withUnsafeBytes { buffer -> (any Error)? in
            var offset = 0
            while offset < buffer.count {
                let n = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return HandlerError.transient("write failed: \(String(cString: strerror(errno)))")
                }
                offset += n
            }
            return nil
        }
    }
}
