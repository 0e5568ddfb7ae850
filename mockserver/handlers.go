package mockserver

import (
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
)

// Handlers: decode the body into plain values, call the state, return the
// answer body. Errors are *wire.Error values; writeError renders them.

var getRecordMembers = []string{"record_id", "record_url", "format"}

func getRecord(c *call) ([]byte, error) {
	b, err := c.parse(getRecordMembers)
	if err != nil {
		return nil, err
	}
	id, hasID, err := b.integer("record_id", 1)
	if err != nil {
		return nil, err
	}
	url, hasURL, err := b.str("record_url", true)
	if err != nil {
		return nil, err
	}
	format, hasFormat, err := b.str("format", true)
	if err != nil {
		return nil, err
	}
	if !hasFormat {
		format = "json"
	}
	if !hasID && !hasURL {
		return nil, wire.Param("one of record_id or record_url is required")
	}
	return c.st.GetRecord(c.key, id, url, format)
}

var verifyMembers = []string{"certificate_code", "action_type", "to_certificate_status",
	"from_certificate_status", "tpl_id", "code_id"}

func verify(c *call) ([]byte, error) {
	b, err := c.parse(verifyMembers)
	if err != nil {
		return nil, err
	}
	var req state.VerifyRequest
	var errs [6]error
	req.Code, req.HasCode, errs[0] = b.str("certificate_code", false)
	req.Action, req.HasAction, errs[1] = b.str("action_type", false)
	req.To, req.HasTo, errs[2] = b.str("to_certificate_status", false)
	req.From, req.HasFrom, errs[3] = b.str("from_certificate_status", true)
	req.TplID, req.HasTplID, errs[4] = b.anyInteger("tpl_id")
	req.CodeID, req.HasCodeID, errs[5] = b.anyInteger("code_id")
	for _, e := range errs {
		if e != nil {
			return nil, e
		}
	}
	return keep(c)(c.st.Verify(c.out[:0], c.key, req))
}

// keep returns a function that passes an appended answer through and keeps
// its buffer for the call's next use, so large pages stop reallocating.
// Only for answers appended to c.out, never for cached bodies.
func keep(c *call) func([]byte, error) ([]byte, error) {
	return func(out []byte, err error) ([]byte, error) {
		if err == nil && cap(out) > cap(c.out) {
			c.out = out[:0]
		}
		return out, err
	}
}

var formListMembers = []string{"page", "page_size", "search_key", "number"}

func getFormList(c *call) ([]byte, error) {
	b, err := c.parse(formListMembers)
	if err != nil {
		return nil, err
	}
	q := state.FormQuery{Page: 1}
	page, hasPage, err := b.integer("page", 1)
	if err != nil {
		return nil, err
	}
	if hasPage {
		q.Page = page
	}
	if q.PageSize, err = b.pageSize(contract.FormListDefaultPageSize, contract.FormListMaxPageSize); err != nil {
		return nil, err
	}
	if q.Search, _, err = b.str("search_key", true); err != nil {
		return nil, err
	}
	number, hasNumber, err := b.str("number", false)
	if err != nil {
		return nil, err
	}
	if hasNumber {
		q.Number = &number
	}
	return keep(c)(c.st.AppendFormList(c.out[:0], c.key, q), nil)
}

var templatesMembers = []string{"start_time", "end_time", "page_token", "page_size", "template"}

// pageQuery reads the members templates/list and listQrcodes share.
func pageQuery(b *body) (state.PageQuery, error) {
	var q state.PageQuery
	var err error
	if q.PageSize, err = b.pageSize(contract.TemplatesDefaultPageSize, contract.TemplatesMaxPageSize); err != nil {
		return q, err
	}
	if q.Token, _, err = b.str("page_token", true); err != nil {
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
		return q, wire.Param("end_time must not be before start_time")
	}
	r.HasStart, r.HasEnd = hasStart, hasEnd
	r.Start, r.End = state.BoundSeconds(start, false), state.BoundSeconds(end, true)
	return q, nil
}

// bound reads one time filter as the instant it names; ok is false when it
// is absent (an empty string counts as absent).
func bound(b *body, name string, upper bool) (t time.Time, ok bool, err error) {
	s, ok, err := b.str(name, true)
	if err != nil || !ok {
		return time.Time{}, false, err
	}
	t, err = state.ParseInstant(name, s, upper)
	return t, err == nil, err
}

func templatesList(c *call) ([]byte, error) {
	b, err := c.parse(templatesMembers)
	if err != nil {
		return nil, err
	}
	q, err := pageQuery(b)
	if err != nil {
		return nil, err
	}
	return keep(c)(c.st.AppendTemplates(c.out[:0], c.key, q))
}

func listQrcodes(c *call) ([]byte, error) {
	b, err := c.parse(templatesMembers)
	if err != nil {
		return nil, err
	}
	tpl, ok, err := b.str("template", true)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, wire.Param("template is required: the coding of a batch template or its full URL")
	}
	q, err := pageQuery(b)
	if err != nil {
		return nil, err
	}
	return keep(c)(c.st.AppendQrcodes(c.out[:0], c.key, tpl, q))
}
