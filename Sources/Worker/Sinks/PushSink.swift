import DispatchServer
import Foundation
import Postgres

/// A device pushes go to, as `register_push_device` stored it in `public.push_devices`.
public struct PushDevice: Sendable, Hashable {
    public enum Platform: String, Sendable, Hashable, CaseIterable {
        case ios, android
    }

    /// The APNs environment the token belongs to (a development build's token is only
    /// valid on the sandbox host).
    public enum Environment: String, Sendable, Hashable, CaseIterable {
        case sandbox, production
    }

    public var token: String
    public var platform: Platform
    public var environment: Environment

    public init(token: String, platform: Platform, environment: Environment = .production) {
        self.token = token
        self.platform = platform
        self.environment = environment
    }
}

/// One push to one device: the payload its app gets, whose notification it is and where it
/// goes. A notification becomes one message per active device of its recipient.
public struct PushMessage: Sendable, Hashable {
    public var userID: UUID
    public var notificationID: UUID
    public var device: PushDevice
    public var payload: PushPayload

    public init(userID: UUID, notificationID: UUID, device: PushDevice, payload: PushPayload) {
        self.userID = userID
        self.notificationID = notificationID
        self.device = device
        self.payload = payload
    }

    /// The same for every sending of this push to this device, and different for any other
    /// device or notification: `<notification id>/<16 hex digits of the token's FNV-1a
    /// hash>` (the token itself stays out of a gateway's logs). A retried batch re-sends
    /// pushes the gateway may already have taken; with this key it can drop them. Every
    /// sink carries it: the envelope's `idempotency_key`, the webhook's `Idempotency-Key`
    /// header, Gorush's `notif_id`.
    public var idempotencyKey: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(53)
        appendIdempotencyKey(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func appendIdempotencyKey(to bytes: inout [UInt8]) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in device.token.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        notificationID.appendLowercased(to: &bytes)
        bytes.append(UInt8(ascii: "/"))
        let digits: StaticString = "0123456789abcdef"
        for shift in stride(from: 60, through: 0, by: -4) {
            bytes.append(digits.utf8Start[Int((hash >> UInt64(shift)) & 0xF)])
        }
    }

    /// APNs' `apns-collapse-id` (FCM's collapse key): the notification's id, so that a push
    /// the device already shows is replaced, not shown twice, when it arrives again.
    public var collapseID: String { notificationID.lowercasedString }

    /// The document the stdout and file sinks write as a line and the webhook posts, keys
    /// sorted: `{"collapse_id", "environment", "idempotency_key", "notification_id",
    /// "payload": {aps…}, "platform", "token", "user_id"}` (docs/notifications.md).
    public func envelope() throws -> Data {
        var bytes: [UInt8] = []
        appendEnvelope(payloadJSON: try payload.jsonBytes(), to: &bytes)
        return Data(bytes)
    }

    /// `envelope()` around a payload already encoded (the devices of one notification share
    /// it), appended to `bytes` as it is written, ids and all, with no String or Data in
    /// between: the worker writes tens of thousands a second.
    func appendEnvelope(payloadJSON: [UInt8], to bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + payloadJSON.count + device.token.utf8.count + 280)
        bytes.append(contentsOf: #"{"collapse_id":""#.utf8)
        notificationID.appendLowercased(to: &bytes)
        bytes.append(contentsOf: #"","environment":""#.utf8)
        bytes.append(contentsOf: device.environment.rawValue.utf8)
        bytes.append(contentsOf: #"","idempotency_key":""#.utf8)
        appendIdempotencyKey(to: &bytes)
        bytes.append(contentsOf: #"","notification_id":""#.utf8)
        notificationID.appendLowercased(to: &bytes)
        bytes.append(contentsOf: #"","payload":"#.utf8)
        bytes.append(contentsOf: payloadJSON)
        bytes.append(contentsOf: #","platform":""#.utf8)
        bytes.append(contentsOf: device.platform.rawValue.utf8)
        bytes.append(contentsOf: #"","token":"#.utf8)
        Self.appendJSONString(device.token, to: &bytes)
        bytes.append(contentsOf: #","user_id":""#.utf8)
        userID.appendLowercased(to: &bytes)
        bytes.append(contentsOf: #""}"#.utf8)
    }

    /// A JSON string literal (tokens are printable ASCII, but a quote or backslash must
    /// still not end the string).
    static func appendJSONString(_ text: String, to bytes: inout [UInt8]) {
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        bytes.append(contentsOf: (out + "\"").utf8)
    }
}

/// What became of one push, short of an error.
public enum PushReceipt: Sendable, Hashable {
    case delivered
    /// The gateway says the token is dead (APNs 410 `Unregistered`, FCM `UNREGISTERED`): the
    /// push handler disables the device, and no push goes to it until it is registered again.
    case deadToken(reason: String)

    /// Whether a gateway's error text says the token is no longer registered: APNs
    /// `Unregistered`, FCM `UNREGISTERED`, legacy `NotRegistered`, Firebase
    /// `registration-token-not-registered` (case, spaces, `-` and `_` ignored). Every sink
    /// reads per-token answers with this, so "dead" means one thing.
    public static func isDeadTokenAnswer(_ text: String) -> Bool {
        let folded = String(text.lowercased().unicodeScalars.filter { !" -_".unicodeScalars.contains($0) })
        return folded.contains("unregistered") || folded.contains("notregistered")
    }
}

/// Where pushes go. `send` reports per message, in order, so one bad device does not fail
/// the others: delivered, a dead token, or an error (retried per `RetryPolicy` when transient).
public protocol PushSink: Sendable {
    func send(_ messages: [PushMessage]) async -> [Result<PushReceipt, any Error>]
}

public enum PushSinks {
    /// `stdout`, `file:PATH`, `https://…` / `http://…` (the webhook), or `gorush:http(s)://…`
    /// (a Gorush server; `/api/push` when the URL has no path).
    public static func make(_ spec: String) throws -> any PushSink {
        if spec == "stdout" { return LineSink.standardOutput }
        if spec.hasPrefix("file:") {
            let path = String(spec.dropFirst(5))
            guard !path.isEmpty else { throw HandlerError.permanent("file: needs a path") }
            return try LineSink(path: path)
        }
        if spec.hasPrefix("gorush:") {
            guard let url = httpURL(String(spec.dropFirst(7))) else {
                throw HandlerError.permanent("gorush: needs an http(s) URL, e.g. gorush:http://127.0.0.1:8088")
            }
            return GorushSink(url: url)
        }
        if let url = httpURL(spec) { return WebhookSink(url: url) }
        throw HandlerError.permanent("unknown push sink \(spec): use stdout, file:PATH, an http(s) URL or gorush:URL")
    }

    /// Whether `spec` names a sink `make` knows (checked when the configuration is read).
    public static func isValid(_ spec: String) -> Bool {
        spec == "stdout" || (spec.hasPrefix("file:") && spec.count > 5)
            || httpURL(spec) != nil || (spec.hasPrefix("gorush:") && httpURL(String(spec.dropFirst(7))) != nil)
    }

    static func httpURL(_ text: String) -> URL? {
        guard text.hasPrefix("https://") || text.hasPrefix("http://"), let url = URL(string: text), url.host != nil else { return nil }
        return url
    }
}
