/// Builds the handlers a configuration names.
public enum HandlerFactory {
    public static func make(_ configuration: WorkerConfiguration) throws -> [any OutboxHandler] {
        var sink: (any PushSink)?
        return try configuration.handlers.map { spec -> any OutboxHandler in
            switch spec.kind {
            case .notifications: return NotificationsHandler(name: spec.name)
            case .push:
                if sink == nil { sink = try PushSinks.make(configuration.pushSink) }
                return PushHandler(name: spec.name, sink: sink!)
            case .noop: return NoopHandler(name: spec.name)
            case .sleep(let delay): return SleepHandler(name: spec.name, delay: delay)
            }
        }
    }
}
