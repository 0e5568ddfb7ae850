package coverage

import (
	"mime"
	"net/url"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/covreport"
	"github.com/rtq-kit/rtq/mockserver/internal/jsonw"
)

// The client's own duties (covreport.Duties), checked on every counted
// call. duties decides which the call broke without the Space's lock;
// noteDuties counts them under it.

var verifyIndex = epIndex(&contract.Verify)

// dutyIndex is each duty's place in covreport.Duties.
var dutyIndex = func() map[string]uint {
	m := map[string]uint{}
	for i, d := range covreport.Duties {
		m[d.Name] = uint(i)
	}
	return m
}()

func bit(name string) uint32 { return 1 << dutyIndex[name] }

// keyHeaders are the headers a client may put its key in by mistake.
var keyHeaders = []string{"X-Api-Key", "Api-Key", "Apikey", "X-Auth-Token", "X-Token", "Token", "X-Access-Token"}

// keyMembers are the body members a client may put its key in by mistake.
var keyMembers = []string{"api_key", "apiKey", "key", "token", "access_token", "authorization"}

// duties are the duties call c broke, as bits of covreport.Duties.
func duties(c *Call, s *Seen, ep int) uint32 {
	var out uint32
	if ep < 0 {
		return bit(covreport.DutyNoEndpoint)
	}
	if !jsonType(c.R.Header["Content-Type"]) {
		out |= bit(covreport.DutyContentType)
	}
	if s.NotObject || s.Empty {
		out |= bit(covreport.DutyJSONObject)
	}
	if s.Unknown != nil {
		out |= bit(covreport.DutyUnknownMember)
	}
	if c.Members != nil && overMax(c.Members, ep) {
		out |= bit(covreport.DutyPageSize)
	}
	if keyElsewhere(c) {
		out |= bit(covreport.DutyKeyPlacement)
	}
	return out
}

// jsonType says the Content-Type is application/json (parameters allowed).
func jsonType(v []string) bool {
	if len(v) != 1 {
		return false
	}
	if strings.HasPrefix(v[0], "application/json") && (len(v[0]) == 16 || v[0][16] == ';' || v[0][16] == ' ') {
		return true // the common case, without parsing
	}
	mt, _, err := mime.ParseMediaType(v[0])
	return err == nil && mt == "application/json"
}

// overMax is a page_size over the endpoint's maximum.
func overMax(m Members, ep int) bool {
	max := int64(contract.TemplatesMaxPageSize)
	switch contract.Endpoints[ep].Name {
	case contract.GetFormList.Name:
		max = contract.FormListMaxPageSize
	case contract.TemplatesList.Name, contract.ListQrcodes.Name:
	default:
		return false
	}
	n, ok := jsonw.Int(m.Raw("page_size"))
	return ok && n > max
}

// keyElsewhere is a key of the scenario sent in the query, in a header
// other than Authorization, or in the body.
func keyElsewhere(c *Call) bool {
	if c.Keys == nil {
		return false
	}
	if c.R.URL.RawQuery != "" { // rare: most clients send none
		for _, vs := range c.R.URL.Query() {
			for _, v := range vs {
				if isKey(c, v) {
					return true
				}
			}
		}
	}
	if !c.Authorized { // a key in another header leaves the call without one
		for _, h := range keyHeaders {
			if v := c.R.Header[h]; len(v) > 0 && (isKey(c, v[0]) || isKey(c, strings.TrimPrefix(v[0], "Bearer "))) {
				return true
			}
		}
	}
	if c.Seen == nil || c.Seen.Unknown == nil { // no endpoint reads a key member: one sent is an unknown member
		return false
	}
	found := false
	_ = jsonw.Members(c.Body, func(name, raw []byte) {
		for _, k := range keyMembers {
			if string(name) == k {
				if s, ok := jsonw.String(raw); ok && isKey(c, s) {
					found = true
				}
			}
		}
	})
	return found
}

// noteDuties counts the duties broken, and for a verify, keeps what the
// verify_retry duty needs: the codes whose last verify failed. The
// caller holds sp.mu.
func (sp *Space) noteDuties(c *Call, s *Seen, broken uint32) {
	if epIndex(c.Ep) == verifyIndex && len(s.Code) > 0 {
		code := string(s.Code) // no allocation for the lookup
		if sp.failed[code] && !s.HasFrom {
			broken |= bit(covreport.DutyVerifyRetry)
		}
		failed := c.Code != 0 || c.Dropped
		switch {
		case failed && !sp.failed[code] && len(sp.failed) < maxFailed:
			sp.failed[strings.Clone(code)] = true
		case !failed && sp.failed[code]:
			delete(sp.failed, code)
		}
	}
	for i := range covreport.Duties {
		if broken&(1<<i) == 0 {
			continue
		}
		f := &sp.findings[i]
		if f.count == 0 {
			f.example = example(c)
		}
		f.count++
	}
}

// example is what a finding shows of the request that broke it: path,
// query and body with the scenario's keys masked, the body cut.
func example(c *Call) covreport.Request {
	u := c.R.URL.Path
	if c.R.URL.RawQuery != "" {
		q := c.R.URL.Query()
		for name, vs := range q {
			for i, v := range vs {
				if isKey(c, v) {
					vs[i] = "***"
				}
			}
			q[name] = vs
		}
		u += "?" + q.Encode()
		if plain, err := url.PathUnescape(u); err == nil { // *** as written, not %2A%2A%2A
			u = plain
		}
	}
	body := string(c.Body[:min(len(c.Body), exampleBody)])
	if c.Keys != nil {
		_ = jsonw.Members(c.Body, func(_, raw []byte) {
			if s, ok := jsonw.String(raw); ok && isKey(c, s) {
				body = strings.ReplaceAll(body, s, "***")
			}
		})
	}
	return covreport.Request{Method: c.R.Method, Path: u, ContentType: c.R.Header.Get("Content-Type"), Body: body}
}

// isKey says s is the secret of one of the scenario's keys.
func isKey(c *Call, s string) bool { return s != "" && c.Keys.KeyBySecret(s) != nil }
