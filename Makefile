# Every target uses DATABASE_URL when it is set; otherwise the project's own cluster
# (scripts/db.sh: a data folder in .pgdata/, a Unix socket, port 54329).
SHELL := /bin/bash
ifeq ($(origin DATABASE_URL),undefined)
export DISPATCH_LOCAL_DB := 1
export DATABASE_URL := $(shell scripts/db.sh url)
endif
SWIFT ?= swift

.PHONY: db run test bench psql stop build migrate seed schema clean-test-dbs

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
## 8 tests at once: with every test of every suite started together (the default), the
## process stalled on this 2-core machine (no test progressed, the time limits never fired;
## not yet understood), and they ran no faster.
test: db clean-test-dbs
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --experimental-maximum-parallelization-width 8

## sql/schema.sql and the privilege matrix sql/checks/privilege_matrix.expected from a
## scratch database migrated with every file of sql/migrations (the test suite fails when
## a checked-in file differs: regenerate after a deliberate change, review the diff).
schema: db
	$(SWIFT) build --product migrate
	scripts/schema.sh write

## The benchmarks (Benchmarks/, a package of its own), every group or one: GROUP=journal.
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

## Test databases are clones of a migrated template; drop the ones earlier runs left.
clean-test-dbs:
	@psql "$(DATABASE_URL)" -qtAX -c "select datname from pg_database where datname like 'dispatch\_test\_%' or datname like 'dispatch\_template\_%'" \
	  | while read -r db; do psql "$(DATABASE_URL)" -qX -c "drop database if exists \"$$db\" with (force)" >/dev/null; done
