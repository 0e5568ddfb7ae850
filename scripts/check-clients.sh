#!/usr/bin/env bash
# check-clients.sh: generate typed clients from `rtq openapi` with the
# generators people use, and call every endpoint of a running `rtq mock`
# with each (docs/ecosystem.md, "Typed clients, checked against the mock"):
#   oapi-codegen   Go tool of a throw-away module, made by the Go recipe of
#                  docs/ecosystem.md as written; then that recipe and
#                  testdata/oapi-codegen/main.go run
#   ogen           Go tool of a second throw-away module;
#                  testdata/ogen/main.go run
#   typescript     openapi-typescript and openapi-fetch under tsc --strict:
#                  the TypeScript recipe of docs/ecosystem.md as written and
#                  testdata/ts/src/main.ts, compiled and run with node
#   postman        openapi-to-postmanv2, the collection run by newman as
#                  imported: every request must get a 200
# Each client wants a typed success and a typed error answer from every
# endpoint, and each typed client must refuse to compile a line that reads a
# member the contract does not have (testdata/*/negative*).
#
#   scripts/check-clients.sh
#
# The generators are pinned: the Go tools by the recipe's @version (the
# module cache keeps them), the npm packages by scripts/clients/package.json
# and its lockfile, installed into scripts/clients/node_modules (git-ignored)
# and reinstalled only when the lockfile changes. The work happens in
# .tools/clients (git-ignored, outside the main module). The mock is built
# from this tree and listens on a free loopback port; it is reset between
# clients (verify moves a credential).
#
# Prints one line per client and a summary. When the npm registry or the
# Go module proxy cannot be reached it says so in a WARNING line and skips
# what needs it; any other failure prints the log and exits 1.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
npmdir="$root/scripts/clients"
data="$npmdir/testdata"
work="$root/.tools/clients"
log="$root/.tools/clients.log"
export NO_UPDATE_NOTIFIER=1 NO_COLOR=1 GOFLAGS=-mod=mod GOWORK=off

t0=$(date +%s)
rm -rf "$work"
mkdir -p "$work/bin"
: >"$log"

# step NAME CMD...: runs CMD into the log; on failure prints the log.
step() {
	local name=$1
	shift
	echo "== $name: $*" >>"$log"
	if ! "$@" >>"$log" 2>&1; then
		tail -n 80 "$log"
		echo "clients: FAILED at $name (the log is above, and in ${log#"$root"/})"
		exit 1
	fi
}

# refused NAME PATTERN CMD...: CMD must fail (a compiler refusing a line,
# a generator stopping at a known construct) with PATTERN in its output.
refused() {
	local name=$1 pattern=$2 out
	shift 2
	echo "== $name (must fail): $*" >>"$log"
	if out=$("$@" 2>&1); then
		echo "$out" >>"$log"
		echo "clients: FAILED at $name: it succeeded, and it must not ($pattern)"
		exit 1
	fi
	echo "$out" >>"$log"
	if ! grep -qE "$pattern" <<<"$out"; then
		echo "$out"
		echo "clients: FAILED at $name: it failed, but not for the reason it must ($pattern)"
		exit 1
	fi
}

# docblock MARKER: the fenced block of docs/ecosystem.md after the line
# <!-- check-clients: MARKER --> (other marker lines may sit between).
docblock() {
	awk -v m="<!-- check-clients: $1 -->" '
		$0 == m { armed = 1; next }
		armed && !inside && /^```/ { inside = 1; next }
		inside && /^```/ { exit }
		inside { print }
	' "$root/docs/ecosystem.md"
}

# reachable: whether a failed fetch was the network's fault.
go_proxy_down() { ! timeout 30 go list -m github.com/oapi-codegen/oapi-codegen/v2@latest >/dev/null 2>&1; }
npm_down() { ! timeout 30 npm ping >/dev/null 2>&1; }

# rtq from this tree, first on PATH (the recipes call rtq), and its mock.
step "build rtq" go build -C "$root" -o "$work/bin/rtq" ./cmd/rtq
export PATH="$work/bin:$PATH"
exec 3< <(exec rtq mock --addr 127.0.0.1:0 2>&1)
mockpid=$!
trap 'kill "$mockpid" 2>/dev/null || true' EXIT
read -r first <&3 || true
base=$(grep -oE 'http://127\.0\.0\.1:[0-9]+' <<<"$first" | head -n 1 || true)
[ -n "$base" ] || step "start rtq mock ($first)" false
cat <&3 >"$work/mock.log" &
export RTQ_BASE_URL="$base"
reset() { curl -sf -X POST "$base/__admin/reset" >/dev/null; }
rtq openapi --out "$work/openapi.json"
# The field types the Go clients must decode: the values of the
# record.Field union's discriminator mapping (the programs write no count;
# grep, not node, so the Go clients run where node is missing).
RTQ_FIELD_TYPES=$(grep -cE '^ *"[a-z_]+": "#/components/schemas/record\.Field\.' "$work/openapi.json" || true)
export RTQ_FIELD_TYPES
rtq openapi --openapi 3.0 --out "$work/openapi-3.0.json" 2>/dev/null
export RTQ_OPENAPI="$work/openapi.json"

summary=()
warn=()

# ---- oapi-codegen: the docs' Go recipe as written, then every endpoint.
go_client() {
	local gen=$1
	echo "== $gen: generate" >>"$log"
	if ! (cd "$work" && bash -euo pipefail -c "$(docblock "$gen: run")") >>"$log" 2>&1; then
		if go_proxy_down; then
			warn+=("WARNING: the Go module proxy cannot be reached: the $gen client SKIPPED")
			return
		fi
		tail -n 40 "$log"
		echo "clients: FAILED at $gen: generate (the log is above)"
		exit 1
	fi
}

go_client oapi-codegen
mod="$work/rtqclient"
[ -f "$mod/rtq/rtq.gen.go" ] && {
	docblock "oapi-codegen: recipe.go" >"$mod/recipe.go"
	[ -s "$mod/recipe.go" ] || step "the Go recipe in docs/ecosystem.md" false
	cp "$data/oapi-codegen/main.go" "$mod/"
	step "oapi-codegen: build" go -C "$mod" build -o "$work/bin/oapi-codegen-client" .
	reset
	step "oapi-codegen: run" "$work/bin/oapi-codegen-client"
	mkdir -p "$mod/negative" && cp "$data/oapi-codegen/negative/negative.go" "$mod/negative/"
	refused "oapi-codegen: negative" 'FieldValue\.Values undefined' go -C "$mod" build ./negative
	summary+=("$(grep -h '^oapi-codegen client:' "$log" | tail -n 1), a missing member refused")
	# The 3.0.3 document says a nullable enum as 3.0.3 wants it, with null
	# among the values, and oapi-codegen's Go enums have no null: it stops
	# there (docs/ecosystem.md, "OpenAPI 3.0"). Should it read it one day,
	# this fails so the docs stop saying otherwise.
	refused "oapi-codegen on the 3.0.3 document" 'enum value "<nil>"' \
		go -C "$mod" tool oapi-codegen -generate types,client -package rtq -o /dev/null ../openapi-3.0.json
	summary+=("oapi-codegen on the 3.0.3 document: stops at a nullable enum (null among the values), as docs/ecosystem.md says; use the 3.1 document")
}

# ---- ogen: a throw-away module of its own.
ogen_version=v1.25.0
omod="$work/rtqogen"
mkdir -p "$omod"
echo "== ogen: generate" >>"$log"
if (cd "$omod" && go mod init example.com/rtqogen &&
	go get -tool "github.com/ogen-go/ogen/cmd/ogen@$ogen_version" &&
	go tool ogen -clean -package rtq -target rtq ../openapi.json &&
	go mod tidy) >>"$log" 2>&1; then
	cp "$data/ogen/main.go" "$omod/"
	step "ogen: build" go -C "$omod" build -o "$work/bin/ogen-client" .
	reset
	step "ogen: run" "$work/bin/ogen-client"
	mkdir -p "$omod/negative" && cp "$data/ogen/negative/negative.go" "$omod/negative/"
	refused "ogen: negative" 'FieldValue\.Values undefined' go -C "$omod" build ./negative
	summary+=("$(grep -h '^ogen client:' "$log" | tail -n 1), a missing member refused")
elif go_proxy_down; then
	warn+=("WARNING: the Go module proxy cannot be reached: the ogen client SKIPPED")
else
	tail -n 40 "$log"
	echo "clients: FAILED at ogen: generate (the log is above)"
	exit 1
fi
t1=$(date +%s)

# ---- npm: install the pinned packages once per lockfile.
npm_ok=1
stamp="$npmdir/node_modules/.rtq-lock"
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	warn+=("WARNING: node or npm missing: the TypeScript and Postman clients SKIPPED")
	npm_ok=0
elif ! cmp -s "$npmdir/package-lock.json" "$stamp" 2>/dev/null; then
	echo "== npm ci in scripts/clients" >>"$log"
	if (cd "$npmdir" && npm ci --prefer-offline --no-audit --no-fund --fetch-retries=1 --fetch-timeout=60000) >>"$log" 2>&1; then
		cp "$npmdir/package-lock.json" "$stamp"
	elif npm_down; then
		warn+=("WARNING: the npm registry cannot be reached: the TypeScript and Postman clients SKIPPED")
		npm_ok=0
	else
		tail -n 40 "$log"
		echo "clients: FAILED at npm ci in scripts/clients (the log is above)"
		exit 1
	fi
fi
bin="$npmdir/node_modules/.bin"

# The versions docs/ecosystem.md tells users to install are the ones pinned.
pins=$(docblock "ts: run" | grep -oE '(@?[a-z][a-z0-9/-]*)@[0-9][0-9.]*' || true)
for pin in $pins; do
	name=${pin%@*}
	grep -q "\"$name\": \"${pin##*@}\"" "$npmdir/package.json" ||
		step "docs/ecosystem.md installs $pin, scripts/clients/package.json pins another version" false
done
[ -n "$pins" ] || step "the npm install lines of docs/ecosystem.md" false
grep -q "ogen/cmd/ogen@$ogen_version" "$root/docs/ecosystem.md" ||
	step "docs/ecosystem.md names ogen $ogen_version" false

if [ "$npm_ok" = 1 ]; then
	# ---- TypeScript: the docs' recipe as written, then every endpoint.
	ts="$work/ts"
	cp -r "$data/ts" "$ts"
	ln -s "$npmdir/node_modules" "$ts/node_modules"
	docblock "ts: src/recipe.ts" >"$ts/src/recipe.ts"
	[ -s "$ts/src/recipe.ts" ] || step "the TypeScript recipe in docs/ecosystem.md" false
	gen=$(docblock "ts: run" | grep 'npx openapi-typescript')
	[ -n "$gen" ] || step "the openapi-typescript line in docs/ecosystem.md" false
	cp "$work/openapi.json" "$ts/"
	step "openapi-typescript" bash -c "cd '$ts' && $gen"
	step "tsc --strict" "$bin/tsc" -p "$ts"
	reset
	step "typescript: run" node "$ts/dist/main.js"
	refused "typescript: negative" "TS4111: Property 'values'.*TS2339: Property 'fields'" \
		bash -o pipefail -c "'$bin/tsc' -p '$ts/tsconfig.negative.json' | tr '\n' ' '"
	summary+=("$(grep -h '^openapi-typescript client:' "$log" | tail -n 1), missing members refused")

	# ---- Postman: the collection as imported, run by newman.
	pm="$work/postman"
	mkdir -p "$pm"
	step "openapi-to-postmanv2" "$bin/openapi2postmanv2" -s "$work/openapi.json" -o "$pm/collection.json" \
		-O "parametersResolution=Example,folderStrategy=Tags"
	if grep -q 'Invalid option' "$log"; then
		step "openapi-to-postmanv2 took every option" false
	fi
	reset
	step "newman" "$bin/newman" run "$pm/collection.json" --env-var "baseUrl=$base" \
		--env-var "bearerToken=rtq-demo-write" --reporters json --reporter-json-export "$pm/run.json"
	step "postman: every request a 200" node "$data/postman/check.js" "$pm/run.json"
	summary+=("$(grep -h '^postman collection:' "$log" | tail -n 1)")
fi
t2=$(date +%s)

for s in "${summary[@]}"; do echo "$s"; done
for w in "${warn[@]}"; do echo "$w"; done
passed=$(printf '%s\n' "${summary[@]}" | grep -c '^[a-z-]* \(client\|collection\):' || true)
echo "clients: $passed of 4 generated clients passed against rtq mock (Go $((t1 - t0)) s, npm $((t2 - t1)) s)"
