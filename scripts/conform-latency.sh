#!/usr/bin/env bash
# conform-latency.sh: how long a full `rtq conform` run (reads and writes)
# takes against the default mock made slow, next to its lower bound: the
# plan's longest chain of dependent requests times the delay
# (docs/conformance.md, "Concurrency"; figures in docs/performance.md).
#
#   scripts/conform-latency.sh [DELAY_MS...]      (default: 0 200)
#
# Environment: CONCURRENCY (default: "1 64", the values to run), RUNS (best
# of, default 3; runs_s lists every run's wall time). Needs go, curl and python3; starts one mock per delay on
# 127.0.0.1:0 and stops it.
set -euo pipefail

delays=("$@")
[ ${#delays[@]} -gt 0 ] || delays=(0 200)
read -r -a concurrency <<<"${CONCURRENCY:-1 64}"
runs=${RUNS:-3}

work=$(mktemp -d)
mock_pid=
cleanup() {
	[ -z "$mock_pid" ] || kill "$mock_pid" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

go build -o "$work/rtq" ./cmd/rtq
rtq=$work/rtq

printf '%-8s %-12s %-10s %-14s %-12s %-8s %s\n' delay_ms concurrency wall_s longest_chain bound_s ratio runs_s
for d in "${delays[@]}"; do
	fault=()
	[ "$d" = 0 ] || fault=(--fault "delay_ms=$d")
	"$rtq" mock --addr 127.0.0.1:0 "${fault[@]}" 2>"$work/mock.log" &
	mock_pid=$!
	url=
	for _ in $(seq 100); do
		url=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/mock.log" | head -1 || true)
		[ -n "$url" ] && curl -sf "$url/__admin/health" >/dev/null && break
		url=
		sleep 0.05
	done
	[ -n "$url" ] || { echo "the mock did not start: $(cat "$work/mock.log")" >&2; exit 1; }
	for n in "${concurrency[@]}"; do
		best=
		all=
		for _ in $(seq "$runs"); do
			start=$(date +%s.%N)
			"$rtq" conform --base-url "$url" --profile "$url/__admin/profile" --allow-writes \
				--concurrency "$n" --format json --out "$work/report.json"
			end=$(date +%s.%N)
			wall=$(python3 -c "print(f'{$end - $start:.2f}')")
			all="$all${all:+,}$wall"
			if [ -z "$best" ] || python3 -c "import sys; sys.exit(0 if $wall < $best else 1)"; then
				best=$wall
			fi
		done
		chain=$(python3 -c "import json; print(json.load(open('$work/report.json'))['plan']['longest_chain'])")
		bound=$(python3 -c "print(f'{$chain * $d / 1000:.2f}')")
		ratio=$(python3 -c "print('-' if $d == 0 else f'{$best / ($chain * $d / 1000):.2f}x')")
		printf '%-8s %-12s %-10s %-14s %-12s %-8s %s\n' "$d" "$n" "$best" "$chain" "$bound" "$ratio" "$all"
	done
	kill "$mock_pid"
	wait "$mock_pid" 2>/dev/null || true
	mock_pid=
done
