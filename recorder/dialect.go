package recorder

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
)

// The dialect of a service's errors, learnt from the errors a recording
// provoked or saw (docs/record.md): the message of each body code, where
// each endpoint writes the detail and how it joins it to the message, and
// the status line of the codes never seen. The mock then words every
// error so, provoked or not. A rule the answers cannot settle is left out
// and named in the header: never guessed.

// spokenError is one error answer, as its rules read it.
type spokenError struct {
	endpoint, situation string
	code                int
	message             string
	detail              *string // message_detail; nil when the answer has none
}

// errorDialect is what the answers settled, and what they could not.
type errorDialect struct {
	messages  map[string]map[int]string // by endpoint, then code
	detailIn  map[string]string
	join      string
	other     int
	unsettled []string
}

// notFoundSituations answer a code of the service's that may not be the
// kit's for the same error (400 for an unknown record, say): their
// messages say nothing of the code the mock sends, and the catalogue
// answers them anyway.
var notFoundSituations = []string{scenario.SituationRecordNotFound, scenario.SituationRecordURLNotFound}

// isJoinRune says whether r may join a message and its detail.
func isJoinRune(r rune) bool {
	return unicode.IsSpace(r) || strings.ContainsRune(":：,，;；-—|/", r)
}

// learnDialect reads the rules of the errors seen: answers are the error
// answers (code not 0), statuses the status lines seen by body code.
func learnDialect(answers []spokenError, statuses map[int]map[int]int) errorDialect {
	d := errorDialect{messages: map[string]map[int]string{}, detailIn: map[string]string{}}
	messages := map[int]string{} // by code, whatever the endpoint: one message a code
	byEndpoint := map[string][]spokenError{}
	var endpoints []string
	for _, a := range answers {
		if _, ok := byEndpoint[a.endpoint]; !ok {
			endpoints = append(endpoints, a.endpoint)
		}
		byEndpoint[a.endpoint] = append(byEndpoint[a.endpoint], a)
	}
	slices.Sort(endpoints)
	conflicts := map[int]bool{}
	setMessage := func(code int, m string) {
		if old, ok := messages[code]; ok && old != m {
			conflicts[code] = true
		}
		messages[code] = m
	}
	joins := map[string]bool{}
	var inMessage []string // endpoints without message_detail, read in a second pass
	for _, ep := range endpoints {
		as := byEndpoint[ep]
		with := 0
		for _, a := range as {
			if a.detail != nil {
				with++
			}
		}
		switch with {
		case len(as):
			d.detailIn[ep] = scenario.DetailMember
			for _, a := range as {
				if !slices.Contains(notFoundSituations, a.situation) {
					setMessage(a.code, a.message)
				}
			}
		case 0:
			inMessage = append(inMessage, ep)
			// Two messages of one code that differ: what they share up
			// to the joining characters is the message.
			for code, ms := range messagesByCode(as) {
				if len(ms) < 2 {
					continue
				}
				stem, join, ok := lastJoin(commonPrefix(ms))
				if !ok {
					continue
				}
				setMessage(code, stem)
				joins[join] = true
			}
		default:
			d.unsettled = append(d.unsettled, ep+": some of its errors carry message_detail and some do not")
		}
	}
	// A message known from an endpoint that writes message_detail shows
	// the join where another endpoint writes the detail after it.
	for _, ep := range inMessage {
		for _, a := range byEndpoint[ep] {
			if m, ok := messages[a.code]; ok {
				if join, ok := joinAfter(a.message, m); ok {
					joins[join] = true
				}
			}
		}
	}
	if len(joins) == 1 {
		for j := range joins {
			d.join = j
		}
	} else if len(joins) > 1 {
		d.unsettled = append(d.unsettled, "how a detail is joined to the message: the answers join it in "+strconv.Itoa(len(joins))+" ways")
	}
	for code := range conflicts {
		delete(messages, code)
		d.unsettled = append(d.unsettled, "the message of code "+strconv.Itoa(code)+": the answers word it in more than one way")
	}
	// An endpoint without message_detail writes the detail in the message
	// when each of its messages is a message, the join and more: a known
	// message, or one first seen there, known by the join.
	for _, ep := range inMessage {
		settled := d.join != ""
		learnt := map[int]string{}
		for _, a := range byEndpoint[ep] {
			m, ok := messages[a.code]
			if !ok {
				m, _, ok = strings.Cut(a.message, d.join)
				ok = ok && m != "" && (learnt[a.code] == "" || learnt[a.code] == m)
				learnt[a.code] = m
			}
			settled = settled && ok && strings.HasPrefix(a.message, m+d.join) && len(a.message) > len(m+d.join)
		}
		if !settled {
			d.unsettled = append(d.unsettled, "where "+ep+" writes an error's detail: no message_detail, and its messages do not show which part is the message")
			continue
		}
		d.detailIn[ep] = scenario.DetailInMessage
		for code, m := range learnt {
			if _, ok := messages[code]; !ok {
				messages[code] = m
			}
		}
	}
	// Each settled endpoint is worded with the messages of the codes seen
	// on it, and a read endpoint with those of the codes seen on any read
	// endpoint where the kit words the code alike on both (not 404:
	// getRecord's and listQrcodes' are different errors).
	for ep := range d.detailIn {
		for code, m := range messages {
			if !seenOn(byEndpoint[ep], code) && !(sharedWording(code) && isRead(ep)) {
				continue
			}
			if d.messages[ep] == nil {
				d.messages[ep] = map[int]string{}
			}
			d.messages[ep][code] = m
		}
	}
	d.other, d.unsettled = otherStatus(statuses, d.unsettled)
	slices.Sort(d.unsettled)
	return d
}

// otherStatus is the status line of the client error codes never seen:
// the one every client error code seen (but 401 and 403) came with, when
// two codes or more agree.
func otherStatus(statuses map[int]map[int]int, unsettled []string) (int, []string) {
	lines := map[int]bool{}
	codes := 0
	for _, code := range slices.Sorted(maps.Keys(statuses)) {
		if code < 400 || code >= 500 || code == 401 || code == 403 {
			continue
		}
		codes++
		for st := range statuses[code] {
			lines[st] = true
		}
	}
	if codes >= 2 && len(lines) == 1 {
		for st := range lines {
			return st, unsettled
		}
	}
	why := "errors of " + strconv.Itoa(codes) + " body code"
	if codes != 1 {
		why += "s"
	}
	if len(lines) > 1 {
		why = "errors of different codes with different status lines"
	}
	return 0, append(unsettled, "the status line of error codes never seen: the service answered "+why+", so they keep the kit's")
}

// seenOn says whether an answer of as has code, an unknown record's
// aside (notFoundSituations).
func seenOn(as []spokenError, code int) bool {
	return slices.ContainsFunc(as, func(a spokenError) bool {
		return a.code == code && !slices.Contains(notFoundSituations, a.situation)
	})
}

// sharedWording says whether the kit words the errors of a body code
// alike on every read endpoint, so that the service's wording of it on
// one is its wording on the others: every code but 404, an unknown
// record on getRecord and an unknown template on listQrcodes.
func sharedWording(code int) bool {
	return code != contract.RecordNotFoundError.Status && code != contract.TemplateNotFoundError.Status
}

// isRead says whether endpoint reads: verify's errors of one code are
// many (its error_code tells them apart), worded each its own way.
func isRead(endpoint string) bool {
	ep, ok := contract.EndpointNamed(endpoint)
	return ok && !ep.Write
}

// joinAfter reads the join where message is known+join+detail: a run of
// joining characters holding one that is not a space, then more.
func joinAfter(message, known string) (string, bool) {
	rest, ok := strings.CutPrefix(message, known)
	if !ok || known == "" {
		return "", false
	}
	end := strings.IndexFunc(rest, func(r rune) bool { return !isJoinRune(r) })
	if end <= 0 || strings.TrimSpace(rest[:end]) == "" {
		return "", false
	}
	return rest[:end], true
}

// messagesByCode groups the distinct messages of the answers by code.
func messagesByCode(as []spokenError) map[int][]string {
	out := map[int][]string{}
	for _, a := range as {
		if !slices.Contains(out[a.code], a.message) {
			out[a.code] = append(out[a.code], a.message)
		}
	}
	return out
}

// lastJoin splits shared, the start two messages of a code share, at its
// last run of joining characters holding one that is not a space (": "
// say): the message before it, the join itself.
func lastJoin(shared string) (stem, join string, ok bool) {
	rs := []rune(shared)
	for end := len(rs); end > 0; end-- {
		if !isJoinRune(rs[end-1]) {
			continue
		}
		start := end
		for start > 0 && isJoinRune(rs[start-1]) {
			start--
		}
		run := string(rs[start:end])
		if strings.TrimSpace(run) != "" && start > 0 {
			return string(rs[:start]), run, true
		}
		end = start + 1
	}
	return "", "", false
}

// commonPrefix is the longest prefix, whole characters, of every string.
func commonPrefix(ss []string) string {
	p := ss[0]
	for _, s := range ss[1:] {
		n := 0
		for n < len(p) && n < len(s) && p[n] == s[n] {
			n++
		}
		p = p[:n]
	}
	return strings.ToValidUTF8(p, "")
}

// spoken reads an error answer's message and detail; ok is false for a
// body that is not an error answer with a message.
func spoken(e scenario.ErrorAnswer) (spokenError, bool) {
	var b struct {
		Message *string `json:"message"`
		Detail  *string `json:"message_detail"`
	}
	if e.Code == 0 || json.Unmarshal(e.Body, &b) != nil || b.Message == nil {
		return spokenError{}, false
	}
	return spokenError{endpoint: e.Endpoint, situation: e.Situation, code: e.Code, message: *b.Message, detail: b.Detail}, true
}

// errorRules puts the rules of the service's errors, learnt from every
// error answer provoked (the catalogue's and the variants'), into the
// service block, and names in the header each rule it could not settle.
func (b *builder) errorRules() {
	var seen []spokenError
	for _, e := range slices.Concat(b.c.errors, b.c.variants) {
		if a, ok := spoken(e); ok {
			seen = append(seen, a)
		}
	}
	if len(seen) == 0 {
		return
	}
	d := learnDialect(seen, b.c.statuses)
	s := b.sc.Service
	if len(d.messages) > 0 {
		s.ErrorMessages = d.messages
	}
	if len(d.detailIn) > 0 {
		s.DetailIn = d.detailIn
	}
	if slices.Contains(slices.Collect(maps.Values(d.detailIn)), scenario.DetailInMessage) {
		s.DetailJoin = d.join
	}
	s.OtherErrorStatus = d.other
	for _, u := range d.unsettled {
		b.notes = append(b.notes, "error rule not settled: "+u)
	}
}
