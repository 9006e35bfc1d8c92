import Worker

// `dispatch-worker [run|status|requeue|maintenance] [options]`: see `WorkerCommand`.
await WorkerCommand.main(Array(CommandLine.arguments.dropFirst()))
