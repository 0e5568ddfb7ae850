#!/usr/bin/env bash
# Run every Go fuzz target of the module, one after another, for BUDGET each.
#
#   scripts/fuzz.sh            # quick: 3s per target (CI; whole run ~2 min on 2 cores)
#   scripts/fuzz.sh 10m        # long run, before a release (docs/reliability.md)
#   FUZZ_ONLY=FuzzVerifyBody scripts/fuzz.sh 1m   # one target
#
# Targets are found by grep (func FuzzX(f *testing.F) in *_test.go), so a
# new target is picked up without editing this script. A crasher is written
# by `go test` to <pkg>/testdata/fuzz/FuzzX/<hash>: commit it and turn it
# into a regression test. Exit status: 0 when every target passed.
set -euo pipefail

budget="${1:-3s}"
minimize="${FUZZ_MINIMIZE:-20x}" # big seeds (the default scenario) minimize slowly
cd "$(dirname "$0")/.."

targets=$(grep -rEo --include='*_test.go' '^func Fuzz[A-Za-z0-9_]+\(f \*testing\.F\)' . \
	| grep -v '^./.tools/' \
	| sed -E 's#^\./(.*)/[^/]+_test\.go:func (Fuzz[A-Za-z0-9_]+).*#\1 \2#' | sort -u)

# fuzz_one runs one target. Go's fuzzer sometimes ends a short run with a
# bare "context deadline exceeded" and no failing input (the deadline hit
# it mid-minimization); that is retried once, a real crash never is.
fuzz_one() {
	local out
	for _ in 1 2; do
		if out=$(go test -run='^$' -fuzz="^${2}\$" -fuzztime="$budget" -fuzzminimizetime="$minimize" "./$1" 2>&1); then
			printf '%s\n' "$out"
			return 0
		fi
		if ! grep -q 'context deadline exceeded' <<<"$out" || grep -q 'Failing input written' <<<"$out"; then
			break
		fi
	done
	printf '%s\n' "$out"
	return 1
}

failed=()
start=$(date +%s)
while read -r pkg name; do
	[ -n "$pkg" ] || continue
	if [ -n "${FUZZ_ONLY:-}" ] && [ "$name" != "$FUZZ_ONLY" ]; then continue; fi
	t0=$(date +%s)
	if out=$(fuzz_one "$pkg" "$name"); then
		execs=$(printf '%s\n' "$out" | grep -Eo 'execs: [0-9]+' | tail -1 | grep -Eo '[0-9]+' || echo "?")
		printf 'ok    %-26s ./%-28s %4ss  %s execs\n' "$name" "$pkg" "$(($(date +%s) - t0))" "$execs"
	else
		printf 'FAIL  %-26s ./%s\n%s\n' "$name" "$pkg" "$out"
		failed+=("$pkg:$name")
	fi
done <<<"$targets"

echo "fuzz: $(($(date +%s) - start))s in all, budget $budget per target"
if [ "${#failed[@]}" -gt 0 ]; then
	echo "fuzz: FAILED: ${failed[*]}" >&2
	exit 1
fi
