// Package mockserver is the stateful mock of the Record and Template Query
// Service: the endpoints of docs/contract.md §4 with the kit's choices of
// docs/contract.md §C1 to §C10, state built from a resolved scenario, and an admin
// API under /__admin. It never imports the conformance runner: the runner
// must not agree with the mock by sharing its logic.
//
// This package only wires the rooms of mockserver/internal together
// (server.go: Options, New, Start, Replace, Reset), lists the order of the
// request chain (chain.go) and routes a request (routes.go, and
// namespace_route.go for /s/{name}/ paths). A request flows one way
// through the rooms, each importing only those below it:
//
//	transport  connections, the connection cap, time limits, net/http's own
//	           errors as JSON (conn.go, accept.go); the Host check, CORS
//	           and the cross-site refusal (hostcheck.go, cors.go, crosssite.go)
//	chain      the Call every room works on; how an answer or error is written
//	handlers   the endpoints (handlers.go), the body limit, the API key
//	state      what a scenario serves and what verifies changed, returned
//	           as values (view.go): records, verify's conditions
//	           (verify.go), page tokens (cursor.go)
//	wire       the encoder: every answer's bytes, getRecord's formats
//	           (json.go, jsonld.go, markdown.go), error bodies, the
//	           status line of an error (status.go)
//
// Beside the flow: admin (the admin API and page), journal (the request
// journal, masked), namespace (the state namespaces and their idle
// expiry), faults (fault rules: errors, drops, delay.go) and logging (the
// request log). store is the one seam for everything that changes while
// the mock runs (the scenario loaded, the namespaces, and in each space
// its certificate statuses, journal and fault rules): memory.go is
// today's store, and store/storetest the suite any other store passes. Under them all: fail (every error answer as a value, a
// row of contract's error tables, whose Status column is the HTTP status)
// and jsonw (the JSON toolkit).
package mockserver
