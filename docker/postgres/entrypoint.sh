#!/bin/sh
# Makes the cluster at the first start (user, password, database; password logins from the
# network), then runs the server in the foreground so that SIGTERM stops it cleanly.
set -eu
: "${POSTGRES_USER:?set POSTGRES_USER}" "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}" "${POSTGRES_DB:?set POSTGRES_DB}"
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  "$bin/initdb" --pgdata="$PGDATA" --username="$POSTGRES_USER" --pwfile="$pwfile" \
    --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  echo "host all all 0.0.0.0/0 scram-sha-256" >>"$PGDATA/pg_hba.conf"
  "$bin/pg_ctl" --pgdata="$PGDATA" --options="-c listen_addresses=''" --wait start >/dev/null
  "$bin/createdb" --username="$POSTGRES_USER" "$POSTGRES_DB"
  "$bin/pg_ctl" --pgdata="$PGDATA" --mode=fast --wait stop >/dev/null
  echo "wsqos-postgres: made the cluster with database $POSTGRES_DB"
fi
exec "$bin/postgres" -D "$PGDATA" -c listen_addresses='*'
