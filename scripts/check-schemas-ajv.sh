#!/usr/bin/env bash
# check-schemas-ajv.sh: check schemas/ with a second, independent JSON Schema
# draft 2020-12 validator (ajv + ajv-formats, Node.js), loading the files
# straight from disk the way any user's validator would.
#
#   scripts/check-schemas-ajv.sh
#       validate every fixture under fixtures/messages and expect the verdict
#       its name states (<schema>.valid*.json passes, <schema>.invalid*.json
#       fails); exit 1 on any disagreement.
#   scripts/check-schemas-ajv.sh --fixtures DIR
#       the same for another directory laid out like fixtures/messages, e.g.
#       the generated cases of the Go tests:
#         RTQ_SCHEMA_CASES=/tmp/cases go test ./schemas -run DumpCases
#         scripts/check-schemas-ajv.sh --fixtures /tmp/cases
#   scripts/check-schemas-ajv.sh SCHEMA DOC.json...
#       validate documents against one schema file, e.g.
#       scripts/check-schemas-ajv.sh record/getRecord.response.json body.json
#       (exit 1 when a document is invalid).
#
#   scripts/check-schemas-ajv.sh --install
#       only install ajv (exit 1 when npm cannot), so CI can tell a missing
#       registry apart from a disagreement.
#
# ajv is installed on first use with npm into .tools/ajv (git-ignored).
# Needs node and npm. The Go tests (go test ./schemas) are the primary check;
# this script shows that the schemas mean the same to another implementation.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools="$root/.tools/ajv"

if [ ! -d "$tools/node_modules/ajv" ] || [ ! -d "$tools/node_modules/ajv-formats" ]; then
	mkdir -p "$tools"
	[ -f "$tools/package.json" ] || echo '{"name":"rtq-ajv","private":true}' >"$tools/package.json"
	echo "installing ajv into $tools" >&2
	(cd "$tools" && npm install --no-audit --no-fund --silent ajv@8 ajv-formats@3) >&2
fi
[ "${1:-}" = "--install" ] && exit 0

NODE_PATH="$tools/node_modules" RTQ_ROOT="$root" exec node - "$@" <<'JS'
const fs = require("fs");
const path = require("path");
const { pathToFileURL } = require("url");
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;

const root = process.env.RTQ_ROOT;
const schemaDir = path.join(root, "schemas");
let fixtureDir = path.join(root, "fixtures", "messages");

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "testdata" ? [] : walk(p);
    return e.name.endsWith(".json") ? [p] : [];
  });
}

// strictSchema stays on (unknown keywords, bad formats are errors); the
// stylistic strict checks (types spelled out beside every keyword, required
// members declared in the same subschema) are off: they are not rules of
// JSON Schema, and if/then conditions rely on exactly that.
const ajv = new Ajv2020({
  allErrors: true, strictSchema: true, strictNumbers: true,
  strictTypes: false, strictTuples: false, strictRequired: false, allowUnionTypes: true,
});
addFormats(ajv);
const keyOf = (file) => pathToFileURL(path.join(schemaDir, file)).href;
for (const p of walk(schemaDir)) {
  ajv.addSchema(JSON.parse(fs.readFileSync(p, "utf8")), pathToFileURL(p).href);
}

// Compile every file up front, so a broken schema is reported as such.
let broken = 0;
for (const p of walk(schemaDir)) {
  try {
    ajv.getSchema(pathToFileURL(p).href);
  } catch (e) {
    broken++;
    console.log(`SCHEMA   ${path.relative(schemaDir, p)}: ${e.message}`);
  }
}
if (broken) process.exit(1);

function check(schemaFile, docPath) {
  const validate = ajv.getSchema(keyOf(schemaFile));
  if (!validate) throw new Error(`no schema file ${schemaFile}`);
  const ok = validate(JSON.parse(fs.readFileSync(docPath, "utf8")));
  const errors = (validate.errors || []).map((e) => `${e.instancePath || "/"}: ${e.message}`);
  return { ok, errors };
}

let args = process.argv.slice(2);
if (args[0] === "--fixtures") {
  if (!args[1]) { console.error("--fixtures needs a directory"); process.exit(2); }
  fixtureDir = path.resolve(args[1]);
  args = args.slice(2);
}
if (args.length > 0) {
  const [schemaFile, ...docs] = args;
  let bad = 0;
  for (const d of docs) {
    const { ok, errors } = check(schemaFile, d);
    console.log(`${ok ? "valid  " : "INVALID"} ${d}`);
    for (const e of errors) console.log(`    ${schemaFile}: ${e}`);
    if (!ok) bad++;
  }
  process.exit(bad ? 1 : 0);
}

const nameRe = /^(.+)\.(valid|invalid)(-[a-z0-9-]+)?\.json$/;
let total = 0, disagree = 0;
const quiet = process.env.QUIET === "1";
for (const p of walk(fixtureDir).sort()) {
  const rel = path.relative(fixtureDir, p).split(path.sep).join("/");
  const m = nameRe.exec(rel);
  if (!m) { console.log(`BADNAME ${rel}`); disagree++; continue; }
  total++;
  const { ok, errors } = check(`${m[1]}.json`, p);
  const want = m[2] === "valid";
  if (ok === want) {
    if (!quiet) console.log(`ok       ${rel}${ok ? "" : "  (" + errors[0] + ")"}`);
  } else {
    disagree++;
    console.log(`DISAGREE ${rel}: want ${m[2]}, ajv says ${ok ? "valid" : "invalid"}`);
    for (const e of errors) console.log(`    ${e}`);
  }
}
console.log(`\najv ${require("ajv/package.json").version}: ${total} fixtures, ${disagree} disagreements`);
process.exit(disagree ? 1 : 0);
JS
