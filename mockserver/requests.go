package mockserver

import "github.com/rtq-kit/rtq/mockserver/internal/journal"

// The journal as Go code reads it (GET /__admin/requests answers the same);
// the journal itself is package journal.

// RequestFilter selects journal entries, so a test asks "how many verifies
// did my code send with the write key" rather than scanning the journal.
type RequestFilter = journal.RequestFilter

// Request is one journal entry, with its body masked as the admin API
// shows it.
type Request = journal.Request

// NoKey, as RequestFilter.Key, selects the requests made without an
// accepted key.
const NoKey = journal.NoKey

// Requests lists the journaled requests f selects, newest first.
// A store that cannot be reached lists none, and says why in the log.
func (s *Server) Requests(f RequestFilter) []Request {
	rs, err := s.store.Root().Journal.Requests(f)
	if err != nil {
		s.logf("rtq mock: journal: %v", err)
	}
	return rs
}

// ClearRequests empties the journal, as DELETE /__admin/requests does.
func (s *Server) ClearRequests() {
	if err := s.store.Root().Journal.Clear(); err != nil {
		s.logf("rtq mock: journal: %v", err)
	}
}
