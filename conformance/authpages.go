package conformance

import (
	"maps"

	"github.com/rtq-kit/rtq/contract"
)

// Auth on later pages. A client walking a listing sends its key with
// every page, and a service may check the key on a first page only: a
// page token taken for a session, a page number past the first served
// from a cache the first page filled. So every refusal the auth probes
// expect (no key, a key nobody issued) is also asked of a later page: a
// cursor listing's second page, named by a valid page_token taken from
// the read key's first page of the same filter at page_size 1, and
// getFormList's second page under each filter (refusedListBodies). A token is the service's to bind (§C5: to
// the filter, and it may be to the key), so the answer is judged only
// as a refusal, never by what it says of the token.

// laterPageBodies are the probe bodies of a cursor listing ep on a later
// page: none when ep is no cursor listing, or its first page names no
// next one (getFormList's: refusedListBodies).
func (t *T) laterPageBodies(ep contract.Endpoint) []map[string]any {
	switch {
	case ep == contract.TemplatesList || ep == contract.ListQrcodes:
		tok := t.secondPageToken(ep)
		if tok == "" {
			return nil
		}
		b := maps.Clone(t.probeBody(ep))
		b["page_size"], b["page_token"] = 1, tok
		return []map[string]any{b}
	}
	return nil
}

// secondPageToken is next_page_token of the read key's first page of
// ep's probe at page_size 1 ("" when it names none), read once a run.
func (t *T) secondPageToken(ep contract.Endpoint) string {
	return t.once("auth second page token "+ep.Name, func(t *T) any {
		b := maps.Clone(t.probeBody(ep))
		b["page_size"] = 1
		x := t.post(ep, "read", b)
		obj, _ := x.Doc.(map[string]any)
		data, _ := obj["data"].(map[string]any)
		tok, _ := data["next_page_token"].(string)
		return tok
	}).(string)
}
