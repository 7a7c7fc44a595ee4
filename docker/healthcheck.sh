#!/bin/bash
# The containers' health check: GET /ready on the given local port, healthy on 200. Bash's
# /dev/tcp rather than curl, which JRE images may lack; a JVM per check would cost more.
set -u
port=${1:?usage: healthcheck.sh PORT}
exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
printf 'GET /ready HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
IFS= read -r -t 4 status <&3 || exit 1
exec 3<&-
case "$status" in
  "HTTP/1."[01]" 200 "*) exit 0 ;;
  *) echo "not ready: $status"; exit 1 ;;
esac
