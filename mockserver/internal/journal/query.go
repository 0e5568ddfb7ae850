package journal

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// NoKey, as RequestFilter.Key, selects the requests made without an
// accepted key (journaled with key ""), as the log writes them.
const NoKey = "-"

// RequestFilter selects journal entries, so a test asks "how many verifies
// did my code send with the write key" rather than scanning the journal.
// Zero members match everything; the set ones must all match.
type RequestFilter struct {
	Path   string // whole segments of the request path (getRecord, /api/v2/rpc/templates): see pathHas
	Key    string // the accepted key's name (demo-write), or NoKey
	Status int    // the HTTP status answered
	Limit  int    // at most this many entries, newest first; 0: all
}

// Request is one journal entry as Go code reads it: what GET
// /__admin/requests answers, with the same masking of the body.
type Request struct {
	Time     time.Time
	Method   string
	Path     string
	Key      string // the key's name, "" when none was accepted
	Status   int    // HTTP status
	Code     int    // the body's code
	Duration time.Duration
	Body     string // compact JSON with secrets masked, or a note (see summarize)
}

func (f RequestFilter) match(e *entry) bool {
	return (f.Path == "" || pathHas(e.path, f.Path)) &&
		(f.Key == "" || e.key == f.Key || f.Key == NoKey && e.key == "") &&
		(f.Status == 0 || e.status == f.Status)
}

// pathHas reports whether path holds want as a run of whole segments,
// slashes at either end of want aside: "getRecord", "record/getRecord"
// and "/api/v2/rpc/record" all select /api/v2/rpc/record/getRecord, and
// a whole path selects itself. A part of a segment selects nothing, so
// templates/list never selects templates/listQrcodes: no endpoint's path
// holds another's, and a test filtering by a whole path counts exactly
// that endpoint. Case matters, as in paths. Slashes only select every path.
func pathHas(path, want string) bool {
	want = strings.Trim(want, "/")
	for from := 0; from <= len(path)-len(want); {
		i := strings.Index(path[from:], want)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(want)
		if (i == 0 || path[i-1] == '/') && (end == len(path) || path[end] == '/') {
			return true
		}
		from = i + 1
	}
	return false
}

// Requests lists the journaled requests f selects, newest first.
func (j *Journal) Requests(f RequestFilter) ([]Request, error) {
	var out []Request
	j.Each(f, func(e *entry) {
		out = append(out, Request{Time: e.at, Method: e.method, Path: e.path, Key: e.key,
			Status: e.status, Code: e.code, Duration: e.dur, Body: j.summarize(e)})
	})
	return out, nil
}

// Summarize is the entry x would be, its body masked with the secrets j
// remembers: how a journal kept elsewhere (a shared store) masks a
// request before it leaves the process.
func (j *Journal) Summarize(x Exchange) Request {
	e := &entry{at: x.At, method: x.Method, path: journalPath(x.Path), key: x.Key,
		status: x.Status, code: x.Code, dur: x.Dur, bodyLen: len(x.Body)}
	copy(e.body[:], x.Body)
	j.mu.Lock()
	defer j.mu.Unlock()
	return Request{Time: e.at, Method: e.method, Path: e.path, Key: e.key,
		Status: e.status, Code: e.code, Duration: e.dur, Body: j.summarize(e)}
}

// Match tells whether f selects r (its Limit aside).
func (f RequestFilter) Match(r Request) bool {
	return (f.Path == "" || pathHas(r.Path, f.Path)) &&
		(f.Key == "" || r.Key == f.Key || f.Key == NoKey && r.Key == "") &&
		(f.Status == 0 || r.Status == f.Status)
}

// Each calls fn on the entries f selects, newest first, under the lock.
func (j *Journal) Each(f RequestFilter, fn func(*entry)) {
	j.mu.Lock()
	defer j.mu.Unlock()
	n := 0
	for i := 0; i < j.n && (f.Limit == 0 || n < f.Limit); i++ {
		e := &j.entries[(j.next-1-i+2*len(j.entries))%len(j.entries)]
		if f.match(e) {
			fn(e)
			n++
		}
	}
}

// filterParams are the query parameters of GET /__admin/requests, each
// with how it sets the filter; an error says what the value should be.
var filterParams = map[string]func(f *RequestFilter, v string) error{
	"path": func(f *RequestFilter, v string) error {
		if strings.Trim(v, "/") == "" {
			return fmt.Errorf("must name whole segments of a request path, such as getRecord or /api/v2/rpc/templates; got %q", v)
		}
		f.Path = v
		return nil
	},
	"key": func(f *RequestFilter, v string) error {
		f.Key = v
		return nil
	},
	"status": func(f *RequestFilter, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 100 || n > 599 {
			return fmt.Errorf("must be an HTTP status from 100 to 599; got %q", v)
		}
		f.Status = n
		return nil
	},
	"limit": func(f *RequestFilter, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return fmt.Errorf("must be a whole number of entries, at least 1; got %q", v)
		}
		f.Limit = n
		return nil
	},
}

// ParseFilter reads the journal filters of a raw query string. An
// empty value leaves its filter unset; an unknown or repeated parameter
// is an error, so a typo never silently lists everything.
func ParseFilter(rawQuery string) (RequestFilter, error) {
	var f RequestFilter
	q, err := url.ParseQuery(rawQuery)
	if err != nil {
		return f, fmt.Errorf("the query string is not URL-encoded: %w", err)
	}
	names := make([]string, 0, len(q))
	for name := range q {
		names = append(names, name)
	}
	slices.Sort(names) // the first problem reported is the same every time
	for _, name := range names {
		set, ok := filterParams[name]
		if !ok {
			return f, fmt.Errorf("unknown filter %q: the journal filters by path, key, status and limit", name)
		}
		vs := q[name]
		if len(vs) > 1 {
			return f, fmt.Errorf("filter %s: given %d times, give it once", name, len(vs))
		}
		if vs[0] == "" {
			continue
		}
		if err := set(&f, vs[0]); err != nil {
			return f, fmt.Errorf("filter %s: %w", name, err)
		}
	}
	return f, nil
}
