# Images for docker-compose.yml, each for linux/amd64 and linux/arm64 (every base is an
# official multi-arch image, every package Debian's):
#   server     migrate and dispatch-worker, with sql/migrations in /app/sql
#   pgbouncer  Debian's PgBouncer (the version the tests run), reading /etc/pgbouncer
#   postgres   PostgreSQL 15 with Debian's PostGIS 3 (postgis/postgis is amd64 only, and
#              installs PostGIS into public); deploy/postgres/init.sql sets it up
# `docker buildx build --platform linux/amd64,linux/arm64 --target server .` builds both.
FROM swift:6.1-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends libpq-dev && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --product migrate && swift build -c release --product dispatch-worker

FROM swift:6.1-bookworm-slim AS server
RUN apt-get update && apt-get install -y --no-install-recommends libpq5 ca-certificates && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/.build/release/migrate /src/.build/release/dispatch-worker /usr/local/bin/
COPY sql /app/sql
WORKDIR /app
USER nobody

FROM debian:bookworm-slim AS pgbouncer
RUN apt-get update && apt-get install -y --no-install-recommends pgbouncer && rm -rf /var/lib/apt/lists/*
USER postgres
CMD ["/usr/sbin/pgbouncer", "/etc/pgbouncer/pgbouncer.ini"]

FROM postgres:15-bookworm AS postgres
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-15-postgis-3 && rm -rf /var/lib/apt/lists/*
