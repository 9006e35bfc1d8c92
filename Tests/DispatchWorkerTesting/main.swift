import Worker
import WorkerTestSupport

// The worker as the tests and benchmarks run it: `dispatch-worker`'s own command line plus
// the test handler kinds (`name=noop`, `name=sleep:MS`), which the shipped executable
// refuses. Process tests (kill -9, SIGTERM, a Postgres restart) and the queue benchmark
// need a real process holding a batch or doing nothing fast; not a product, never shipped.
await WorkerCommand.main(Array(CommandLine.arguments.dropFirst()), extraHandlerKinds: TestHandlerKinds.all)
