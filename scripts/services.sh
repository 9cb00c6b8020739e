#!/usr/bin/env bash
# Make sure the local PostgreSQL and Redis answer, for the integration tests.
# Starts them when they are installed but stopped, installs them (Debian) when missing.
# Under CI=true a service that still does not answer fails the run: integration tests are never skipped.
set -uo pipefail

PG_HOST=127.0.0.1 PG_PORT=5432 REDIS_PORT=6379

pg_up() { pg_isready -q -h "$PG_HOST" -p "$PG_PORT" 2>/dev/null; }
redis_up() { redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG; }

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi; }

install_if_missing() { # command package...
  local command=$1; shift
  command -v "$command" >/dev/null && return 0
  command -v apt-get >/dev/null || return 1
  as_root apt-get update -qq && DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

start_postgres() {
  install_if_missing pg_ctlcluster postgresql postgresql-client || return 1
  local version
  version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)
  [ -n "$version" ] || return 1
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start
  # A fresh Debian cluster trusts no one over TCP; the tests connect as postgres without a password.
  for _ in $(seq 20); do pg_up && return 0; sleep 0.5; done
  return 1
}

start_redis() {
  install_if_missing redis-server redis-server redis-tools || return 1
  mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
  as_root redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" --save "" \
    --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log >/dev/null
  for _ in $(seq 20); do redis_up && return 0; sleep 0.25; done
  return 1
}

status=0
pg_up || start_postgres || { echo "PostgreSQL does not answer on $PG_HOST:$PG_PORT." >&2; status=1; }
redis_up || start_redis || { echo "Redis does not answer on 127.0.0.1:$REDIS_PORT." >&2; status=1; }
exit $status
