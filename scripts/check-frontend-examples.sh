#!/usr/bin/env bash
# check-frontend-examples.sh: build and run the frontend examples that
# docs/frontend.md shows (examples/frontend/), so that they cannot rot:
#   vitest      createMock in Node, from the npm pack tarball of rtq wasm
#   vite        vite build with VITE_MOCK=1, rtq wasm's files in public/
#   playwright  that build (vite preview) and the dev server (vite), in Chromium;
#               then a build without VITE_MOCK whose calls vite preview
#               forwards to rtq proxy in front of rtq mock: 0 violations;
#               then the same through rtq proxy in front of the independent
#               fake (testkit/foreign/foreignserve) with all its bugs on:
#               every bug the browser's traffic touches is reported, save
#               the known gaps listed with their reasons below
#   storybook   storybook build and storybook dev, each story opened in Chromium
#
#   scripts/check-frontend-examples.sh
#
# The examples are copied into .tools/frontend-examples (git-ignored, and
# not walked by the go tool), given the files of `rtq wasm --out` (built
# from this tree), installed with `npm ci --prefer-offline` from their
# committed lockfiles (npm's cache is shared between them and between
# runs) and run. Playwright drives the system's Chromium ($RTQ_CHROMIUM,
# chromium or chromium-browser); no browser is downloaded. Servers listen
# on 127.0.0.1 only and are stopped by Playwright when its run ends.
#
# Prints one summary line. When the npm registry cannot be reached, or
# node or npm is missing, it says so in a WARNING line and exits 0;
# without Chromium the two browser runs are skipped with a WARNING. Any
# other failure prints the log and exits 1.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$root/.tools/frontend-examples"
log="$root/.tools/frontend-examples.log"
examples=(vitest vite playwright storybook)
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 STORYBOOK_DISABLE_TELEMETRY=1 NO_UPDATE_NOTIFIER=1 NO_COLOR=1

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	echo "WARNING: node or npm missing: frontend examples (docs/frontend.md) SKIPPED"
	exit 0
fi

chromium="${RTQ_CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}"
t0=$(date +%s)
rm -rf "$work"
mkdir -p "$work"
: >"$log"

# step NAME CMD...: runs CMD into the log; on failure prints the log.
step() {
	local name=$1
	shift
	echo "== $name: $*" >>"$log"
	if ! "$@" >>"$log" 2>&1; then
		cat "$log"
		echo "frontend examples: FAILED at $name (the log is above, and in ${log#"$root"/})"
		exit 1
	fi
}

# The examples as committed, without what a run in place left behind.
tar -C "$root/examples/frontend" --exclude=node_modules --exclude=public --exclude=dist --exclude=dist-http \
	--exclude=storybook-static --exclude=test-results --exclude=playwright-report --exclude='*.tgz' \
	-cf - . | tar -C "$work" -xf -

# What a user runs: rtq wasm --out public for the pages, npm pack of it
# for Node.
step "rtq wasm" bash -c "cd '$root' && go run ./cmd/rtq wasm --out '$work/rtq'"
for d in vite storybook; do
	step "copy to $d/public" cp -r "$work/rtq/." "$work/$d/public/"
done
step "npm pack" bash -c "cd '$work/rtq' && npm pack --silent --pack-destination '$work/vitest'"
t1=$(date +%s)

for d in "${examples[@]}"; do
	echo "== npm ci in $d" >>"$log"
	if ! (cd "$work/$d" && npm ci --prefer-offline --no-audit --no-fund --fetch-retries=1 --fetch-timeout=60000) >>"$log" 2>&1; then
		if ! timeout 30 npm ping >/dev/null 2>&1; then
			echo "WARNING: the npm registry cannot be reached: frontend examples (docs/frontend.md) SKIPPED"
			exit 0
		fi
		cat "$log"
		echo "frontend examples: FAILED at npm ci in $d (the log is above)"
		exit 1
	fi
done
t2=$(date +%s)

# passed DIR: the count of passed tests in the last run's output.
passed() { grep -oE '[0-9]+ passed' "$log" | tail -n 1 | cut -d' ' -f1; }
# url_in LOG: the loopback URL a server started on port 0 writes in LOG
# ("... on http://127.0.0.1:PORT ..."), waited for up to ten seconds;
# "" when it never comes.
url_in() {
	local url=""
	for _ in $(seq 100); do
		url=$(sed -nE 's|.* on (http://127\.0\.0\.1:[0-9]+) .*|\1|p' "$1")
		[ -n "$url" ] && break
		sleep 0.1
	done
	printf '%s' "$url"
}

step "vitest" bash -c "cd '$work/vitest' && npx --no-install vitest run"
summary="vitest $(passed) passed"
step "vite build" bash -c "cd '$work/vite' && VITE_MOCK=1 npx --no-install vite build"
[ -f "$work/vite/dist/rtq-sw.js" ] || step "vite build copied public/" false
summary+=", vite build"
step "storybook build" bash -c "cd '$work/storybook' && npm run build-storybook -- --quiet"
summary+=", storybook build"

# port: a free loopback port for a server (Playwright needs it known).
port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
# two_ports: two different free loopback ports, both held open until both
# are known: two calls of port can give the same one, freed in between
# (a CI run once gave the build and the dev server one port).
two_ports() {
	node -e '
		const net = require("net");
		const a = net.createServer().listen(0, "127.0.0.1", () => {
			const b = net.createServer().listen(0, "127.0.0.1", () => {
				console.log(a.address().port + " " + b.address().port);
				a.close();
				b.close();
			});
		});'
}

if [ -n "$chromium" ] && [ -x "$chromium" ]; then
	for d in playwright storybook; do
		read -r build_port dev_port < <(two_ports)
		step "playwright test in $d" bash -c "cd '$work/$d' && PORT=$build_port DEV_PORT=$dev_port CHROMIUM='$chromium' npx --no-install playwright test --reporter=line"
		summary+=", $d $(passed) passed in Chromium (build and dev)"
	done
	# The consumer coverage of the Playwright run (tests/coverage.spec.js
	# keeps each test's report): joined as CI joins shards, written as
	# JUnit, and held to a threshold.
	step "rtq coverage merge" bash -c "cd '$root' && go run ./cmd/rtq coverage merge '$work'/playwright/test-results/*/consumer-coverage.json --out '$work/consumer-coverage.xml' --min endpoints=20 --fail-on-findings"
	grep -q '<testcase name="record/getRecord 503" classname="coverage.errors"></testcase>' "$work/consumer-coverage.xml" ||
		step "the coverage report counts the 503 the app met" false
	summary+=", consumer coverage in ${work#"$root"/}/consumer-coverage.xml"

	# The app with no mock in the page (tests/http.spec.js): built without
	# VITE_MOCK, its calls forwarded by vite preview over HTTP to rtq proxy
	# in front of rtq mock, both on free loopback ports. The proxy judges
	# every answer; its JSON report must judge some and hold no violation.
	step "vite build without VITE_MOCK" bash -c "cd '$work/vite' && npx --no-install vite build --outDir dist-http"
	rtq="$work/rtq-cmd"
	step "go build rtq" bash -c "cd '$root' && go build -o '$rtq' ./cmd/rtq"
	# The page (vite preview's origin) posts the mock's admin calls and a
	# verify: the mock admits that origin, as it tells a user to.
	app_port=$(port)
	: >"$work/rtq-mock.log" # there before sed reads it, however late the mock starts
	"$rtq" mock --addr 127.0.0.1:0 --cors-origin "http://127.0.0.1:$app_port" 2>"$work/rtq-mock.log" &
	mock_pid=$!
	trap 'kill "$mock_pid" 2>/dev/null || true' EXIT
	mock=$(url_in "$work/rtq-mock.log")
	[ -n "$mock" ] || step "rtq mock on a free port (see ${work#"$root"/}/rtq-mock.log)" false
	report="$work/rtq-proxy.json"
	# shellcheck disable=SC2016 # $RTQ_PROXY_URL is the proxy's, set for the command it runs
	step "playwright test through rtq proxy" env -C "$work/playwright" PORT="$app_port" CHROMIUM="$chromium" \
		"$rtq" proxy --upstream "$mock" --addr 127.0.0.1:0 --allow-writes --format json --out "$report" -- \
		sh -c 'RTQ_API_URL="$RTQ_PROXY_URL" exec npx --no-install playwright test --reporter=line'
	kill "$mock_pid" 2>/dev/null || true
	http_passed=$(passed)
	# shellcheck disable=SC2016 # a JavaScript template literal
	judged=$(node -e '
		const r = require(process.argv[1]);
		if (!(r.traffic.judged > 0) || r.summary.failed !== 0) process.exit(1);
		console.log(`${r.traffic.judged} exchanges judged, ${r.summary.failed} violations`);
	' "$report") || step "the proxy judged the run and found no violation (${report#"$root"/})" false
	summary+=", $http_passed passed over HTTP through rtq proxy ($judged)"

	# The same suite through rtq proxy in front of the independent fake
	# (testkit/foreign) with every one of its bugs on: the app shows what
	# the bugs make of the data, so Playwright's own verdict is not held.
	# The fake (testkit/foreign/foreignserve) serves the examples' keys
	# and records and says, per bug, whether a build with that bug alone
	# answers this traffic otherwise than the correct build: those are
	# the bugs the traffic touches. Each must be reported; so that a
	# report can be laid at one bug's door (and no bug hides another),
	# the browser's requests, as the fake received them, are then sent
	# again through rtq proxy to a build with that bug alone, and its
	# report must hold a violation; the correct build's must hold none.
	t_fake=$(date +%s)
	fake="$work/foreignserve"
	step "go build foreignserve" bash -c "cd '$root' && go build -o '$fake' ./testkit/foreign/foreignserve"
	fake_pid=""
	trap 'kill "$mock_pid" ${fake_pid:+"$fake_pid"} 2>/dev/null || true' EXIT
	# start_fake NAME ARG...: the fake on a free port; sets fake_pid, fake_url.
	start_fake() {
		local name=$1
		shift
		: >"$work/$name.log" # there before sed reads it, however late the fake starts
		"$fake" --addr 127.0.0.1:0 "$@" 2>"$work/$name.log" &
		fake_pid=$!
		fake_url=$(url_in "$work/$name.log")
		[ -n "$fake_url" ] || step "foreignserve $* on a free port (see ${work#"$root"/}/$name.log)" false
	}
	# stop_fake: SIGTERM, on which the fake writes its --touched and --log.
	stop_fake() {
		kill -TERM "$fake_pid"
		wait "$fake_pid" || step "foreignserve stopped and wrote its files (see the log)" false
		fake_pid=""
	}
	fprofile="$work/foreign-profile.json"
	start_fake foreign-live --bugs all --profile "$fprofile" --touched "$work/foreign-touched.json" --log "$work/foreign-requests.json"
	echo "== playwright test through rtq proxy in front of the fake with every bug on (its verdict not held)" >>"$log"
	# shellcheck disable=SC2016 # $RTQ_PROXY_URL is the proxy's, set for the command it runs
	env -C "$work/playwright" PORT="$(port)" CHROMIUM="$chromium" \
		"$rtq" proxy --upstream "$fake_url" --addr 127.0.0.1:0 --allow-writes --profile "$fprofile" --format json --out "$work/foreign-proxy.json" -- \
		sh -c 'RTQ_API_URL="$RTQ_PROXY_URL" exec npx --no-install playwright test --reporter=line' >>"$log" 2>&1 || true
	stop_fake
	mapfile -t touched < <(node -e '
		const r = require(process.argv[1]);
		for (const b of [...r.touched, ...r.masked]) if (b.alone > 0) console.log(b.bug);
	' "$work/foreign-touched.json")
	[ "${#touched[@]}" -gt 0 ] || step "the browser's traffic touches some bug of the fake (${work#"$root"/}/foreign-touched.json)" false
	mkdir -p "$work/foreign-alone"
	for bug in none "${touched[@]}"; do
		start_fake "foreign-alone/$bug" --bugs "$bug"
		echo "== the browser's requests again through rtq proxy, to the fake with bug $bug alone" >>"$log"
		"$rtq" proxy --upstream "$fake_url" --addr 127.0.0.1:0 --allow-writes --profile "$fprofile" --format json \
			--out "$work/foreign-alone/$bug.json" -- "$fake" replay --log "$work/foreign-requests.json" >>"$log" 2>&1 || true
		stop_fake
	done
	# knownGaps: the touched bugs the proxy cannot report from this
	# traffic, each with why (as proxy/witness_test.go's knownGaps). A bug
	# leaves the table when the proxy reports it, and a new bug of the fake
	# this traffic touches and the proxy cannot report joins it: the check
	# below fails while the table says otherwise than the run.
	# shellcheck disable=SC2016 # a JavaScript template literal
	witnessed=$(node -e '
		const knownGaps = {
			"a2-always-gzip": "answers are gzipped whatever Accept-Encoding says; the browser asks for gzip",
			"a3-gzip-despite-q-zero": "answers are gzipped also to gzip;q=0; the browser asks for gzip",
		};
		const [dir, ...bugs] = process.argv.slice(1);
		const failed = (name) => require(`${dir}/${name}.json`).checks.filter((c) => c.status === "fail");
		const errs = [];
		const none = failed("none");
		if (none.length) errs.push(`the correct build: the proxy reports ${none.map((c) => c.id)}`);
		let reported = 0;
		const gaps = [];
		for (const bug of bugs) {
			const f = failed(bug);
			if (f.length && knownGaps[bug]) errs.push(`${bug} is a known gap (${knownGaps[bug]}), but the proxy reports it: ${f.map((c) => c.id)}`);
			else if (f.length) reported++;
			else if (knownGaps[bug]) gaps.push(bug);
			else errs.push(`${bug} altered answers the browser got, and the proxy reported nothing`);
		}
		for (const bug of Object.keys(knownGaps)) if (!bugs.includes(bug)) errs.push(`${bug} is a known gap, but the traffic no longer touches it`);
		if (errs.length) { console.error(errs.join("\n")); process.exit(1); }
		console.log(`${reported} of ${bugs.length} touched bugs reported, ${gaps.length} known gaps`);
	' "$work/foreign-alone" "${touched[@]}" 2>>"$log") ||
		step "every bug the browser's traffic touched is reported (the reasons are above; reports in ${work#"$root"/}/foreign-alone)" false
	# shellcheck disable=SC2016 # a JavaScript template literal
	live=$(node -e '
		const r = require(process.argv[1]);
		if (!(r.traffic.judged > 0) || r.summary.failed === 0) process.exit(1);
		console.log(`${r.traffic.judged} exchanges judged, ${r.summary.failed} violations with every bug on`);
	' "$work/foreign-proxy.json") || step "the proxy judged the run in front of the fake and reported violations (${work#"$root"/}/foreign-proxy.json)" false
	summary+="; in front of the independent fake: $witnessed ($live; $(($(date +%s) - t_fake)) s)"
else
	summary+=", WARNING: no Chromium (RTQ_CHROMIUM, chromium): the Playwright and Storybook runs SKIPPED"
fi
t3=$(date +%s)
echo "frontend examples: $summary (rtq wasm $((t1 - t0)) s, npm ci $((t2 - t1)) s, runs $((t3 - t2)) s)"
