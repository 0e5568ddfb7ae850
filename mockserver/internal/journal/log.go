package journal

import "github.com/rtq-kit/rtq/scenario"

// Log is a space's request journal as the server uses it: Journal, this
// process's ring, or a journal a store shares between replicas. Add
// reports no error: a request is answered whatever becomes of its entry
// (a shared journal may wait for its write, so that any replica finds an
// answered request, but a write that fails is logged, not answered); a
// read or a clear says when the journal cannot be reached.
type Log interface {
	// Add records one answered request.
	Add(x Exchange)
	// AppendJSON renders the entries f selects, newest first, as
	// {"requests":[...]} (GET /__admin/requests).
	AppendJSON(dst []byte, f RequestFilter) ([]byte, error)
	// Requests lists the entries f selects, newest first.
	Requests(f RequestFilter) ([]Request, error)
	// Clear empties the journal.
	Clear() error
	// Remember adds secrets the journal masks in the bodies it shows.
	Remember(keys []*scenario.Key, more ...string)
}

var _ Log = (*Journal)(nil)
