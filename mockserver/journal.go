package mockserver

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/mockserver/internal/jsonw"
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
	"github.com/rtq-kit/rtq/scenario"
)

// journalBody is how much of a request body an entry keeps.
const journalBody = 512

// journal is a fixed ring of the latest requests. Entries are preallocated
// and overwritten in place, so recording a request allocates nothing; the
// summary a user sees is built only when the journal is read.
type journal struct {
	mu      sync.Mutex
	entries []entry
	next    int
	n       int
}

type entry struct {
	at      time.Time
	method  string
	path    string
	key     string // the key's Name, never its secret
	status  int
	code    int
	dur     time.Duration
	bodyLen int
	body    [journalBody]byte
}

func newJournal(size int) *journal { return &journal{entries: make([]entry, size)} }

func (j *journal) add(c *call) {
	j.mu.Lock()
	e := &j.entries[j.next]
	e.at, e.method, e.path = c.start, c.r.Method, journalPath(c.r.URL.Path)
	e.key = ""
	if c.key != nil {
		e.key = c.key.Name
	}
	e.status, e.code, e.dur, e.bodyLen = c.status, c.code, c.elapsed(), len(c.body)
	copy(e.body[:], c.body)
	j.next = (j.next + 1) % len(j.entries)
	j.n = min(j.n+1, len(j.entries))
	j.mu.Unlock()
}

// journalPath keeps at most 256 bytes of a path, copied, so a long path
// does not keep its whole request alive in the ring.
func journalPath(p string) string {
	if len(p) <= 256 {
		return p
	}
	return strings.Clone(p[:256]) + "…"
}

func (j *journal) clear() {
	j.mu.Lock()
	j.next, j.n = 0, 0
	j.mu.Unlock()
}

// appendJSON renders the entries f selects, newest first, as
// {"requests":[...]}. Bodies are summarised with secrets masked (see
// summarize).
func (j *journal) appendJSON(dst []byte, keys []*scenario.Key, f RequestFilter) []byte {
	dst = append(dst, `{"requests":[`...)
	first := true
	j.each(f, func(e *entry) {
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = append(dst, `{"time":`...)
		dst = jsonw.AppendString(dst, e.at.UTC().Format(time.RFC3339Nano))
		dst = append(dst, `,"method":`...)
		dst = jsonw.AppendString(dst, e.method)
		dst = append(dst, `,"path":`...)
		dst = jsonw.AppendString(dst, e.path)
		dst = append(dst, `,"key":`...)
		dst = jsonw.AppendString(dst, e.key)
		dst = append(dst, `,"status":`...)
		dst = strconv.AppendInt(dst, int64(e.status), 10)
		dst = append(dst, `,"code":`...)
		dst = strconv.AppendInt(dst, int64(e.code), 10)
		dst = append(dst, `,"duration_ms":`...)
		dst = strconv.AppendFloat(dst, float64(e.dur.Microseconds())/1000, 'f', 3, 64)
		dst = append(dst, `,"body":`...)
		dst = jsonw.AppendString(dst, summarize(e, keys))
		dst = append(dst, '}')
	})
	return append(dst, "]}"...)
}

// sensitiveMembers are request members whose values the journal masks.
var sensitiveMembers = map[string]bool{"authorization": true, "api_key": true, "apikey": true,
	"secret": true, "password": true, "token": true, "access_token": true, "admin_token": true}

// summarize is an entry's body as the journal shows it: the JSON object
// re-encoded with sensitive members and any API key secret masked, or a
// note for bodies too long to keep or not JSON.
func summarize(e *entry, keys []*scenario.Key) string {
	if e.bodyLen == 0 {
		return ""
	}
	if e.bodyLen > journalBody {
		return "(" + strconv.Itoa(e.bodyLen) + " bytes, too long to keep)"
	}
	var b bytes.Buffer
	b.WriteByte('{')
	err := jsonw.Members(e.body[:e.bodyLen], func(nameBytes, raw []byte) {
		name := string(nameBytes)
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.Write(jsonw.AppendString(nil, name))
		b.WriteByte(':')
		s, isString := jsonw.String(raw)
		switch {
		case isString && (sensitiveMembers[strings.ToLower(name)] || isSecret(s, keys)):
			b.Write(jsonw.AppendString(nil, wire.MaskField("", s)))
		case isString:
			b.Write(jsonw.AppendString(nil, s))
		default:
			b.Write(compact(raw))
		}
	})
	if err != nil {
		return "(" + strconv.Itoa(e.bodyLen) + " bytes, " + err.Error() + ")"
	}
	b.WriteByte('}')
	return b.String()
}

func isSecret(s string, keys []*scenario.Key) bool {
	for _, k := range keys {
		if k.Secret != "" && strings.Contains(s, k.Secret) {
			return true
		}
	}
	return false
}

func compact(raw []byte) []byte {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return raw
	}
	return b.Bytes()
}
