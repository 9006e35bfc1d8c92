# Every target uses the project's own cluster (scripts/db.sh: a data folder in .pgdata/, a
# Unix socket, port DISPATCH_PG_PORT, default 54329). DATABASE_URL from the shell is never
# used: it is the usual name of an application's production database. Another database is
# used only when named by the opt-in DISPATCH_DATABASE_URL (make run, make test and make
# bench then create and drop their test databases on that server, never others).
SHELL := /bin/bash
ifneq ($(origin DATABASE_URL),undefined)
ifeq ($(DISPATCH_DATABASE_URL)$(MAKELEVEL),0)
$(info make: DATABASE_URL is set in this shell and is ignored: targets use the project's own cluster (.pgdata/). To use another database, name it: DISPATCH_DATABASE_URL=postgresql://… make $(MAKECMDGOALS))
endif
endif
override export DATABASE_URL := $(shell scripts/db.sh url)
unexport DATABASE_DIRECT_URL DATABASE_READ_URL
SWIFT ?= swift

.PHONY: db run test bench psql stop build migrate seed schema clean-test-dbs examples

build:
	$(SWIFT) build

db:
	@scripts/db.sh start >/dev/null

migrate: db build
	$(SWIFT) run --skip-build migrate

seed: migrate
	psql "$(DATABASE_URL)" -v ON_ERROR_STOP=1 -q -f sql/seed/demo.sql

## The database up, migrated, demo data loaded, the worker in the foreground with demo
## traffic so events flow. Ctrl-C stops it.
run: seed
	scripts/run.sh

## The whole test suite against a real Postgres (each suite in its own database). At most
## 8 tests at once. The stall that first capped it is gone (a statement's await honours
## cancellation, see docs/postgres-library.md, and the test that stalled no longer needs a
## connection opened under full load to release its lock), but every test started at once
## on a 2-core machine is no faster (352 s against 366 s capped, on a loaded machine), holds
## 7× the server connections (276 against 37 at the peak, of max_connections 400, growing
## with every test added) and makes more tests miss their own deadlines (a realtime test's
## 20 s wait failed only there).
## Every test database is dropped afterwards, whether the tests passed or not (each is also
## dropped when its suite ends). The example package (Examples/) is built too.
test: db clean-test-dbs
	$(SWIFT) build --build-tests
	status=0; $(SWIFT) test --skip-build --experimental-maximum-parallelization-width 8 || status=$$?; \
	  $(MAKE) --no-print-directory clean-test-dbs; exit $$status
	$(MAKE) --no-print-directory examples

## The example package, built against this checkout (it depends on it by path).
examples:
	$(SWIFT) build --package-path Examples

## sql/schema.sql (hand-written), sql/schema.generated.sql (what the table manifest
## generates, with its rows) and the privilege matrix sql/checks/privilege_matrix.expected,
## from a scratch database migrated with sql/migrations and sql/code (the test suite fails
## when a checked-in file differs: regenerate after a deliberate change, review the diff).
schema: db
	$(SWIFT) build --product migrate
	scripts/schema.sh write

## The benchmarks (Benchmarks/, a package of its own), every group, one (GROUP=journal) or some
## in their usual order (GROUP=sync,live,offline).
## The worker executables the bench starts are built through that package, so they land
## next to `bench`, where it looks for them; it runs from here (it reads sql/migrations).
bench: db
	$(SWIFT) build --package-path Benchmarks -c release --product bench
	$(SWIFT) build --package-path Benchmarks -c release --product dispatch-worker
	$(SWIFT) build --package-path Benchmarks -c release --product dispatch-worker-testing
	Benchmarks/.build/release/bench $(GROUP)

psql: db
	psql "$(DATABASE_URL)"

stop:
	scripts/db.sh stop

## Test databases are clones of a migrated template; drop the ones the tests left. On a
## server named by DISPATCH_DATABASE_URL only databases the tests and the bench marked as
## their own (TestDatabase.marker, a comment on the database) are dropped: one of the same
## name made by anyone else stays. The project's own cluster is wholly the project's: there
## the unmarked ones older runs left (dispatch_test_*, dispatch_template_*) go too. Never
## by force: a database still in use belongs to a run going on beside this one (another
## make test, a make bench) and stays; that run drops it.
## The private clusters (PrivateCluster, /tmp/dispatch-cluster-*) of test processes that were
## killed are stopped and removed too (scripts/clean-clusters.sh); those of a process still
## running, in any checkout, stay.
clean-test-dbs:
	@scripts/clean-clusters.sh
	@psql "$(DATABASE_URL)" -qtAX -c "select datname from pg_database where shobj_description(oid, 'pg_database') = 'dispatch test database: dropped by make clean-test-dbs' or ($(if $(DISPATCH_DATABASE_URL),false,true) and (datname like 'dispatch\_test\_%' or datname like 'dispatch\_template\_%' or datname like 'dispatch\_bench\_%'))" \
	  | while read -r db; do psql "$(DATABASE_URL)" -qX -c "drop database if exists \"$$db\"" >/dev/null 2>&1 \
	      || echo "clean-test-dbs: $$db is in use (a run going on beside this one): left to it" >&2; done
