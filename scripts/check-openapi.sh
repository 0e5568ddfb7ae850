#!/usr/bin/env bash
# check-openapi.sh: check the OpenAPI 3.1 document of `rtq openapi` with two
# independent tools from npm, which must both accept it:
#   - @redocly/cli lint (rules in scripts/redocly.yaml): structure, $refs,
#     and every example validated against its schema by a second JSON
#     Schema implementation (ajv);
#   - @apidevtools/swagger-parser validate: the OpenAPI 3.1 meta-schema and
#     every $ref resolved.
#
#   scripts/check-openapi.sh [FILE]
#       check FILE (default openapi/testdata/openapi.json, the golden file
#       that go test ./openapi keeps equal to what rtq openapi prints).
#   scripts/check-openapi.sh --install
#       only install the tools (exit 1 when npm cannot), so CI can tell a
#       missing registry apart from a bad document.
#
# The tools are installed on first use with npm into .tools/openapi
# (git-ignored). Needs node and npm.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools="$root/.tools/openapi"

if [ ! -x "$tools/node_modules/.bin/redocly" ] || [ ! -d "$tools/node_modules/@apidevtools/swagger-parser" ]; then
	mkdir -p "$tools"
	[ -f "$tools/package.json" ] || echo '{"name":"rtq-openapi","private":true}' >"$tools/package.json"
	echo "installing @redocly/cli and @apidevtools/swagger-parser into $tools" >&2
	(cd "$tools" && npm install --no-audit --no-fund --silent @redocly/cli@2 @apidevtools/swagger-parser@12) >&2
fi
[ "${1:-}" = "--install" ] && exit 0

doc="${1:-$root/openapi/testdata/openapi.json}"
[ -f "$doc" ] || { echo "check-openapi: no file $doc" >&2; exit 2; }

if ! out=$(REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true \
	"$tools/node_modules/.bin/redocly" lint --config "$root/scripts/redocly.yaml" --format stylish "$doc" 2>&1); then
	echo "$out"
	echo "check-openapi: redocly lint rejects $doc"
	exit 1
fi
warnings=$(grep -cE '^ +[0-9]+:[0-9]+ +warning ' <<<"$out" || true)

NODE_PATH="$tools/node_modules" node - "$doc" <<'JS'
const SwaggerParser = require("@apidevtools/swagger-parser");
SwaggerParser.validate(process.argv[2]).then((api) => {
  const ops = Object.values(api.paths).flatMap((p) => Object.keys(p)).length;
  console.log(`swagger-parser: OpenAPI ${api.openapi}, ${ops} operations, valid`);
}).catch((e) => {
  console.log(`check-openapi: swagger-parser rejects ${process.argv[2]}: ${e.message}`);
  process.exit(1);
});
JS
echo "openapi: redocly lint and swagger-parser accept $(basename "$doc") ($warnings redocly warnings)"
