# Starts a private PostgreSQL cluster on 127.0.0.1:55432 owned by the postgres user; exports TEST_DATABASE_URL.
PG_DIR=/tmp/nes-studio-pg
PG_PORT=55432
start_test_postgres() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  # A cluster left running by an earlier run would hold the port: stop it first. Its processes may
  # already be gone (a session's processes are killed before CI, leaving a stale postmaster.pid), so
  # a failed stop is expected and must not end the run under `set -e`.
  if [ -f "$PG_DIR/data/postmaster.pid" ]; then
    su postgres -s /bin/sh -c "$bin/pg_ctl -D $PG_DIR/data -m immediate stop >/dev/null 2>&1" || true
  fi
  rm -rf "$PG_DIR"
  mkdir -p "$PG_DIR"
  chown postgres "$PG_DIR"
  su postgres -s /bin/sh -c "$bin/initdb -D $PG_DIR/data -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null"
  su postgres -s /bin/sh -c "$bin/pg_ctl -D $PG_DIR/data -o '-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1' -l $PG_DIR/log -w start >/dev/null"
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  echo "PostgreSQL for tests: $TEST_DATABASE_URL"
}
stop_test_postgres() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  su postgres -s /bin/sh -c "$bin/pg_ctl -D $PG_DIR/data -m immediate stop >/dev/null" || true
}
