package recorder

import (
	"bytes"
	"encoding/json"
	neturl "net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
)

// What a recording keeps of how the service answered, beside the domain:
// its success messages, its own json-ld and markdown of each record, and
// the optional members it leaves out where the kit would send null. The
// specification leaves each of these open, so the service's choice is
// the truth for a frontend that reads them (docs/record.md).

// shownSeen is what the capture kept of the service's dialect.
type shownSeen struct {
	messages map[string]string          // endpoint → first success message seen
	ld       map[string]json.RawMessage // json-ld payload by its url member
	md       map[int64]string           // markdown payload by its front matter's record_id
	omits    map[int64][]string         // record id → optional members it left out
}

func newShownSeen() shownSeen {
	return shownSeen{messages: map[string]string{}, ld: map[string]json.RawMessage{}, md: map[int64]string{}, omits: map[int64][]string{}}
}

// message keeps the first success message an endpoint answered with.
func (c *Capture) message(endpoint string, body []byte) {
	var e struct {
		Code    *int    `json:"code"`
		Message *string `json:"message"`
	}
	if json.Unmarshal(body, &e) != nil || e.Code == nil || *e.Code != 0 || e.Message == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.shown.messages[endpoint]; !ok {
		c.shown.messages[endpoint] = *e.Message
	}
}

// keepLD keeps a json-ld payload under its url member.
func (c *Capture) keepLD(data json.RawMessage) {
	var d struct {
		URL string `json:"url"`
	}
	if json.Unmarshal(data, &d) != nil || d.URL == "" {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.shown.ld[d.URL] = append(json.RawMessage(nil), data...)
}

// keepMarkdown keeps a markdown payload under its front matter's record_id.
func (c *Capture) keepMarkdown(text string) {
	front, _, _ := strings.Cut(strings.TrimPrefix(text, "---\n"), "\n---\n")
	for _, line := range strings.Split(front, "\n") {
		k, v, _ := strings.Cut(line, ":")
		if k != "record_id" {
			continue
		}
		v = strings.Trim(strings.TrimSpace(v), `"'`)
		if id, err := strconv.ParseInt(v, 10, 64); err == nil && id > 0 {
			c.mu.Lock()
			c.shown.md[id] = text
			c.mu.Unlock()
		}
		return
	}
}

// absentMembers are the optional members (scenario.Omittable) a record
// payload leaves out inside blocks it shows.
func absentMembers(data json.RawMessage) []string {
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) != nil {
		return nil
	}
	var out []string
	blocks := map[string]map[string]json.RawMessage{}
	for _, path := range scenario.Omittable {
		block, member, _ := strings.Cut(path, ".")
		m, seen := blocks[block]
		if !seen {
			if raw, ok := top[block]; ok {
				_ = json.Unmarshal(raw, &m)
			}
			blocks[block] = m
		}
		if _, has := m[member]; m != nil && !has {
			out = append(out, path)
		}
	}
	return out
}

// dialect puts what the service showed into the scenario: its messages
// where they are not the kit's, its order of forms where it is not by id,
// and each record's kept representations and left-out members.
func (b *builder) dialect(listedByID bool) {
	s := &scenario.Service{Messages: map[string]string{}, FormsInFileOrder: !listedByID}
	for ep, m := range b.c.shown.messages {
		if m != contract.KitSuccessMessage(ep) {
			s.Messages[ep] = m
		}
	}
	if len(s.Messages) == 0 {
		s.Messages = nil
	}
	if s.Messages != nil || s.FormsInFileOrder {
		if b.sc.Service != nil { // newest first, from buildTemplates
			s.NewestFirst = b.sc.Service.NewestFirst
		}
		b.sc.Service = s
	}
	for _, r := range b.sc.Records {
		r.Omit = b.c.shown.omits[r.ID]
		var sh scenario.Shown
		if ld, ok := b.c.shown.ld[r.URL]; ok {
			sh.JSONLD = ld
		}
		if md, ok := b.c.shown.md[r.ID]; ok {
			sh.Markdown = &md
		}
		if sh.JSONLD != nil || sh.Markdown != nil {
			r.Shown = &sh
		}
	}
}

// compactJSON is body as compact JSON, as a catalogue keeps it.
func compactJSON(body []byte) ([]byte, error) {
	var b bytes.Buffer
	if err := json.Compact(&b, body); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// recordHost is the host of the first recorded record's URL, else the
// upstream's: where an unknown record's URL is made up.
func (c *Capture) recordHost(u *Upstream) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, id := range c.recOrder {
		if p, err := neturl.Parse(c.records[id].RecordURL); err == nil && p.Host != "" {
			return p.Host
		}
	}
	return u.host()
}

// errorCatalogue puts the provoked answers and the status lines of errors
// into the scenario's service block.
func (b *builder) errorCatalogue() {
	var statuses map[int]int
	for code, seen := range b.c.statuses {
		best, n := 0, 0
		for st, k := range seen {
			if k > n || k == n && st < best {
				best, n = st, k
			}
		}
		if best != code {
			if statuses == nil {
				statuses = map[int]int{}
			}
			statuses[code] = best
		}
	}
	replays, searches, windows := b.replays()
	if len(b.c.errors) == 0 && statuses == nil && len(replays) == 0 {
		return
	}
	if b.sc.Service == nil {
		b.sc.Service = &scenario.Service{}
	}
	b.sc.Service.StatusByCode = statuses
	b.errorRules()
	b.sc.Service.Replay = replays
	if searches.n > 0 {
		b.notes = append(b.notes, "getFormList searches: "+answers(searches)+" kept as the service gave them (service.replay), for search_key "+strings.Join(searches.names, ", ")+
			": its fuzzy search is its own, so the recording answers those exact requests exactly and any other search by the reading of search_key it learnt (service.search; the kit's substring match where not)")
	}
	if windows.n > 0 {
		b.notes = append(b.notes, "time windows: "+answers(windows)+" kept as the service gave them (service.replay), of "+strings.Join(windows.names, ", ")+
			": their creation times are placeholders, so the recording answers those exact requests exactly (page tokens included) and any other window on the placeholders; rtq record --probe-times recovers the times")
	}
	seen := map[string]bool{}
	for _, e := range b.c.errors {
		if k := e.Endpoint + " " + e.Situation; !seen[k] {
			seen[k] = true
			b.sc.Service.Errors = append(b.sc.Service.Errors, e)
		}
	}
	b.sharedListings(seen)
}

// cursorListings page alike (docs/contract.md §C5): the same request
// members, the same answer shape.
var cursorListings = []string{contract.TemplatesList.Name, contract.ListQrcodes.Name}

// sharedListings answers an end before the start on a cursor listing
// where it was not seen as the service answered it on the other, when
// that was a success: an empty list is the same bytes on both (an error
// names its own detail, and is worded by the rules instead). seen holds
// the catalogue's endpoint and situation pairs.
func (b *builder) sharedListings(seen map[string]bool) {
	for _, e := range b.sc.Service.Errors {
		if e.Situation != scenario.SituationEndBeforeStart || e.Code != 0 || !slices.Contains(cursorListings, e.Endpoint) {
			continue
		}
		for _, other := range cursorListings {
			if k := other + " " + e.Situation; !seen[k] {
				seen[k] = true
				shared := e
				shared.Endpoint = other
				b.sc.Service.Errors = append(b.sc.Service.Errors, shared)
				b.notes = append(b.notes, other+": an end before the start is answered as "+e.Endpoint+" answered it (an empty list), which pages alike; it was not asked there")
			}
		}
	}
}

// replays are the exact answers the recording keeps: every search, and
// each time window of a listing whose creation times are placeholders (a
// listing with probed times answers its windows from the domain). It also
// tells both kinds apart, for the header.
func (b *builder) replays() (out []scenario.Replay, searches, windows kept) {
	for _, r := range b.c.replays {
		switch {
		case !r.window():
			var q struct {
				Key string `json:"search_key"`
			}
			_ = json.Unmarshal([]byte(r.Request), &q)
			searches.add(quoted(q.Key))
		case !b.placeholderTimes(r.listing):
			continue
		case r.listing == "":
			windows.add(r.Endpoint)
		default:
			windows.add(r.Endpoint + " " + quoted(r.listing))
		}
		out = append(out, r.Replay)
	}
	return out, searches, windows
}

// kept counts the kept answers of one kind and names, once each, what
// they answer (search keys, listings), for the header.
type kept struct {
	n     int
	names []string
}

func (k *kept) add(name string) {
	k.n++
	if !slices.Contains(k.names, name) {
		k.names = append(k.names, name)
	}
}

// answers is "1 answer" or "N answers".
func answers(k kept) string {
	if k.n == 1 {
		return "1 answer"
	}
	return strconv.Itoa(k.n) + " answers"
}

// placeholderTimes says whether a listing ("" the templates, else a
// template's coding) has placeholder creation times in the recording; a
// template never listed has no times at all.
func (b *builder) placeholderTimes(listing string) bool {
	if listing == "" {
		return b.placeholders.Templates
	}
	t, ok := b.c.tpls[listing]
	return !ok || b.placeholders.SubCodes[t.ID]
}
