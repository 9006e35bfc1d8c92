@testable import DispatchServer
import Foundation
import Postgres
import Testing

@Suite struct RetryPolicyTests {
    @Test func delaysDoubleFromOneSecondAndStopAtSixty() {
        let policy = RetryPolicy.default
        #expect((1...10).map { policy.delay(afterAttempt: $0) }
                == [1, 2, 4, 8, 16, 32, 60, 60, 60, 60].map { Duration.seconds($0) })
        // A huge attempt number neither overflows nor exceeds the cap.
        #expect(policy.delay(afterAttempt: 1_000) == .seconds(60))
    }

    @Test func onlyTransientErrorsAreRetried() throws {
        #expect(RetryPolicy.isTransient(PostgresError(.connectionLost, "server closed the connection")))
        #expect(RetryPolicy.isTransient(PostgresError(.connectionFailed, "could not connect")))
        #expect(RetryPolicy.isTransient(PostgresError(.server, "terminating connection", sqlState: .adminShutdown)))
        #expect(RetryPolicy.isTransient(PostgresError(.server, "could not serialize", sqlState: .serializationFailure)))
        #expect(RetryPolicy.isTransient(PostgresError(.server, "connection failure", sqlState: "08006")))
        #expect(!RetryPolicy.isTransient(PostgresError(.server, "duplicate key", sqlState: .uniqueViolation)))
        #expect(!RetryPolicy.isTransient(PostgresError(.server, "INVALID_CURSOR: …", sqlState: .invalidParameterValue)))
        #expect(!RetryPolicy.isTransient(PostgresError(.server, "canceling statement due to statement timeout", sqlState: "57014")))
        #expect(!RetryPolicy.isTransient(PostgresError(.decoding, "not a uuid")))
        let coded = PostgresError(.server, "CURSOR_EXPIRED: deletions this cursor has not seen were purged", sqlState: .invalidParameterValue)
        #expect(!RetryPolicy.isTransient(try #require(SQLAPIError(coded))))
        #expect(!RetryPolicy.isTransient(CancellationError()))

        for status in [408, 429, 500, 502, 503, 504] { #expect(RetryPolicy.isTransient(httpStatus: status), "\(status)") }
        for status in [200, 400, 401, 403, 404, 409, 422] { #expect(!RetryPolicy.isTransient(httpStatus: status), "\(status)") }
    }

    @Test func runRetriesTransientFailuresWithTheDelaysThenGivesUp() async throws {
        let sleeps = RecordedSleeps()
        let policy = RetryPolicy(maxAttempts: 5)
        let lost = PostgresError(.connectionLost, "server closed the connection")
        let attempts = Counter()
        let error = await WatchlistFixtures.error(PostgresError.self) {
            _ = try await policy.run(sleep: { await sleeps.record($0) }) { _ -> Int in
                await attempts.increment()
                throw lost
            }
        }
        #expect(error?.kind == .connectionLost)
        #expect(await attempts.value == 5)
        #expect(await sleeps.delays == [1, 2, 4, 8].map { Duration.seconds($0) })
    }

    @Test func runSucceedsAfterTransientFailures() async throws {
        let sleeps = RecordedSleeps()
        let value = try await RetryPolicy.default.run(sleep: { await sleeps.record($0) }) { attempt in
            if attempt < 3 { throw PostgresError(.server, "deadlock detected", sqlState: .deadlockDetected) }
            return attempt
        }
        #expect(value == 3)
        #expect(await sleeps.delays == [.seconds(1), .seconds(2)])
    }

    @Test func runFailsAtOnceOnAPermanentError() async throws {
        let sleeps = RecordedSleeps()
        let attempts = Counter()
        let error = await WatchlistFixtures.error(PostgresError.self) {
            _ = try await RetryPolicy.default.run(sleep: { await sleeps.record($0) }) { _ -> Int in
                await attempts.increment()
                throw PostgresError(.server, "duplicate key value violates unique constraint", sqlState: .uniqueViolation)
            }
        }
        #expect(error?.sqlState == .uniqueViolation)
        #expect(await attempts.value == 1)
        #expect(await sleeps.delays.isEmpty)
    }

    actor Counter {
        private(set) var value = 0
        func increment() { value += 1 }
    }
}
