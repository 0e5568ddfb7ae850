// Package wire is the mock's wire format: everything that decides the bytes
// of an answer, and nothing about finding what to answer.
//
//   - errors.go: every error answer, built from contract's tables;
//     errorshape.go: the endpoint's error body; status.go: the HTTP status line.
//   - envelope.go: the success envelopes ({"code":0,...}) of the five
//     endpoints, written by appending.
//   - json.go, jsonld.go, markdown.go: getRecord's three formats (docs/contract.md §4.1);
//     fieldtext.go: the one-line text of a field value both json-ld and
//     markdown show; mask.go: masking (docs/contract.md §C8).
//
// The mock's state decides which record, page or status to answer and calls
// here to write it; nothing else builds an answer's bytes.
package wire
