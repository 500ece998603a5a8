#!/usr/bin/env bash
# Makes sure the services the tests need are running on this machine: PostgreSQL on
# 127.0.0.1:5432 (tests: calibrate_postgres) and Redis on 127.0.0.1:6379 (tests: redis_limits),
# plus the redis-server program (the outage test starts its own).
# Starts an installed-but-stopped service with the machine's own commands; exits 1 naming what
# is missing when a service is not installed. TEST_DATABASE_URL / TEST_REDIS_URL pointing
# elsewhere skip the local checks for that service.
set -euo pipefail

up() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_up() { for _ in $(seq 1 50); do up "$1" && return 0; sleep 0.2; done; return 1; }
missing=()

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  if ! up 5432; then
    if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
      echo "starting PostgreSQL"
      pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    fi
    wait_up 5432 || missing+=("PostgreSQL on 127.0.0.1:5432 (Debian: postgresql; or set TEST_DATABASE_URL)")
  fi
fi

if [ -z "${TEST_REDIS_URL:-}" ]; then
  if ! up 6379; then
    if command -v redis-server >/dev/null; then
      echo "starting Redis"
      mkdir -p /tmp/redis-ci
      redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
        --dir /tmp/redis-ci --logfile /tmp/redis-ci/redis.log || true
    fi
    wait_up 6379 || missing+=("Redis on 127.0.0.1:6379 (Debian: redis-server; or set TEST_REDIS_URL)")
  fi
fi
command -v redis-server >/dev/null || missing+=("the redis-server program on PATH (Debian: redis-server)")

if [ ${#missing[@]} -gt 0 ]; then
  printf 'MISSING SERVICE: %s\n' "${missing[@]}" >&2
  exit 1
fi
echo "services up: PostgreSQL ${TEST_DATABASE_URL:-127.0.0.1:5432}, Redis ${TEST_REDIS_URL:-127.0.0.1:6379}"
