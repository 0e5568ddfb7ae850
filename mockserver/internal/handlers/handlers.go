// Package handlers is the mock's endpoints (docs/contract.md §4):
// each decodes its body into plain values, asks the state, and returns
// the answer or an error (handlers.go). The steps before them on an
// endpoint's chain live here too: the body read within its limit
// (bodylimit.go) and the API key checked (auth.go).
package handlers

import (
	"strings"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/coverage"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
	"github.com/rtq-kit/rtq/scenario"
)

// Handler is a thin endpoint handler: it returns the success body or an
// error that chain.Call.Error renders.
type Handler func(c *chain.Call) ([]byte, error)

// ByEndpoint is the handler of each endpoint: a row for every one of
// contract.Endpoints (TestEveryEndpointHasAHandler).
var ByEndpoint = map[contract.Endpoint]Handler{
	contract.GetRecord:     GetRecord,
	contract.Verify:        Verify,
	contract.GetFormList:   GetFormList,
	contract.TemplatesList: TemplatesList,
	contract.ListQrcodes:   ListQrcodes,
}

// Encode runs the handler and writes its answer or its error.
func Encode(h Handler) chain.Step {
	return func(c *chain.Call) {
		if replayed(c) {
			return
		}
		out, err := h(c)
		if err != nil {
			c.Error(err)
			return
		}
		c.Write(200, 0, out)
	}
}

// replayed sends a recorded service's exact answer to the call's exact
// request (scenario.Service.Replay), when the scenario holds one: where
// the domain cannot say what the service answered. Never for verify.
func replayed(c *chain.Call) bool {
	if c.Ep == nil || c.Ep.Write {
		return false
	}
	r, ok := c.St.Scenario().Service.Replayed(c.Ep.Name, c.Body)
	if ok {
		c.Write(r.Status, r.Code, r.Body)
	}
	return ok
}

var getRecordMembers = []string{"record_id", "record_url", "format"}

func GetRecord(c *chain.Call) ([]byte, error) {
	b, err := c.Parse(getRecordMembers)
	if err != nil {
		return nil, err
	}
	id, hasID, err := b.Int("record_id", 1)
	if err != nil {
		return nil, err
	}
	url, hasURL, err := b.Str("record_url", true)
	if err != nil {
		return nil, err
	}
	format, hasFormat, err := b.Str("format", true)
	if err != nil {
		return nil, err
	}
	if !hasFormat {
		format = "json"
	}
	if !hasID && !hasURL {
		return nil, fail.Param("one of record_id or record_url is required%s", spelledOtherwise(c.Seen.Unknown, "record_id", "record_url"))
	}
	a, err := c.St.GetRecord(c.Key, id, url, format, c)
	if err != nil {
		return nil, err
	}
	c.Seen.Record = a.Traits()
	return wire.Record(a), nil
}

var verifyMembers = []string{"certificate_code", "action_type", "to_certificate_status",
	"from_certificate_status", "tpl_id", "code_id"}

func Verify(c *chain.Call) ([]byte, error) {
	b, err := c.Parse(verifyMembers)
	if err != nil {
		return nil, err
	}
	var req state.VerifyRequest
	var errs [6]error
	req.Code, req.HasCode, errs[0] = b.Str("certificate_code", false)
	c.Seen.Code = b.Raw("certificate_code")
	req.Action, req.HasAction, errs[1] = b.Str("action_type", false)
	req.To, req.HasTo, errs[2] = b.Str("to_certificate_status", false)
	req.From, req.HasFrom, errs[3] = b.Str("from_certificate_status", true)
	req.TplID, req.HasTplID, errs[4] = b.AnyInt("tpl_id")
	req.CodeID, req.HasCodeID, errs[5] = b.AnyInt("code_id")
	for _, e := range errs {
		if e != nil {
			return nil, e
		}
	}
	c.Seen.HasFrom = req.HasFrom
	v, err := c.St.Verify(c.Key, req)
	if err != nil {
		return nil, err
	}
	c.Seen.MoveRec, c.Seen.MoveTo, c.Seen.MoveNext = v.Rec, v.To, req.Action == contract.ActionNextStatus
	return keep(c)(wire.AppendVerified(c.Out[:0], v), nil)
}

// keep returns a function that passes an appended answer through and keeps
// its buffer for the call's next use, so large pages stop reallocating.
// Only for answers appended to c.out, never for cached bodies.
func keep(c *chain.Call) func([]byte, error) ([]byte, error) {
	return func(out []byte, err error) ([]byte, error) {
		if err == nil && cap(out) > cap(c.Out) {
			c.Out = out[:0]
		}
		return out, err
	}
}

var formListMembers = []string{"page", "page_size", "search_key", "number"}

func GetFormList(c *chain.Call) ([]byte, error) {
	b, err := c.Parse(formListMembers)
	if err != nil {
		return nil, err
	}
	q := state.FormQuery{Page: 1}
	page, hasPage, err := b.Int("page", 1)
	if err != nil {
		return nil, err
	}
	if hasPage {
		q.Page = page
	}
	if q.PageSize, err = b.PageSize(contract.FormListDefaultPageSize, contract.FormListMaxPageSize, refuses(c)); err != nil {
		return nil, err
	}
	if q.Search, _, err = b.Str("search_key", true); err != nil {
		return nil, err
	}
	number, hasNumber, err := b.Str("number", false)
	if err != nil {
		return nil, err
	}
	if hasNumber {
		q.Number = &number
	}
	p := c.St.FormList(c.Key, q)
	c.Seen.Shape = formsShape(p)
	return keep(c)(wire.AppendForms(c.Out[:0], p), nil)
}

var templatesMembers = []string{"start_time", "end_time", "page_token", "page_size", "template"}

// refuses says whether the recorded service refused a page_size past the
// maximum on the call's endpoint, where the kit clamps it.
func refuses(c *chain.Call) bool {
	_, ok := c.St.Scenario().Service.ErrorFor(c.Ep.Name, scenario.SituationPageSizeOverMax)
	return ok
}

// pageQuery reads the members templates/list and listQrcodes share.
func pageQuery(c *chain.Call, b *chain.Members) (state.PageQuery, error) {
	var q state.PageQuery
	var err error
	if q.PageSize, err = b.PageSize(contract.TemplatesDefaultPageSize, contract.TemplatesMaxPageSize, refuses(c)); err != nil {
		return q, err
	}
	if q.Token, _, err = b.Str("page_token", true); err != nil {
		return q, err
	}
	r := &q.Range
	start, hasStart, err := bound(b, "start_time", false)
	if err != nil {
		return q, err
	}
	end, hasEnd, err := bound(b, "end_time", true)
	if err != nil {
		return q, err
	}
	if hasStart && hasEnd && end.Before(start) {
		return q, fail.Param("end_time must not be before start_time").In(scenario.SituationEndBeforeStart)
	}
	r.HasStart, r.HasEnd = hasStart, hasEnd
	r.Start, r.End = state.BoundSeconds(start, false), state.BoundSeconds(end, true)
	return q, nil
}

// bound reads one time filter as the instant it names; ok is false when it
// is absent (an empty string counts as absent).
func bound(b *chain.Members, name string, upper bool) (t time.Time, ok bool, err error) {
	s, ok, err := b.Str(name, true)
	if err != nil || !ok {
		return time.Time{}, false, err
	}
	t, err = state.ParseInstant(name, s, upper)
	return t, err == nil, err
}

func TemplatesList(c *chain.Call) ([]byte, error) {
	b, err := c.Parse(templatesMembers)
	if err != nil {
		return nil, err
	}
	q, err := pageQuery(c, b)
	if err != nil {
		return nil, err
	}
	p, err := c.St.Templates(c.Key, q)
	if err != nil {
		return nil, err
	}
	c.Seen.Shape = listShape(len(p.Items), p.Next == "")
	return keep(c)(wire.AppendTemplates(c.Out[:0], p), nil)
}

func ListQrcodes(c *chain.Call) ([]byte, error) {
	b, err := c.Parse(templatesMembers)
	if err != nil {
		return nil, err
	}
	tpl, ok, err := b.Str("template", true)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fail.Param("template is required: the coding of a batch template or its full URL")
	}
	q, err := pageQuery(c, b)
	if err != nil {
		return nil, err
	}
	p, err := c.St.Qrcodes(c.Key, tpl, q)
	if err != nil {
		return nil, err
	}
	c.Seen.Shape = listShape(len(p.Items), p.Next == "")
	return keep(c)(wire.AppendQrcodes(c.Out[:0], p), nil)
}

// listShape is what the consumer coverage counts of a page of n items.
func listShape(n int, last bool) coverage.Shape {
	var s coverage.Shape
	if n == 0 {
		s |= coverage.EmptyList
	}
	if last {
		s |= coverage.LastPage
	} else {
		s |= coverage.MorePages
	}
	return s
}

// formsShape is what the consumer coverage counts of a getFormList page:
// a page past the last is empty, and neither the last nor one with more.
func formsShape(p state.FormPage) coverage.Shape {
	if p.Current > p.Last {
		return coverage.PastLast | coverage.EmptyList
	}
	return listShape(len(p.Forms), p.Current == p.Last)
}

// spelledOtherwise names a member of the body that is a required one
// spelled another way (recordId, RecordID, record-id for record_id): the
// endpoint ignores members it does not read, so without this the answer
// would only say the member is missing. "" when unknown is none of them.
func spelledOtherwise(unknown []byte, members ...string) string {
	fold := func(s string) string { return strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(s)) }
	if len(unknown) == 0 || len(unknown) > 64 {
		return ""
	}
	for _, m := range members {
		if fold(string(unknown)) == fold(m) {
			return "; the body's " + fail.Quote(string(unknown)) + " is not a member: write " + m
		}
	}
	return ""
}
