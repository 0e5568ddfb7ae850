package scenario

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/contract"
)

// isEndpoint: name is an endpoint of contract.Endpoints.
func isEndpoint(name string) bool {
	_, ok := contract.EndpointNamed(name)
	return ok
}

// service resolves the service: blocks of every file; two files may not
// both hold one, as with http_status.
func (r *resolver) service(docs []*document) {
	for _, d := range docs {
		if d.Service == nil {
			continue
		}
		a := at{file: d.src}.child("service")
		if r.sc.Service != nil {
			r.ps.add(a, "service: is given in another file too: keep one")
			continue
		}
		for ep := range d.Service.Messages {
			if !isEndpoint(ep) {
				r.ps.add(a.child("messages").child(ep), "%q is not an endpoint: use one of %s", ep, strings.Join(contract.EndpointNames(), ", "))
			}
		}
		s := &Service{Messages: d.Service.Messages, FormsInFileOrder: d.Service.FormOrder == "file",
			NewestFirst: d.Service.ListOrder == "newest_first"}
		s.StatusByCode = r.statusByCode(a.child("http_status"), d.Service.HTTPStatus)
		r.errorDialect(a, d.Service, s)
		s.Search = r.search(a.child("search"), d.Service.Search)
		s.IntegerStrings = d.Service.IntegerStrings
		for i, e := range d.Service.Errors {
			if ans, ok := r.errorAnswer(a.child("errors").index(i), e); ok {
				s.Errors = append(s.Errors, ans)
			}
		}
		for i, rd := range d.Service.Replay {
			if rp, ok := r.replay(a.child("replay").index(i), rd); ok {
				s.Replay = append(s.Replay, rp)
			}
		}
		r.sc.Service = s
	}
}

// shown resolves a record's kept representations: json_ld must be a
// JSON object, kept compact so that it is served byte for byte.
func (r *resolver) shown(a at, d *shownDoc) *Shown {
	if d == nil {
		return nil
	}
	s := &Shown{Markdown: d.Markdown}
	if d.JSONLD != nil {
		var b bytes.Buffer
		var obj map[string]json.RawMessage
		if err := json.Unmarshal([]byte(*d.JSONLD), &obj); err != nil || obj == nil {
			r.ps.add(a.child("json_ld"), "json_ld must hold a JSON object, as getRecord's json-ld payload")
			return nil
		}
		if err := json.Compact(&b, []byte(*d.JSONLD)); err != nil {
			r.ps.add(a.child("json_ld"), "json_ld: %v", err)
			return nil
		}
		s.JSONLD = b.Bytes()
	}
	return s
}

// statusByCode reads http_status: body codes (as keys) to status lines.
func (r *resolver) statusByCode(a at, m map[string]int) map[int]int {
	if len(m) == 0 {
		return nil
	}
	out := make(map[int]int, len(m))
	for k, v := range m {
		code, err := strconv.Atoi(k)
		if err != nil || code < 1 {
			r.ps.add(a.child(k), "%q is not a body code: use an integer such as \"400\"", k)
			continue
		}
		out[code] = v
	}
	return out
}

// errorAnswer reads one entry of the error catalogue: a known endpoint and
// situation, and a body that is a JSON object with an integer code.
func (r *resolver) errorAnswer(a at, d *errorDoc) (ErrorAnswer, bool) {
	ok := true
	if !isEndpoint(d.Endpoint) {
		r.ps.add(a.child("endpoint"), "%q is not an endpoint: use one of %s", d.Endpoint, strings.Join(contract.EndpointNames(), ", "))
		ok = false
	}
	if !slices.Contains(Situations, d.Situation) {
		r.ps.add(a.child("situation"), "%q is not a situation: use one of %s", d.Situation, strings.Join(Situations, ", "))
		ok = false
	}
	var body struct {
		Code *int `json:"code"`
	}
	var b bytes.Buffer
	if json.Unmarshal([]byte(d.Body), &body) != nil || body.Code == nil || json.Compact(&b, []byte(d.Body)) != nil {
		r.ps.add(a.child("body"), "body must be the answer as JSON text: an object with an integer code")
		ok = false
	}
	return ErrorAnswer{Endpoint: d.Endpoint, Situation: d.Situation, Status: d.Status, Code: derefInt(body.Code), Body: b.Bytes()}, ok
}

func derefInt(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

// replay reads one exact answer: a known endpoint other than verify (a
// write is never replayed), a request and a body that are JSON.
func (r *resolver) replay(a at, d *replayDoc) (Replay, bool) {
	ok := true
	if !isEndpoint(d.Endpoint) || d.Endpoint == contract.Verify.Name {
		r.ps.add(a.child("endpoint"), "%q is not a read endpoint: use one of %s but verify (a write is never replayed)", d.Endpoint, strings.Join(contract.EndpointNames(), ", "))
		ok = false
	}
	req, valid := CanonicalRequest([]byte(d.Request))
	if !valid {
		r.ps.add(a.child("request"), "request must be the request body as JSON text")
		ok = false
	}
	ans, good := r.errorAnswer(a, &errorDoc{Endpoint: contract.GetFormList.Name, Situation: SituationNotJSON, Body: d.Body})
	return Replay{Endpoint: d.Endpoint, Request: req, Status: d.Status, Code: ans.Code, Body: ans.Body}, ok && good
}

// errorDialect reads the rules of the service's errors: messages by body
// code, where each endpoint writes the detail and how it is joined, and
// the status of codes never seen.
func (r *resolver) errorDialect(a at, d *serviceDoc, s *Service) {
	for ep, byCode := range d.ErrorMessages {
		if !isEndpoint(ep) {
			r.ps.add(a.child("error_messages").child(ep), "%q is not an endpoint: use one of %s", ep, strings.Join(contract.EndpointNames(), ", "))
			continue
		}
		for k, m := range byCode {
			code, err := strconv.Atoi(k)
			if err != nil || code < 1 {
				r.ps.add(a.child("error_messages").child(ep).child(k), "%q is not a body code: use an integer such as \"400\"", k)
				continue
			}
			if s.ErrorMessages == nil {
				s.ErrorMessages = map[string]map[int]string{}
			}
			if s.ErrorMessages[ep] == nil {
				s.ErrorMessages[ep] = map[int]string{}
			}
			s.ErrorMessages[ep][code] = m
		}
	}
	for ep, where := range d.ErrorDetail {
		switch {
		case !isEndpoint(ep):
			r.ps.add(a.child("error_detail").child(ep), "%q is not an endpoint: use one of %s", ep, strings.Join(contract.EndpointNames(), ", "))
		case where != DetailMember && where != DetailInMessage:
			r.ps.add(a.child("error_detail").child(ep), "%q is not where a detail goes: use %s or %s", where, DetailMember, DetailInMessage)
		case where == DetailInMessage && d.DetailJoin == "":
			r.ps.add(a.child("detail_join"), "error_detail puts %s's detail in the message: detail_join must say how it is joined (\": \" say)", ep)
		}
	}
	s.DetailIn, s.DetailJoin = d.ErrorDetail, d.DetailJoin
	if st := d.ErrorStatusOther; st != 0 && (st < 100 || st > 599) {
		r.ps.add(a.child("error_status_other"), "%d is not an HTTP status line: use one from 100 to 599", st)
	} else {
		s.OtherErrorStatus = st
	}
}

// search reads service.search; what is left out is the kit's reading
// (KitSearch).
func (r *resolver) search(a at, d *searchDoc) *Search {
	if d == nil {
		return nil
	}
	s := KitSearch
	s.Trim = d.Trim
	if d.Match != "" {
		if !slices.Contains(SearchMatches, d.Match) {
			r.ps.add(a.child("match"), "%q is not a reading of search_key: use one of %s", d.Match, strings.Join(SearchMatches, ", "))
		}
		s.Match = d.Match
	}
	switch d.Case {
	case "", "ignore":
	case "exact":
		s.CaseExact = true
	default:
		r.ps.add(a.child("case"), "%q is not a case rule: use ignore or exact", d.Case)
	}
	if d.Fields != nil {
		s.Fields = nil
		for _, f := range SearchFields { // in their order, whatever the file's
			if slices.Contains(d.Fields, f) {
				s.Fields = append(s.Fields, f)
			}
		}
		for i, f := range d.Fields {
			if !slices.Contains(SearchFields, f) {
				r.ps.add(a.child("fields").index(i), "%q is not a form text a search reads: use %s", f, strings.Join(SearchFields, ", "))
			}
		}
		if len(d.Fields) == 0 {
			r.ps.add(a.child("fields"), "fields is empty: a search must read one of %s", strings.Join(SearchFields, ", "))
		}
	}
	switch d.Order {
	case "", "list":
	case "name_first":
		s.NameFirst = true
	default:
		r.ps.add(a.child("order"), "%q is not an order of found forms: use list or name_first", d.Order)
	}
	return &s
}
