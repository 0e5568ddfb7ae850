#!/usr/bin/env bash
# The load benchmark of rtq mock, in one command (see bench/README.md):
#
#   bench/run.sh [--quick] [--peers] [--scale] [rtqbench flags...]
#
#   --quick   3 s runs, one round: checks the harness, not figures
#   --peers   also WireMock, Prism and Mockoon, installed into .tools/peers
#   --scale   also the 100,000-record scenario and the Go page benchmarks
#   --replicas N  instead: the Redis store, memory vs 1 and N processes on a
#             local redis-server (installed from Debian's packages if missing)
#   --latency instead: rtq conform, profile discover and record --crawl
#             against the mock made 0, 50 and 200 ms slow, each beside its
#             lower bound (its longest chain of dependent requests x delay)
#
# It installs what it needs (wrk from Debian's packages, the peers from
# npm, pinned), builds rtq and the helpers into .tools/bin, and runs
# bench/rtqbench, which starts every server on 127.0.0.1 only, bounds every
# load run, and prints the figures and PASS/FAIL per target. Everything it
# starts is killed on exit. Results: bench/out/results.json.
set -euo pipefail
cd "$(dirname "$0")/.."

# Peer versions the figures in docs/performance.md were taken with.
WIREMOCK_VERSION=3.13.2
PRISM_VERSION=5.14.2
MOCKOON_VERSION=9.9.0
# The whole run stops after this, whatever happens (seconds).
DEADLINE=${RTQ_BENCH_DEADLINE:-1500}

peers=0
replicas=0
latency=0
for a in "$@"; do
  [ "$a" = "--peers" ] && peers=1
  case "$a" in --latency|-latency) latency=1 ;; esac
  case "$a" in --replicas|-replicas|--replicas=*|-replicas=*) replicas=1 ;; esac
done

need_wrk() {
  command -v wrk >/dev/null && return
  echo "bench: installing wrk (Debian package)" >&2
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq wrk >/dev/null
  else
    sudo apt-get update -qq && sudo apt-get install -y -qq wrk >/dev/null
  fi
}

need_peers() {
  local dir=.tools/peers
  if [ -f "$dir/node_modules/wiremock/build/wiremock-standalone-$WIREMOCK_VERSION.jar" ] &&
     [ -f "$dir/node_modules/@stoplight/prism-cli/package.json" ] &&
     grep -q "\"version\": \"$PRISM_VERSION\"" "$dir/node_modules/@stoplight/prism-cli/package.json" &&
     grep -q "\"version\": \"$MOCKOON_VERSION\"" "$dir/node_modules/@mockoon/cli/package.json" 2>/dev/null; then
    return
  fi
  command -v npm >/dev/null || { echo "bench: --peers needs node and npm" >&2; exit 2; }
  command -v java >/dev/null || { echo "bench: --peers needs java (WireMock)" >&2; exit 2; }
  echo "bench: installing peers into $dir (npm)" >&2
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-audit --no-fund --silent \
    "wiremock@$WIREMOCK_VERSION" "@stoplight/prism-cli@$PRISM_VERSION" "@mockoon/cli@$MOCKOON_VERSION" >&2
}

need_redis() {
  command -v redis-server >/dev/null && return
  echo "bench: installing redis-server (Debian package)" >&2
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq redis-server >/dev/null
  else
    sudo apt-get update -qq && sudo apt-get install -y -qq redis-server >/dev/null
  fi
}

[ "$latency" = 1 ] || need_wrk # the latency mode sends no load
[ "$peers" = 1 ] && need_peers
[ "$replicas" = 1 ] && need_redis

mkdir -p .tools/bin bench/out
# Both servers are built static (CGO_ENABLED=0), as a release binary or
# the container image is: nothing in them needs C, and a cgo build maps
# libc for its DNS resolver alone (about 1.1 MB more resident).
CGO_ENABLED=0 go build -o .tools/bin/rtq ./cmd/rtq
CGO_ENABLED=0 go build -o .tools/bin/baseline ./bench/baseline
go build -o .tools/bin/rtqbench ./bench/rtqbench

# rtqbench runs in its own process group; on any exit, that group (and the
# servers, each in a group of its own that rtqbench kills) goes with it.
child=
cleanup() {
  if [ -n "$child" ] && kill -0 "$child" 2>/dev/null; then
    kill -TERM "$child" 2>/dev/null || true
    wait "$child" 2>/dev/null || true
  fi
}
trap cleanup EXIT INT TERM

# A results file left by an earlier run must not speak for this one.
rm -f bench/out/results.json
timeout --signal=TERM --kill-after=20 "$DEADLINE" \
  .tools/bin/rtqbench -deadline "$((DEADLINE - 30))s" "$@" &
child=$!
wait "$child"

# rtqbench prints PASS/FAIL per target and exits 0 once it has figures; a
# script or CI job reads the exit status, so a FAIL target (with --quick
# too) makes this one non-zero. A run that wrote no results is a failure.
if [ ! -f bench/out/results.json ]; then
  echo "bench: no bench/out/results.json was written" >&2
  exit 1
fi
failed=$(grep -cE '"pass": *false' bench/out/results.json || true)
if [ "$failed" -gt 0 ]; then
  echo "bench: $failed target(s) FAIL (see the targets list above, or bench/out/results.md)" >&2
  exit 1
fi
