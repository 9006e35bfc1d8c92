/// Builds the handlers a configuration names. The shipped worker knows three kinds,
/// `notifications`, `push` and `photos`; a build for tests passes more (`extraKinds`), so handlers
/// that only tests need never ship in `dispatch-worker`.
public enum HandlerFactory {
    /// Makes a handler called `name`; `argument` is the text after the kind's colon
    /// (`sleep:1500` → "1500"), nil without one.
    public typealias Kind = @Sendable (_ name: String, _ argument: String?) throws -> any OutboxHandler

    /// Throws `ConfigurationError.invalid` for a kind it does not know.
    public static func make(_ configuration: WorkerConfiguration, extraKinds: [String: Kind] = [:]) throws -> [any OutboxHandler] {
        var sink: (any PushSink)?
        return try configuration.handlers.map { spec -> any OutboxHandler in
            let parts = spec.kind.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            switch (parts[0], parts.count > 1 ? parts[1] : nil) {
            case ("notifications", nil): return NotificationsHandler(name: spec.name)
            case ("push", nil):
                if sink == nil { sink = try PushSinks.make(configuration.pushSink) }
                return PushHandler(name: spec.name, sink: sink!)
            case ("photos", nil):
                return PhotoObjectsHandler(name: spec.name, store: try PhotoStores.make(configuration))
            case (let kind, let argument):
                guard let make = extraKinds[kind] else {
                    throw WorkerConfiguration.ConfigurationError.invalid("--handlers", "\(spec.name)=\(spec.kind)")
                }
                return try make(spec.name, argument)
            }
        }
    }
}
