// Package recorder captures a running Record and Template Query Service
// into a scenario the mock serves (rtq record): a crawl walks it once,
// read-only; a proxy forwards a client's calls and keeps what it saw. Both
// feed a Capture, which becomes a scenario.Scenario: a domain (forms,
// records, templates, sub-codes) rather than canned answers, so paging,
// filters and verify work on the recording.
package recorder

import (
	"encoding/json"
	"net/url"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
)

// Capture is what the recorder saw of the upstream, keyed by id. It is
// safe for concurrent use: the proxy feeds it from many requests.
type Capture struct {
	mu        sync.Mutex
	forms     map[int64]*formItem
	formOrder []int64
	records   map[int64]*recordPayload
	recOrder  []int64
	tpls      map[string]*tplSeen // by coding
	tplOrder  []string
	subs      map[string][]subItem // by coding, sub-codes in upstream order
	certSeen  map[int64]string     // record id → certificate status after a verify
	mdStatus  map[int64]string     // record id → certificate_status of its markdown
	// tplTimes and subTimes are creation times ProbeTimes recovered:
	// template id → time, and template coding → sub-code id → time.
	tplTimes map[int64]int64
	subTimes map[string]map[int64]int64
	bounds   map[string]Bounds // endpoint name → how the upstream read its time bounds
	// errors200 and errorsPerCode count error answers that came with
	// HTTP 200 and with a matching status: the scenario's http_status.
	errors200, errorsPerCode int
	// shown is what the service chose where the spec is silent.
	shown shownSeen
	// errors are the service's answers to the crawl's provocations;
	// statuses counts, by body code, the status lines of error answers.
	errors []scenario.ErrorAnswer
	// variants are answers provoked only to learn the service's error
	// rules (dialect.go), never served as they are.
	variants []scenario.ErrorAnswer
	statuses map[int]map[int]int
	// replays are exact answers to exact requests (provoke.go).
	replays []replay
	// probes are the searches sent to learn how the service reads
	// search_key (searchrule.go).
	probes []searchSeen
	// intStrings is whether the service reads an integer sent as a
	// string of digits: 0 not known, 1 it does, -1 it refuses it.
	intStrings int
	// formsTotal is how many forms the unfiltered list says there are:
	// the reading of search_key is learnt once every one was recorded.
	formsTotal int64
}

// Answer takes any answer's HTTP status and body: an error answer tells
// which status line the service gives errors (http_status).
func (c *Capture) Answer(httpStatus int, body []byte) {
	var e envelope
	if json.Unmarshal(body, &e) != nil || e.Code == nil || *e.Code == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if httpStatus == 200 {
		c.errors200++
	} else {
		c.errorsPerCode++
	}
	if c.statuses[*e.Code] == nil {
		c.statuses[*e.Code] = map[int]int{}
	}
	c.statuses[*e.Code][httpStatus]++
}

// NewCapture returns an empty capture.
func NewCapture() *Capture {
	return &Capture{forms: map[int64]*formItem{}, records: map[int64]*recordPayload{},
		tpls: map[string]*tplSeen{}, subs: map[string][]subItem{}, certSeen: map[int64]string{}, mdStatus: map[int64]string{},
		tplTimes: map[int64]int64{}, subTimes: map[string]map[int64]int64{}, bounds: map[string]Bounds{},
		shown: newShownSeen(), statuses: map[int]map[int]int{}}
}

type formItem struct {
	ID        int64    `json:"id"`
	Name      string   `json:"name"`
	Type      int      `json:"type"`
	TypeText  string   `json:"type_text"`
	Number    string   `json:"number"`
	Note      string   `json:"note"`
	CreatedAt int64    `json:"created_at"`
	UpdatedAt int64    `json:"updated_at"`
	ActiveAt  int64    `json:"active_at"`
	Project   *project `json:"project"`
}

type project struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Number string `json:"number"`
}

type tplSeen struct {
	ID     int64  `json:"tpl_id"`
	Name   string `json:"name"`
	Coding string `json:"coding"`
}

type subItem struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Coding string `json:"coding"`
}

// envelope is the success wrapper every endpoint answers with.
type envelope struct {
	Code *int            `json:"code"`
	Data json.RawMessage `json:"data"`
}

// dataOf returns data of a success answer (code 0), or nil.
func dataOf(body []byte) json.RawMessage {
	var e envelope
	if json.Unmarshal(body, &e) != nil || e.Code == nil || *e.Code != 0 {
		return nil
	}
	return e.Data
}

// FormPage takes a getFormList answer and says how many of its forms
// were not seen before.
func (c *Capture) FormPage(body []byte) (fresh int) {
	c.message(contract.GetFormList.Name, body)
	var d struct {
		List []*formItem `json:"list"`
	}
	if json.Unmarshal(dataOf(body), &d) != nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, f := range d.List {
		if _, ok := c.forms[f.ID]; !ok {
			c.formOrder = append(c.formOrder, f.ID)
			fresh++
		}
		c.forms[f.ID] = f
	}
	return fresh
}

// Record takes a getRecord answer: format=json carries the fields a
// scenario holds; json-ld and markdown are kept as the service rendered
// them (shown.go).
func (c *Capture) Record(body []byte) {
	c.message(contract.GetRecord.Name, body)
	var d struct {
		Format string          `json:"format"`
		Data   json.RawMessage `json:"data"`
	}
	if json.Unmarshal(dataOf(body), &d) != nil {
		return
	}
	switch d.Format {
	case "markdown":
		c.markdown(d.Data)
		return
	case "json-ld":
		c.keepLD(d.Data)
		return
	case "json":
	default:
		return
	}
	p, err := parseRecord(d.Data)
	if err != nil {
		return
	}
	absent := absentMembers(d.Data)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.shown.omits[p.RecordID] = absent
	if _, ok := c.records[p.RecordID]; !ok {
		c.recOrder = append(c.recOrder, p.RecordID)
	}
	c.records[p.RecordID] = p
}

// markdown keeps the certificate status a markdown front matter names.
func (c *Capture) markdown(data json.RawMessage) {
	var text string
	if json.Unmarshal(data, &text) != nil || !strings.HasPrefix(text, "---\n") {
		return
	}
	c.keepMarkdown(text)
	front, _, _ := strings.Cut(text[4:], "\n---\n")
	var id int64
	status := ""
	for _, line := range strings.Split(front, "\n") {
		k, v, _ := strings.Cut(line, ": ")
		switch k {
		case "record_id":
			id, _ = strconv.ParseInt(v, 10, 64)
		case "certificate_status":
			if s, err := strconv.Unquote(v); err == nil {
				status = s
			}
		}
	}
	if id > 0 && status != "" {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.mdStatus[id] = status
	}
}

// TemplatePage takes a templates/list answer; templates keep the order the
// upstream listed them in (its creation-time order).
func (c *Capture) TemplatePage(body []byte) {
	c.message(contract.TemplatesList.Name, body)
	var d struct {
		List []*tplSeen `json:"list"`
	}
	if json.Unmarshal(dataOf(body), &d) != nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, t := range d.List {
		if _, ok := c.tpls[t.Coding]; !ok {
			c.tplOrder = append(c.tplOrder, t.Coding)
		}
		c.tpls[t.Coding] = t
	}
}

// SubCodePage takes a templates/listQrcodes answer for the template the
// request named (a coding or the template's full URL).
func (c *Capture) SubCodePage(template string, body []byte) {
	c.message(contract.ListQrcodes.Name, body)
	var d struct {
		List []subItem `json:"list"`
	}
	if json.Unmarshal(dataOf(body), &d) != nil {
		return
	}
	coding := codingOf(template)
	c.mu.Lock()
	defer c.mu.Unlock()
	have := map[int64]bool{}
	for _, s := range c.subs[coding] {
		have[s.ID] = true
	}
	for _, s := range d.List {
		if !have[s.ID] {
			c.subs[coding] = append(c.subs[coding], s)
			have[s.ID] = true
		}
	}
}

// Verify takes a successful verify answer: the record is a credential
// record and now has this status. The write itself is never replayed.
func (c *Capture) Verify(body []byte) {
	c.message(contract.Verify.Name, body)
	var d struct {
		RecordID int64  `json:"record_id"`
		Status   string `json:"certificate_status"`
	}
	if json.Unmarshal(dataOf(body), &d) != nil || d.RecordID == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.certSeen[d.RecordID] = d.Status
}

// codingOf is the coding a template reference names: itself, or the last
// path segment of a template URL.
func codingOf(template string) string {
	if u, err := url.Parse(template); err == nil && u.Scheme != "" && u.Host != "" {
		return path.Base(u.Path)
	}
	return template
}

// listings names the sub-code listings to time, in the order recorded.
type listings struct {
	order []string           // template codings
	ids   map[string][]int64 // coding → its recorded sub-code ids
}

// untimed returns what ProbeTimes has yet to time: the recorded templates
// (all of them when any lacks a time, since a listing is timed whole) and
// the sub-code listings with a sub-code that lacks one.
func (c *Capture) untimed() ([]int64, listings) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var tpls []int64
	for _, coding := range c.tplOrder {
		if _, ok := c.tplTimes[c.tpls[coding].ID]; !ok {
			tpls = c.tplIDs()
			break
		}
	}
	subs := listings{ids: map[string][]int64{}}
	for _, coding := range c.tplOrder {
		known := c.subTimes[coding]
		for _, s := range c.subs[coding] {
			if _, ok := known[s.ID]; !ok {
				subs.order = append(subs.order, coding)
				break
			}
		}
	}
	for _, coding := range subs.order {
		for _, s := range c.subs[coding] {
			subs.ids[coding] = append(subs.ids[coding], s.ID)
		}
	}
	return tpls, subs
}

func (c *Capture) tplIDs() []int64 {
	ids := make([]int64, 0, len(c.tplOrder))
	for _, coding := range c.tplOrder {
		ids = append(ids, c.tpls[coding].ID)
	}
	return ids
}

// setTimes keeps the times of one listing: the templates' when coding is
// "", else the sub-codes' of that template.
func (c *Capture) setTimes(coding string, times map[int64]int64, b Bounds) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if coding == "" {
		c.bounds[contract.TemplatesList.Name] = b
		for id, t := range times {
			c.tplTimes[id] = t
		}
		return
	}
	c.bounds[contract.ListQrcodes.Name] = b
	if c.subTimes[coding] == nil {
		c.subTimes[coding] = map[int64]int64{}
	}
	for id, t := range times {
		c.subTimes[coding][id] = t
	}
}

// empty says nothing was recorded: no form, record or template.
func (c *Capture) empty() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.forms) == 0 && len(c.records) == 0 && len(c.tpls) == 0
}
