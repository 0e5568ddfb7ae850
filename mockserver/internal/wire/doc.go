// Package wire is the mock's encoder: everything that decides the bytes
// of an answer, and nothing about finding what to answer.
//
//   - envelope.go: the success envelopes ({"code":0,...}) of the
//     endpoints, written by appending, from the values the state returns
//     (state.RecordAnswer, state.Verified, state.FormPage, state.Page);
//     items.go: the list items, rendered once and kept in the state's
//     entries.
//   - json.go, jsonld.go, markdown.go: getRecord's three formats (docs/contract.md §4.1);
//     fieldtext.go: the one-line text of a field value both json-ld and
//     markdown show; mask.go: masking (docs/contract.md §C8).
//   - errorshape.go: an error's body in the endpoint's shape (errors are
//     package fail's values); status.go: the HTTP status line of an error.
//
// The mock's state decides which record, page or status to answer and
// returns it as values of the mock's own view of an answer (package
// answer, never the scenario's types: TestRoomsKeepOffForbiddenPackages);
// the handlers hand them here; nothing else builds an answer's bytes.
package wire
