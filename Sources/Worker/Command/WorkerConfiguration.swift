import Foundation
import Postgres

/// How a worker runs: from command-line flags, falling back to environment variables, then
/// to defaults. Parsed without any dependency (the project has none).
public struct WorkerConfiguration: Sendable {
    /// libpq URL or conninfo for every statement; "" = libpq's own `PG*` variables. May be
    /// a transaction-mode pooler declared with `pgbouncer=true`.
    public var databaseURL: String = ""
    /// A session connection to the same database for the doorbell's LISTEN; nil = the
    /// `databaseURL` itself unless that is a transaction pooler (then the worker polls).
    public var directURL: String?
    /// `stdout`, `file:PATH`, `https://…` / `http://…` (webhook) or `gorush:http(s)://…`.
    public var pushSink: String = "stdout"
    /// Where photo images live, for the photos handler: `file:DIR` (a `FileSystemPhotoStore`;
    /// default `file:photos`, relative to the working directory) or `supabase:https://<ref>.supabase.co`
    /// (Supabase Storage, with `storageServiceKey`).
    public var photoStore: String = "file:photos"
    /// The service_role key for `supabase:` photo stores: from `DISPATCH_STORAGE_SERVICE_KEY`
    /// only, never a flag (a command line is visible to every user of the machine).
    public var storageServiceKey: String?
    /// Claim loops, each with its own database connection, handling batches side by side.
    public var concurrency: Int = 2
    public var batchSize: Int = 500
    /// How long a claimed delivery is ours; another worker takes it over after that.
    public var lease: Duration = .seconds(30)
    /// When set, stored as `outbox.handlers.max_attempts` of the handlers this worker runs.
    public var maxAttempts: Int?
    /// When set, how long the push handlers retry a failed push before it goes dead
    /// (`outbox.set_retry_horizon`); the migrations' default is one hour.
    public var pushRetryFor: Duration?
    /// The safety-net poll when no doorbell rings (retries due, a missed NOTIFY).
    public var pollInterval: Duration = .seconds(2)
    /// How often a line of totals is logged (nil = never).
    public var statsInterval: Duration? = .seconds(30)
    /// How often the purge/prune jobs run (nil = never).
    public var maintenanceInterval: Duration? = .seconds(3600)
    /// Longest wait for in-flight batches on SIGINT/SIGTERM before giving them back.
    public var shutdownGrace: Duration = .seconds(10)
    /// The handlers to run: `name` (a kind run under its own name: notifications, push) or
    /// `name=kind`. `HandlerFactory` knows the kinds.
    public var handlers: [HandlerSpec] = [
        HandlerSpec(name: "notifications", kind: "notifications"), HandlerSpec(name: "push", kind: "push"),
        HandlerSpec(name: "photos", kind: "photos"),
    ]
    /// Worker name in leases and logs; default host:pid:random.
    public var workerID: String = WorkerConfiguration.defaultWorkerID()
    /// Log a line per batch (else only totals and problems).
    public var logBatches = true

    public init() {}

    public static func defaultWorkerID() -> String {
        let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "host"
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        return "\(host):\(getpid()):\(random)"
    }

    /// One handler to run: its name in `outbox.handlers` and the kind of handler that serves
    /// it. The kind is text here (`push`, or `kind:argument`); whether it exists is the
    /// factory's answer, so a build with more kinds (the tests') parses the same flags.
    public struct HandlerSpec: Sendable, Hashable {
        public var name: String
        public var kind: String

        public init(name: String, kind: String) {
            self.name = name
            self.kind = kind
        }

        /// `name` or `name=kind`.
        public init(parsing text: String) throws(ConfigurationError) {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let name = parts.first, !name.isEmpty else { throw .invalid("--handlers", text) }
            let kind = parts.count > 1 ? parts[1] : name
            guard !kind.isEmpty else { throw .invalid("--handlers", text) }
            self.init(name: name, kind: kind)
        }
    }

    public enum ConfigurationError: Error, Sendable, CustomStringConvertible {
        case invalid(String, String)
        case missingValue(String)
        case unknownOption(String)

        public var description: String {
            switch self {
            case .invalid(let option, let value): "invalid value for \(option): \(value)"
            case .missingValue(let option): "\(option) needs a value"
            case .unknownOption(let option): "unknown option \(option)"
            }
        }
    }

    /// Reads `arguments` (flags only, no subcommand) over `environment`.
    public static func parse(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ConfigurationError) -> WorkerConfiguration {
        var config = WorkerConfiguration()
        func seconds(_ option: String, _ text: String) throws(ConfigurationError) -> Duration {
            guard let value = Double(text), value >= 0, value.isFinite else { throw .invalid(option, text) }
            return .milliseconds(Int64((value * 1000).rounded()))
        }
        func positive(_ option: String, _ text: String) throws(ConfigurationError) -> Int {
            guard let value = Int(text), value > 0 else { throw .invalid(option, text) }
            return value
        }
        func apply(_ option: String, _ value: String) throws(ConfigurationError) {
            switch option {
            case "--database-url", "--database-direct-url":
                do {
                    _ = try PostgresConnection.isTransactionPooled(value)
                } catch {
                    throw .invalid(option, "\(error)")
                }
                if option == "--database-url" { config.databaseURL = value } else { config.directURL = value.isEmpty ? nil : value }
            case "--push-sink":
                guard PushSinks.isValid(value) else { throw .invalid(option, value) }
                config.pushSink = value
            case "--photo-store":
                guard PhotoStores.isValid(value) else { throw .invalid(option, value) }
                config.photoStore = value
            case "--concurrency": config.concurrency = try positive(option, value)
            case "--batch-size":
                let size = try positive(option, value)
                guard size <= 10_000 else { throw .invalid(option, value) }
                config.batchSize = size
            case "--lease":
                let lease = try seconds(option, value)
                guard lease > .zero else { throw .invalid(option, value) }
                config.lease = lease
            case "--max-attempts":
                let attempts = try positive(option, value)
                guard attempts <= 100 else { throw .invalid(option, value) }
                config.maxAttempts = attempts
            case "--push-retry-for":
                let horizon = try seconds(option, value)
                guard horizon <= .seconds(7 * 86_400) else { throw .invalid(option, value) }
                config.pushRetryFor = horizon
            case "--poll-interval":
                let interval = try seconds(option, value)
                guard interval > .zero else { throw .invalid(option, value) }
                config.pollInterval = interval
            case "--stats-interval":
                let interval = try seconds(option, value)
                config.statsInterval = interval > .zero ? interval : nil
            case "--maintenance-interval":
                let interval = try seconds(option, value)
                config.maintenanceInterval = interval > .zero ? interval : nil
            case "--shutdown-grace": config.shutdownGrace = try seconds(option, value)
            case "--handlers":
                var specs: [HandlerSpec] = []
                for part in value.split(separator: ",") { specs.append(try HandlerSpec(parsing: String(part))) }
                guard !specs.isEmpty, Set(specs.map(\.name)).count == specs.count else { throw .invalid(option, value) }
                config.handlers = specs
            case "--worker-id":
                guard !value.isEmpty else { throw .invalid(option, value) }
                config.workerID = value
            case "--log-batches":
                guard let flag = ["1": true, "true": true, "yes": true, "0": false, "false": false, "no": false][value.lowercased()]
                else { throw .invalid(option, value) }
                config.logBatches = flag
            default: throw .unknownOption(option)
            }
        }

        // Environment first, flags override.
        let environmentNames: [(String, String)] = [
            (ConnectionRoles.primaryVariable, "--database-url"), (ConnectionRoles.directVariable, "--database-direct-url"),
            ("DISPATCH_PUSH_SINK", "--push-sink"), ("DISPATCH_PHOTO_STORE", "--photo-store"),
            ("DISPATCH_WORKER_CONCURRENCY", "--concurrency"), ("DISPATCH_WORKER_BATCH_SIZE", "--batch-size"),
            ("DISPATCH_WORKER_LEASE", "--lease"), ("DISPATCH_WORKER_MAX_ATTEMPTS", "--max-attempts"),
            ("DISPATCH_PUSH_RETRY_FOR", "--push-retry-for"),
            ("DISPATCH_WORKER_POLL_INTERVAL", "--poll-interval"), ("DISPATCH_WORKER_HANDLERS", "--handlers"),
            ("DISPATCH_WORKER_LOG_BATCHES", "--log-batches"),
        ]
        for (variable, option) in environmentNames {
            if let value = environment[variable], !value.isEmpty { try apply(option, value) }
        }

        if let key = environment["DISPATCH_STORAGE_SERVICE_KEY"], !key.isEmpty { config.storageServiceKey = key }

        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                try apply(String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
            } else if argument.hasPrefix("--") {
                guard options.contains(argument) else { throw .unknownOption(argument) }
                guard let value = remaining.popFirst() else { throw .missingValue(argument) }
                try apply(argument, value)
            } else {
                throw .unknownOption(argument)
            }
        }
        // A URL libpq cannot read is a mistake, never an outage to wait out.
        for (option, url) in [("--database-url", config.databaseURL), ("--database-direct-url", config.directURL ?? "")]
        where !url.isEmpty {
            if let problem = ConnectionRoles.problem(with: url) { throw .invalid(option, "the URL cannot be used: \(problem)") }
        }
        if config.photoStore.hasPrefix("supabase:"), config.storageServiceKey == nil,
           config.handlers.contains(where: { $0.kind == "photos" }) {
            throw .invalid("--photo-store", "\(config.photoStore) needs the service key in DISPATCH_STORAGE_SERVICE_KEY")
        }
        return config
    }

    /// Every option `parse` takes (each with a value).
    static let options: Set<String> = [
        "--database-url", "--database-direct-url", "--push-sink", "--photo-store", "--concurrency", "--batch-size", "--lease",
        "--max-attempts", "--push-retry-for", "--poll-interval", "--stats-interval", "--maintenance-interval",
        "--shutdown-grace", "--handlers", "--worker-id", "--log-batches",
    ]

    /// The worker's connections: statements on `databaseURL`, LISTEN on `directURL`.
    public var connectionRoles: ConnectionRoles {
        ConnectionRoles(primary: databaseURL, direct: directURL)
    }

    public static let usage = """
        usage: dispatch-worker [run] [options]          run the worker (the default)
               dispatch-worker status [--database-url URL]
               dispatch-worker requeue [--handler NAME] [--event ID]... [--database-url URL]
               dispatch-worker maintenance [--database-url URL]

        options (environment variable in brackets):
          --database-url URL         the database for every statement [DATABASE_URL; else libpq's PG* variables];
                                     may be a transaction-mode pooler (PgBouncer pool_mode=transaction,
                                     Supavisor port 6543): say so with pgbouncer=true in the URL; statements
                                     then go unprepared (unnamed). An undeclared one is found by its
                                     symptoms, after a few failed statements (retried, never counted)
          --database-direct-url URL  a session connection to the same database, for the doorbell's LISTEN
                                     [DATABASE_DIRECT_URL]; default: --database-url unless it is a pooler,
                                     in which case the worker polls every --poll-interval (and logs so once)
          --push-sink SINK           stdout | file:PATH | https://host/path | http://… | gorush:http://host:8088
                                     (default stdout: one JSON line per push and device; a URL gets
                                     one POST per push and device; gorush: batches to a Gorush
                                     server's /api/push, run with core.sync: true) [DISPATCH_PUSH_SINK]
          --photo-store STORE        where the photos handler removes the image of a deleted photo row:
                                     file:DIR (default file:photos, a self-hosted FileSystemPhotoStore) or
                                     supabase:https://<ref>.supabase.co (Supabase Storage's API, with the
                                     service_role key from DISPATCH_STORAGE_SERVICE_KEY) [DISPATCH_PHOTO_STORE]
          --concurrency N            batches handled side by side, one connection each (default 2)
          --batch-size N             events claimed at a time (default 500)
          --lease SECONDS            a claimed event is taken over after this (default 30)
          --max-attempts N           attempts before an event goes dead (default 5, push: see below; stored per handler)
          --push-retry-for SECONDS   retry a failed push for this long before it goes dead (migrations' default 3600:
                                     an hour-long gateway outage; waits 1, 2, 4 … capped at 60 s; stored as the push
                                     handler's attempts) [DISPATCH_PUSH_RETRY_FOR]
          --poll-interval SECONDS    look for work this often even without a doorbell (default 2)
          --stats-interval SECONDS   log totals this often when they changed, 0 = never (default 30): a line
                                     to read and a JSON line ({"event":"totals",...}; docs/realtime-and-worker.md) to parse
          --maintenance-interval S   purge tombstones and prune old events, 0 = never (default 3600)
          --shutdown-grace SECONDS   on SIGINT/SIGTERM, wait this long for in-flight batches (default 10)
          --handlers LIST            e.g. notifications,push,photos (the default); name=KIND runs a kind
                                     (notifications, push, photos) under another handler name
          --worker-id NAME           the name in leases and logs (default host:pid:random)
          --log-batches BOOL         a log line per batch (default true)

        Logs go to stderr (the lines that start with { are JSON); stdout carries only pushes (with
        --push-sink stdout).
        """
}
