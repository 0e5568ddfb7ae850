package recorder

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/svcclient"
	"github.com/rtq-kit/rtq/scenario"
)

// The errors a crawl provokes, to record how the service answers them
// (docs/record.md): a fixed set of requests to the four read endpoints,
// never to verify, so nothing is sent that could change state.

// wrongKey is the key of the bad_key provocation: no service issues it.
const wrongKey = "rtq-record-not-a-key"

// provocation is one request that provokes a situation of the catalogue.
type provocation struct {
	ep        contract.Endpoint
	situation string
	key       string // the key sent: "" none, else as given (ownKey: the crawl's)
	body      string
}

// ownKey stands for the crawl's own key in a provocation.
const ownKey = "\x00own"

// unknownRecordID is a record id no service is expected to hold.
const unknownRecordID = 987654321987

// provocations lists the requests: recordHost is a host of the service's
// record URLs, coding a template of it ("" when it lists none).
func provocations(recordHost, coding string) []provocation {
	reads := []contract.Endpoint{contract.GetRecord, contract.GetFormList, contract.TemplatesList, contract.ListQrcodes}
	u := url.URL{Scheme: "https", Host: recordHost, Path: "/rtq-record-no-such-record"}
	out := []provocation{
		{contract.GetRecord, scenario.SituationRecordNotFound, ownKey, fmt.Sprintf(`{"record_id":%d}`, unknownRecordID)},
		{contract.GetRecord, scenario.SituationRecordURLNotFound, ownKey, fmt.Sprintf(`{"record_url":%q}`, u.String())},
		{contract.GetFormList, scenario.SituationPageSizeOverMax, ownKey, fmt.Sprintf(`{"page_size":%d}`, contract.FormListMaxPageSize+1)},
		{contract.TemplatesList, scenario.SituationPageSizeOverMax, ownKey, fmt.Sprintf(`{"page_size":%d}`, contract.TemplatesMaxPageSize+1)},
		{contract.TemplatesList, scenario.SituationEndBeforeStart, ownKey, reversedWindow("")},
	}
	if coding != "" {
		t, _ := json.Marshal(coding)
		out = append(out,
			provocation{contract.ListQrcodes, scenario.SituationPageSizeOverMax, ownKey, fmt.Sprintf(`{"template":%s,"page_size":%d}`, t, contract.TemplatesMaxPageSize+1)},
			provocation{contract.ListQrcodes, scenario.SituationEndBeforeStart, ownKey, reversedWindow(string(t))})
	}
	// A variant, to learn the service's rules and never served as it is
	// (its answer names the template): an error of another code, where
	// the message, the detail and the status line show themselves.
	out = append(out, provocation{contract.ListQrcodes, "", ownKey, `{"template":"rtq-record-no-such-template"}`})
	for _, ep := range reads {
		out = append(out,
			provocation{ep, scenario.SituationNotJSON, ownKey, `{"page":`},
			provocation{ep, scenario.SituationNoKey, "", `{}`},
			provocation{ep, scenario.SituationBadKey, wrongKey, `{}`})
	}
	return out
}

// reversedWindow is a request body whose end_time is a day before its
// start_time, with the template when one is given (JSON text).
func reversedWindow(template string) string {
	if template == "" {
		return `{"start_time":"2026-01-02T00:00:00+08:00","end_time":"2026-01-01T00:00:00+08:00"}`
	}
	return `{"template":` + template + `,"start_time":"2026-01-02T00:00:00+08:00","end_time":"2026-01-01T00:00:00+08:00"}`
}

// provoke sends every provocation and records each answer. An answer
// that is not JSON is logged and left out; running out of budget or ctx
// stops it. The provocations are independent: they overlap, up to the
// upstream's concurrency, and are kept in their order (svcclient.InOrder).
func (w *walker) provoke(ctx context.Context, recordHost, coding string) error {
	var jobs []svcclient.Job
	for _, p := range provocations(recordHost, coding) {
		jobs = append(jobs, w.provocation(p))
	}
	return svcclient.InOrder(ctx, w.u.Concurrency, jobs)
}

// provocation is the job of one provocation: its answer reaches the
// capture, or its failure the log, when the job is committed.
func (w *walker) provocation(p provocation) svcclient.Job {
	return func(ctx context.Context) (func(), error) {
		key := p.key
		if key == ownKey {
			key = w.u.key
		}
		x, err := w.u.callAs(ctx, p.ep.Name, key, []byte(p.body))
		if err != nil {
			if errors.Is(err, ErrBudget) || ctx.Err() != nil {
				return nil, err
			}
			return func() { fmt.Fprintf(w.log, "rtq record: error provocation %s %s: %v\n", p.ep.Name, p.situation, err) }, nil
		}
		return func() {
			w.c.Answer(x.Status, x.Body)
			if p.situation == "" {
				w.c.variant(p.ep.Name, x.Status, x.Body)
				return
			}
			w.c.Provoked(p.ep.Name, p.situation, x.Status, x.Body)
		}, nil
	}
}

// Provoked keeps the service's answer in a situation: every error answer,
// and a success where the kit refuses (end_before_start). A success where
// the kit answers one too (a page_size past the maximum served clamped)
// needs no entry.
func (c *Capture) Provoked(endpoint, situation string, status int, body []byte) {
	var e struct {
		Code *int `json:"code"`
	}
	if json.Unmarshal(body, &e) != nil || e.Code == nil {
		return
	}
	if *e.Code == 0 && situation != scenario.SituationEndBeforeStart {
		return
	}
	compact, err := compactJSON(body)
	if err != nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.errors = append(c.errors, scenario.ErrorAnswer{Endpoint: endpoint, Situation: situation, Status: status, Code: *e.Code, Body: compact})
}

// variant keeps an error answer provoked only to learn the service's
// rules (errorRules).
func (c *Capture) variant(endpoint string, status int, body []byte) {
	var e struct {
		Code *int `json:"code"`
	}
	compact, err := compactJSON(body)
	if err != nil || json.Unmarshal(body, &e) != nil || e.Code == nil || *e.Code == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.variants = append(c.variants, scenario.ErrorAnswer{Endpoint: endpoint, Status: status, Code: *e.Code, Body: compact})
}

// keySituations are the situations a proxy never sees: it authenticates
// with its own key, whatever its client sends.
var keySituations = []string{scenario.SituationNoKey, scenario.SituationBadKey}

// provokeKeys asks the upstream how it refuses a missing and a wrong key,
// on each read endpoint, where the capture has no answer yet: the proxy's
// own provocations, sent once a session forwarded a call. None carries the
// recording's key, and none goes to verify.
func (r *Recording) provokeKeys(ctx context.Context) {
	if r.up.Calls() == 0 {
		return
	}
	sent := 0
	defer func() {
		if sent > 0 {
			fmt.Fprintf(r.o.Log, "rtq record: asked the upstream how it refuses a missing and a wrong key: %d calls, none with the key\n", sent)
		}
	}()
	for _, p := range provocations("", "") {
		if !slices.Contains(keySituations, p.situation) || r.cap.provoked(p.ep.Name, p.situation) {
			continue
		}
		sent++
		x, err := r.up.callAs(ctx, p.ep.Name, p.key, []byte(p.body))
		if err != nil {
			fmt.Fprintf(r.o.Log, "rtq record: error provocation %s %s: %v\n", p.ep.Name, p.situation, err)
			continue
		}
		r.cap.Answer(x.Status, x.Body)
		r.cap.Provoked(p.ep.Name, p.situation, x.Status, x.Body)
	}
}

// provoked says whether the capture holds an answer of endpoint in situation.
func (c *Capture) provoked(endpoint, situation string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.errors {
		if e.Endpoint == endpoint && e.Situation == situation {
			return true
		}
	}
	return false
}

// Forwarded takes an answer the proxy forwarded: an error answer to a
// request in one of the catalogue's situations is kept as the crawl's
// provocations are, any other error of a read endpoint as a variant (its
// rules are learnt from it, errorRules); the answer to a search, and to a time window (kept
// for the listings whose creation times stay placeholders), is kept for
// its exact request.
func (c *Capture) Forwarded(endpoint string, req []byte, status int, body []byte) {
	if s := situationOf(endpoint, req); s != "" {
		c.Provoked(endpoint, s, status, body)
	} else if isRead(endpoint) {
		c.variant(endpoint, status, body) // any other error shows the rules too
	}
	if endpoint == contract.GetFormList.Name {
		c.unfilteredTotal(req, body)
	}
	if isRead(endpoint) {
		c.intStringsSeen(req, body, false)
	}
	if searches(endpoint, req) {
		c.keepReplay(endpoint, req, status, body, "")
	}
	if listing, ok := windowed(endpoint, req); ok && dataOf(body) != nil {
		c.keepReplay(endpoint, req, status, body, listing)
	}
}

// windowed says whether a request asks a creation-time window of a
// listing, and which: "" the templates, else the template's coding.
// Without probed times the domain cannot say which items a window holds.
func windowed(endpoint string, req []byte) (listing string, ok bool) {
	var q struct {
		Template string `json:"template"`
		Start    string `json:"start_time"`
		End      string `json:"end_time"`
	}
	if endpoint != contract.TemplatesList.Name && endpoint != contract.ListQrcodes.Name || json.Unmarshal(req, &q) != nil || q.Start == "" && q.End == "" {
		return "", false
	}
	if endpoint == contract.ListQrcodes.Name {
		return codingOf(q.Template), true
	}
	return "", true
}

// searches says whether a request asks getFormList's fuzzy search: what
// it matches and in which order is the service's own, which the domain
// cannot say, so its answer is kept for the exact request.
func searches(endpoint string, req []byte) bool {
	var q struct {
		Key string `json:"search_key"`
	}
	return endpoint == contract.GetFormList.Name && json.Unmarshal(req, &q) == nil && q.Key != ""
}

// keepReplay keeps the answer to an exact request; a request seen again
// keeps its latest answer. A window's answer names its listing (windowed).
// It says whether it kept the answer: only the service's JSON ({code, ...})
// is kept, for the mock to answer it again.
func (c *Capture) keepReplay(endpoint string, req []byte, status int, body []byte, listing string) bool {
	canon, ok := scenario.CanonicalRequest(req)
	compact, err := compactJSON(body)
	var e struct {
		Code *int `json:"code"`
	}
	if !ok || err != nil || json.Unmarshal(body, &e) != nil || e.Code == nil {
		return false
	}
	r := replay{Replay: scenario.Replay{Endpoint: endpoint, Request: canon, Status: status, Code: *e.Code, Body: compact}, listing: listing}
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, old := range c.replays {
		if old.Endpoint == endpoint && old.Request == canon {
			c.replays[i] = r
			return true
		}
	}
	c.replays = append(c.replays, r)
	return true
}

// replay is an exact answer the capture keeps, with the listing a time
// window asked ("" and a getFormList endpoint: a search).
type replay struct {
	scenario.Replay
	listing string
}

// window says whether the replay answers a time window.
func (r replay) window() bool { return r.Endpoint != contract.GetFormList.Name }

// situationOf names the catalogue situation a request is in, "" for none.
func situationOf(endpoint string, req []byte) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(req, &m) != nil {
		return scenario.SituationNotJSON
	}
	var size int64
	_ = json.Unmarshal(m["page_size"], &size)
	maxSize := int64(contract.TemplatesMaxPageSize)
	if endpoint == contract.GetFormList.Name {
		maxSize = contract.FormListMaxPageSize
	}
	var start, end string
	_ = json.Unmarshal(m["start_time"], &start)
	_ = json.Unmarshal(m["end_time"], &end)
	_, hasID := m["record_id"]
	_, hasURL := m["record_url"]
	switch {
	case endpoint == contract.Verify.Name:
		return ""
	case size > maxSize && endpoint != contract.GetRecord.Name:
		return scenario.SituationPageSizeOverMax
	case start != "" && end != "" && reversed(start, end):
		return scenario.SituationEndBeforeStart
	case endpoint == contract.GetRecord.Name && hasID && !hasURL:
		return scenario.SituationRecordNotFound
	case endpoint == contract.GetRecord.Name && hasURL && !hasID:
		return scenario.SituationRecordURLNotFound
	}
	return ""
}

// reversed says whether end is before start, both read as the kit reads
// times (RFC 3339, or a local time in UTC+08:00).
func reversed(start, end string) bool {
	s, ok1 := parseTime(start)
	e, ok2 := parseTime(end)
	return ok1 && ok2 && e.Before(s)
}

func parseTime(v string) (time.Time, bool) {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02 15:04:05", "2006-01-02T15:04:05", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, v, contract.Zone); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
