// Package foreign is an independent implementation of the Record and
// Template Query Service, for tests only: a second service, written from
// docs/contract.md alone, that makes its own legitimate choices wherever the
// specification is silent. rtq's own mock cannot show that the conformance
// runner or the recorder work against a service that is not the mock; this
// package can.
//
// It imports the standard library only (a test enforces it with go list
// -deps): no mockserver, no scenario, no state or wire format of the mock,
// not even contract. Agreeing with the mock by sharing its code would prove
// nothing.
//
// # What it serves
//
// New returns an http.Handler serving the endpoints of docs/contract.md
// §4 over a small fixed data set (see Profile for the facts a conformance
// run needs):
//
//   - record/getRecord as json, json-ld and markdown, with masking;
//   - certificates/verify over a certificate flow with the twelve error
//     codes of §7;
//   - record/getFormList with page paging, fuzzy search_key and exact number;
//   - templates/list and templates/listQrcodes with cursor paging and
//     creation-time filters.
//
// Every SPEC statement holds (a test runs the conformance runner against it,
// reads and writes, and expects a pass).
//
// # Where it differs from the mock
//
// On every point the specification leaves open (KIT in docs/contract.md) it
// chooses otherwise than rtq's mock, each choice a member of Options so that
// a test can also build a variant close to the mock (MockLike):
//
//   - Layout: its own json-ld (schema.org DigitalDocument with ListItem
//     entries) and markdown (a table per group) layouts;
//   - Message: success message "success", not "ok";
//   - Status: business errors answer HTTP 200 with the code in the body,
//     authentication errors HTTP 401 or 403;
//   - Codes: its own error codes where the spec leaves them open (an
//     unknown record is code 400, error_code 100310; a read key calling
//     verify is code 403, error_code 100403);
//   - Order: forms by last update, newest first; templates and sub-codes
//     newest first;
//   - OptionalAsNull false: optional members it has nothing for are left
//     out (no audit block when review is off, no null members);
//   - Oversize: a page_size over the maximum is refused, not clamped;
//   - ReversedWindow: an end_time before start_time answers an empty list
//     instead of an error;
//   - Search: search_key is split at white space and every word must occur
//     (in name, note or number), hits ordered name hits first.
//
// A credential record shows its certificate status as the specification
// shows a status: process_status (text and colour) and a state change entry
// per move, never a line of the mock's markdown.
//
// # Bugs
//
// Options.Bug switches on one realistic backend bug (Bugs lists them all,
// each with the statement of docs/contract.md it breaks), so that a test can
// show the conformance runner catches every one and raises no false alarm on
// the correct build. Options.Bugs switches on several at once, as a bad
// release ships them; a Witness then says which bug altered which answer,
// and which a bug hid.
//
// Options.Examples adds the names the frontend examples (examples/frontend)
// type: their demo keys, record 110001 with its certificate and record
// 100001, so that their browser suite can run against this service.
//
// # Rounds
//
// Rounds lists rounds of breaks written later to measure the runner from
// outside: each round's bugs (switched on through Options.Bug like the
// others) and its correct variants (Options.Variant: builds that differ
// from Defaults only where docs/contract.md allows, each citing the
// sentence that allows it). A probe test shows every bug and variant on an
// answer a client sees; e2e holds the runner to each round's first-sight
// figures.
package foreign
