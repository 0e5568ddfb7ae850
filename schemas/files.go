// Package schemas holds the JSON Schemas (draft 2020-12) of every message of
// the Record and Template Query Service and validates documents against them.
//
// The schema files are the contract users can take away: plain JSON with
// relative $refs, so any validator loads them straight from disk. This package
// embeds the same bytes, so the mock server, the conformance runner and the
// tests judge documents by exactly the files that ship.
//
// The WebAssembly build (rtq wasm) has only FS and the format checks: the
// validator's package compiles every draft's meta-schema when a program
// starts, longer in WebAssembly than the module's whole start budget.
// package scenario checks a scenario there with a validator of its own,
// held equal to this one by its tests.
package schemas

import "embed"

// FS holds every schema file: record.json, common.json,
// <group>/<operation>.{request,response,error}.json, and the scenario and
// profile schemas. Groups are listed by name (not */*.json) so that a
// testdata directory can never slip into the contract.
//
//go:embed *.json record/*.json certificates/*.json templates/*.json
var FS embed.FS

// BaseURL is where the embedded files are registered with the compiler.
// It is never fetched; it only gives relative $refs a base to resolve
// against, exactly as the directory does on disk.
const BaseURL = "https://rtq.dev/schemas/"
