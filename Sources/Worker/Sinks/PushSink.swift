import DispatchServer
import Foundation

/// One push to deliver: the payload the device gets plus who gets it.
public struct PushMessage: Sendable, Hashable {
    public var userID: UUID
    public var notificationID: UUID
    public var payload: PushPayload

    public init(userID: UUID, notificationID: UUID, payload: PushPayload) {
        self.userID = userID
        self.notificationID = notificationID
        self.payload = payload
    }

    /// `{"notification_id": …, "payload": {aps…}, "user_id": …}` with sorted keys: the line
    /// the stdout and file sinks write and the body the webhook posts.
    public func envelope() throws -> Data {
        var data = Data(#"{"notification_id":""#.utf8)
        data.append(Data(notificationID.uuidString.lowercased().utf8))
        data.append(Data(#"","payload":"#.utf8))
        data.append(try payload.jsonData())
        data.append(Data(#","user_id":""#.utf8))
        data.append(Data(userID.uuidString.lowercased().utf8))
        data.append(Data(#""}"#.utf8))
        return data
    }
}

/// Where pushes go. `send` reports per message, in order, so one bad recipient does not
/// fail the others.
public protocol PushSink: Sendable {
    func send(_ messages: [PushMessage]) async -> [Result<Void, any Error>]
}

public enum PushSinks {
    /// `stdout`, `file:PATH`, `https://…` or `http://…`.
    public static func make(_ spec: String) throws -> any PushSink {
        if spec == "stdout" { return LineSink.standardOutput }
        if spec.hasPrefix("file:") {
            let path = String(spec.dropFirst(5))
            guard !path.isEmpty else { throw HandlerError.permanent("file: needs a path") }
            return try LineSink(path: path)
        }
        if spec.hasPrefix("https://") || spec.hasPrefix("http://"), let url = URL(string: spec), url.host != nil {
            return WebhookSink(url: url)
        }
        throw HandlerError.permanent("unknown push sink \(spec): use stdout, file:PATH or an http(s) URL")
    }
}
