#!/usr/bin/env bash
# The compose cluster tested for real (docker/README.md): starts a Docker engine of its own, builds
# a JRE base from Debian's packages, builds the images on it, brings compose.yml up and checks it
# from the host, stops a broker and checks the other, then removes everything it made and checks
# that the host's firewall, forwarding and routes are as they were.
#
#   docker/test.sh                   # packages the jars it needs first (./mvnw -o package)
#   docker/test.sh --use-built-jars  # takes them from target/ (after ./mvnw verify, as .ci/run)
#
# Needs root, dockerd (docker.io), docker-compose, debootstrap, curl and jq. Exit 0: passed;
# 1: failed; 3: cannot run here (says why).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
cache=${WSQOS_CACHE_DIR:-$HOME/.cache/wsqos}
base_tarball=$cache/debian-bookworm-minbase.tar.gz
# The engine's networks: its bridge and the compose networks, inside 198.18.0.0/15 and apart from
# the /30s the network-namespace tests take (they skip any subnet already on an interface).
range=198.19.200.0/22
bridge_cidr=198.19.200.1/24
pool=base=198.19.201.0/24,size=26
bridge=wsqos-dk$$
project=wsqos-test-$$
tag=test-$$
started=$(date +%s)

log() { printf '[docker/test.sh %s] %s\n' "$(date -u +%H:%M:%S)" "$*"; }
die() {
  log "FAILED: $*"
  exit 1
}
cannot_run() {
  log "cannot run here: $*"
  exit 3
}

use_built_jars=false
for arg in "$@"; do
  case "$arg" in
    --use-built-jars) use_built_jars=true ;;
    -h | --help)
      sed -n '2,11p' "$0" | sed -e 's/^# //' -e 's/^#$//'
      exit 0
      ;;
    *)
      echo "unknown argument: $arg (see --help)" >&2
      exit 2
      ;;
  esac
done

[ "$(id -u)" = 0 ] || cannot_run "needs root (it starts dockerd)"
for tool in dockerd docker docker-compose debootstrap curl jq ip; do
  command -v "$tool" >/dev/null 2>&1 || cannot_run "$tool is missing"
done
if ip -4 route | awk '{print $1}' | grep -q '^198\.19\.20[0-3]\.'; then
  cannot_run "a route inside $range exists already: $(ip -4 route | grep '198\.19\.20[0-3]\.')"
fi

# --- what the host looks like before, to compare after -----------------------------------------
# Without counters, and without the nftables tables named wsqos_* that other tests (network
# namespaces) add and remove meanwhile.
firewall() {
  if command -v iptables >/dev/null 2>&1; then
    for table in filter nat mangle raw; do iptables -t "$table" -S 2>/dev/null || true; done
  fi
  if command -v nft >/dev/null 2>&1; then
    nft -s list ruleset 2>/dev/null | awk '/^table .* wsqos_/ {skip = 1} !skip {print} skip && /^}/ {skip = 0}' || true
  fi
  sysctl -n net.ipv4.ip_forward net.ipv6.conf.all.forwarding 2>/dev/null || true
}
# Only what an engine makes (others' network-namespace tests come and go meanwhile).
routes() {
  ip -4 route | grep '198\.19\.20[0-3]\.' || true
  ip -br link | awk '{sub(/@.*/, "", $1); print $1}' | grep -E '^(docker0|br-|veth|wsqos-dk)' | sort || true
}
firewall_before=$(firewall)
routes_before=$(routes)
made_run_dirs=()
for dir in /run/docker /run/containerd; do [ -e "$dir" ] || made_run_dirs+=("$dir"); done

work=$(mktemp -d /tmp/wsqos-docker.XXXXXX)
export DOCKER_HOST=unix://$work/docker.sock
export COMPOSE_PROJECT_NAME=$project
compose=(docker-compose --project-directory "$work/ctx" -f "$work/ctx/compose.yml")
compose() { "${compose[@]}" "$@"; }

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  set +e
  log "cleaning up"
  if [ -S "$work/docker.sock" ]; then
    if [ "$status" != 0 ]; then
      compose ps
      for id in $(compose ps -q 2>/dev/null); do
        docker inspect -f '{{.Name}} health: {{if .State.Health}}{{range .State.Health.Log}}[{{.ExitCode}} {{printf "%.80s" .Output}}] {{end}}{{end}}' "$id" |
          sed 's/^/  /'
      done
      for service in postgres broker-1 broker-2 bookstore register prometheus; do
        compose logs --no-color --tail 30 "$service" 2>/dev/null | sed "s/^/  /"
      done
    fi
    compose down --volumes --rmi all --remove-orphans --timeout 10 >/dev/null 2>&1
    docker image rm -f "wsqos-test/jre:$tag" "wsqos-test/debian:$tag" >/dev/null 2>&1
    docker image prune -af >/dev/null 2>&1
    docker builder prune -af >/dev/null 2>&1
  fi
  if [ -s "$work/dockerd.pid" ]; then
    local pid
    pid=$(cat "$work/dockerd.pid")
    kill "$pid" 2>/dev/null
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$pid" 2>/dev/null && { log "dockerd $pid did not stop in 30 s; killing it"; kill -9 "$pid"; }
  fi
  findmnt -rn -o TARGET | grep "^$work/" | sort -r | while read -r mount; do umount -l "$mount"; done
  ip link del "$bridge" 2>/dev/null
  for link in $(ip -br -4 addr | awk '$3 ~ /^198\.19\.20[0-3]\./ {print $1}'); do
    ip link del "${link%@*}" 2>/dev/null
  done
  rm -rf "$work"
  for dir in "${made_run_dirs[@]}"; do
    find "$dir" -depth -type d -empty -delete 2>/dev/null
  done
  local after
  after=$(firewall)
  if [ "$after" != "$firewall_before" ]; then
    log "the host's firewall or forwarding changed:"
    diff <(echo "$firewall_before") <(echo "$after") | sed 's/^/  /'
    [ "$status" = 0 ] && status=1
  else
    log "host firewall (iptables, nftables, FORWARD policy) and forwarding unchanged"
  fi
  if [ "$(routes)" != "$routes_before" ]; then
    log "the host's routes or links changed:"
    diff <(echo "$routes_before") <(routes) | sed 's/^/  /'
    [ "$status" = 0 ] && status=1
  fi
  log "$([ "$status" = 0 ] && echo PASSED || echo FAILED) in $(($(date +%s) - started)) s"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# wait_until SECONDS WHAT COMMAND...: runs COMMAND every second until it succeeds.
wait_until() {
  local limit=$1 what=$2 deadline
  shift 2
  deadline=$(($(date +%s) + limit))
  until "$@" >/dev/null 2>&1; do
    [ "$(date +%s)" -lt "$deadline" ] || die "$what: not within $limit s"
    sleep 1
  done
  log "ok: $what"
}

# --- the engine: its own dirs, socket and bridge; no firewall or forwarding changes ---------------
log "starting dockerd (state in $work)"
ip link add "$bridge" type bridge
ip addr add "$bridge_cidr" dev "$bridge"
ip link set "$bridge" up
dockerd --data-root "$work/data" --exec-root "$work/exec" --pidfile "$work/dockerd.pid" \
  --host "$DOCKER_HOST" --bridge "$bridge" --default-address-pool "$pool" \
  --iptables=false --ip6tables=false --ip-masq=false --ip-forward=false --userland-proxy=true \
  >"$work/dockerd.log" 2>&1 &
for _ in $(seq 1 60); do docker version >/dev/null 2>&1 && break; sleep 1; done
docker version >/dev/null 2>&1 || cannot_run "dockerd did not answer within 60 s: $(tail -n 5 "$work/dockerd.log")"
log "ok: dockerd answers"

# --- the JRE base: Debian (debootstrap, cached) and Debian's OpenJDK 17 JRE -------------------------
if [ -s "$base_tarball" ]; then
  log "Debian base from the cache: $base_tarball (delete it to make it again)"
else
  source=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  source=${source:-http://deb.debian.org/debian}
  log "debootstrap --variant=minbase bookworm from $source (cached in $cache for the next runs)"
  mkdir -p "$cache"
  timeout 900 debootstrap --variant=minbase bookworm "$work/rootfs" "$source" >"$work/debootstrap.log" 2>&1 ||
    die "debootstrap: $(tail -n 5 "$work/debootstrap.log")"
  rm -f "$work/rootfs"/var/cache/apt/archives/*.deb
  tar -C "$work/rootfs" --numeric-owner -czf "$base_tarball.tmp" . && mv "$base_tarball.tmp" "$base_tarball"
  rm -rf "$work/rootfs"
fi
timeout 300 docker import "$base_tarball" "wsqos-test/debian:$tag" >/dev/null || die "docker import"
log "building the JRE base (apt-get install openjdk-17-jre-headless)"
timeout 900 docker build --quiet --network host --build-arg "DEBIAN_IMAGE=wsqos-test/debian:$tag" \
  -t "wsqos-test/jre:$tag" -f "$repo/docker/jre.Dockerfile" "$repo/docker" >"$work/jre.log" 2>&1 ||
  die "building the JRE base: $(tail -n 20 "$work/jre.log")"

# --- the jars and the build context --------------------------------------------------------------
broker_jar=$repo/broker/server/target/wsqos-broker.jar
bookstore_jar=$repo/examples/bookstore/target/bookstore.jar
if [ "$use_built_jars" = false ]; then
  log "packaging the broker and the bookstore (./mvnw -q -o package -DskipTests)"
  (cd "$repo" && ./mvnw -q -o -pl broker/server,examples/bookstore -am package -DskipTests) ||
    die "packaging the jars"
fi
[ -s "$broker_jar" ] && [ -s "$bookstore_jar" ] || die "missing $broker_jar or $bookstore_jar"
mkdir -p "$work/ctx"
cp -r "$repo/docker/." "$work/ctx/"
mkdir -p "$work/ctx/jars"
cp "$broker_jar" "$bookstore_jar" "$work/ctx/jars/"

# --- the cluster ---------------------------------------------------------------------------------
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
WSQOS_HOST_PORT_BROKER_1=$(free_port)
WSQOS_HOST_PORT_BROKER_2=$(free_port)
WSQOS_HOST_PORT_BOOKSTORE=$(free_port)
WSQOS_HOST_PORT_PROMETHEUS=$(free_port)
WSQOS_BROKER_ADMIN_TOKEN=$(head -c 32 /dev/urandom | base64 | tr -d '/+=\n')
WSQOS_POSTGRES_PASSWORD=$(head -c 24 /dev/urandom | base64 | tr -d '/+=\n')
export WSQOS_HOST_PORT_BROKER_1 WSQOS_HOST_PORT_BROKER_2 WSQOS_HOST_PORT_BOOKSTORE WSQOS_HOST_PORT_PROMETHEUS \
  WSQOS_BROKER_ADMIN_TOKEN WSQOS_POSTGRES_PASSWORD
export WSQOS_TAG=$tag WSQOS_JRE_IMAGE=wsqos-test/jre:$tag WSQOS_DEBIAN_IMAGE=wsqos-test/debian:$tag
broker1=http://127.0.0.1:$WSQOS_HOST_PORT_BROKER_1
broker2=http://127.0.0.1:$WSQOS_HOST_PORT_BROKER_2
bookstore=http://127.0.0.1:$WSQOS_HOST_PORT_BOOKSTORE
prometheus=http://127.0.0.1:$WSQOS_HOST_PORT_PROMETHEUS

build_started=$(date +%s)
log "building the images (docker-compose build)"
timeout 1200 "${compose[@]}" build --quiet >"$work/build.log" 2>&1 || die "docker-compose build: $(tail -n 20 "$work/build.log")"
log "built in $(($(date +%s) - build_started)) s; sizes:"
docker image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep ":$tag" | sed 's/^/  /'
log "starting the cluster (docker-compose up)"
timeout 300 "${compose[@]}" up -d >"$work/up.log" 2>&1 || die "docker-compose up: $(tail -n 20 "$work/up.log")"

healthy() { [ "$(docker inspect -f '{{.State.Health.Status}}' "$(compose ps -q "$1")")" = healthy ]; }
wait_until 180 "broker-1 healthy" healthy broker-1
wait_until 180 "broker-2 healthy" healthy broker-2
wait_until 180 "bookstore healthy" healthy bookstore
registered() {
  local id
  id=$(compose ps -q register)
  [ "$(docker inspect -f '{{.State.Status}} {{.State.ExitCode}}' "$id")" = "exited 0" ]
}
wait_until 120 "the bookstore registered with broker-1 (register exited 0)" registered
compose logs --no-color register | grep 'register:' | sed 's/^/  /'

service='{http://wsqos.io/ns/bookstore/1}Bookstore'
select_on() { curl -sfG --max-time 5 "$1/api/select" --data-urlencode "service=$service" "${@:2}"; }
selected_on_2() { select_on "$broker2" | jq -e '.candidates | length >= 1'; }
wait_until 30 "broker-1's offer selected on broker-2" selected_on_2
address=$(select_on "$broker2" | jq -r '.candidates[0].endpoint.address')
[ "$address" = http://bookstore:8080/bookstore ] || die "selected address: $address"

# An offer published on broker-2, by the provider's new token, selected on broker-1.
provider=$(select_on "$broker2" | jq -r '.candidates[0].provider.id')
endpoint=$(select_on "$broker2" | jq -r '.candidates[0].endpoint.id')
token=$(curl -sf --max-time 5 -X POST -H "Authorization: Bearer $WSQOS_BROKER_ADMIN_TOKEN" \
  "$broker2/api/providers/$provider/token" | jq -r .token)
offer=$(curl -sf --max-time 5 -X POST -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  "$broker2/api/offers" --data "{\"endpointId\":$endpoint,\"terms\":{\"price\":\"0.01\",\"currency\":\"EUR\",
  \"maxResponseTimeMillis\":500,\"availability\":0.9,\"throughputPerSecond\":10,\"compression\":true}}" |
  jq -r .id) || die "publishing an offer on broker-2"
cheapest_on_1() { select_on "$broker1" | jq -e ".candidates[0].offer.id == $offer"; }
wait_until 10 "an offer published on broker-2 selected first on broker-1" cheapest_on_1

# The selected bookstore, called from the host: compressed and monitored.
headers=$work/headers
curl -sf --max-time 30 -o "$work/body.gz" -D "$headers" \
  --connect-to "bookstore:8080:127.0.0.1:$WSQOS_HOST_PORT_BOOKSTORE" \
  -H 'Content-Type: text/xml; charset=UTF-8' -H 'Accept-Encoding: gzip, identity;q=0' \
  --data-binary "@$repo/examples/bookstore/requests/heavy-5.xml" "$address" ||
  die "calling the bookstore at $address"
grep -qi '^content-encoding: gzip' "$headers" || die "the bookstore's answer was not compressed: $(cat "$headers")"
gunzip -c "$work/body.gz" | grep -q getBookDetailsResponse || die "the answer is not getBookDetailsResponse"
log "ok: the selected bookstore answered compressed ($(stat -c %s "$work/body.gz") bytes gzip)"
monitored() { curl -sf --max-time 5 "$bookstore/qos/report" | grep -q getBookDetails; }
wait_until 30 "the call in the bookstore's monitor (/qos/report)" monitored

# Prometheus: wsqos series from every target.
series_from_every_target() {
  curl -sfG --max-time 5 "$prometheus/api/v1/query" \
    --data-urlencode 'query=count by (instance) ({__name__=~"wsqos_.+"})' |
    jq -e '[.data.result[].metric.instance] | sort == ["bookstore:8080","broker-1:8090","broker-2:8090"]'
}
wait_until 90 "Prometheus returns wsqos series from bookstore, broker-1 and broker-2" series_from_every_target
# Every series the Grafana dashboard queries, in Prometheus.
dashboard_series() {
  local known
  known=$(curl -sf --max-time 5 "$prometheus/api/v1/label/__name__/values" | jq -r '.data[]') || return 1
  for name in $(grep -o 'wsqos_[a-z_]*' "$repo/docker/grafana/wsqos-dashboard.json" | sort -u); do
    grep -qx "$name" <<<"$known" || { echo "missing: $name"; return 1; }
  done
}
wait_until 30 "Prometheus has every series the dashboard queries" dashboard_series

# One broker stopped: the other goes on serving selections and writes.
log "stopping broker-1"
compose stop --timeout 10 broker-1 >/dev/null 2>&1 || die "stopping broker-1"
curl -s --max-time 2 "$broker1/ready" >/dev/null 2>&1 && die "broker-1 still answers after stop"
ready_2() { curl -sf --max-time 2 "$broker2/ready"; }
wait_until 10 "broker-2 ready with broker-1 stopped" ready_2
select_on "$broker2" | jq -e ".candidates[0].offer.id == $offer" >/dev/null || die "broker-2 does not select"
etag=$(curl -sf --max-time 5 -D - -o /dev/null "$broker2/api/offers/$offer" | awk -F': ' 'tolower($1)=="etag" {print $2}' | tr -d '\r')
curl -sf --max-time 5 -X DELETE -H "Authorization: Bearer $token" -H "If-Match: $etag" \
  "$broker2/api/offers/$offer" >/dev/null || die "withdrawing the offer through broker-2"
withdrawn() { select_on "$broker2" | jq -e "[.candidates[].offer.id] | index($offer) == null"; }
wait_until 10 "broker-2 writes and selects alone (the withdrawn offer gone)" withdrawn

log "taking the cluster down"
timeout 120 "${compose[@]}" down --volumes --rmi all --timeout 10 >/dev/null 2>&1 || die "docker-compose down"
