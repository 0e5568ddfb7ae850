package foreign

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Adversarial round 11: bugs and correct variants written after reading
// the conformance runner of main while it learnt verify as a state
// machine, the other organization as the subject of every rule, and
// identifiers, URLs and keys spelt otherwise. It aims past those, at
// what a sampler that dresses each request once rarely puts together:
//
//   - the limited and the write key as subjects of the listing rules (a
//     partner's gateway, a console integration): walks, filters, page
//     sizes, windows and defaults that only the read key is asked;
//   - two conditions of one request that the runner sends apart: a
//     console's cookie with the write key, a JSONP callback on verify,
//     a session cookie without a key, both bounds of a window with a
//     date as its end;
//   - values past the data set's edges: a record's id as a fraction, an
//     id or a status id with letters after its digits (intval, MySQL's
//     casts), a code or a coding cut at a NUL, as C strings cut them;
//   - verify's conditions met one way and not the other (a status by id
//     on a form without verification or a record not approved,
//     from_certificate_status by id beside set_next_certificate_status,
//     a repeat by URL), refusals that write, answers of the limited key;
//   - masks and times a move, a format or a key shows otherwise.
//
// The variants differ from Defaults only where docs/contract.md allows,
// where a runner that follows a record through its moves may assume one
// form: no process_status, state_changes or status in json-ld, a field
// a move adds, tokens a move voids, a finished flow's next as 100326,
// audit blocks with enabled false, nested json-ld lists, a system
// form's number null.

// The bugs of adversarial round 11.
const (
	BugA11LimitedTemplatesTokenDropped Bug = "a11-limited-templates-token-dropped"
	BugA11LimitedFormPageIgnored       Bug = "a11-limited-form-list-page-ignored"
	BugA11LimitedNumberCaseless        Bug = "a11-limited-number-caseless"
	BugA11WriteQrcodesLocalUTC         Bug = "a11-write-qrcodes-local-times-utc"
	BugA11LimitedQrcodesStartExclusive Bug = "a11-limited-qrcodes-start-exclusive"
	BugA11LimitedDefaultMarkdown       Bug = "a11-limited-default-format-markdown"
	BugA11WriteTemplatesLaterHideEmpty Bug = "a11-write-templates-later-pages-hide-empty"
	BugA11LimitedTemplatesLocalUTC     Bug = "a11-limited-templates-local-times-utc"
	BugA11LimitedQrcodesTotalRemaining Bug = "a11-limited-qrcodes-total-remaining"
	BugA11ConsoleOrgCookie             Bug = "a11-console-org-cookie"
	BugA11VerifyJSONP                  Bug = "a11-verify-jsonp-callback"
	BugA11StatusIDNumericPrefix        Bug = "a11-status-id-numeric-prefix"
	BugA11SessionCookieNoKey           Bug = "a11-session-cookie-without-key"
	BugA11RecordIDFraction             Bug = "a11-record-id-fraction-truncated"
	BugA11CodeNULTruncated             Bug = "a11-certificate-code-nul-truncated"
	BugA11TemplateNULTruncated         Bug = "a11-template-coding-nul-truncated"
	BugA11WindowEndDateMidnight        Bug = "a11-window-end-date-midnight"
	BugA11TemplatesWindowStartExcl     Bug = "a11-templates-window-start-exclusive"
	BugA11OffFormStatusByID            Bug = "a11-verification-off-status-by-id-moves"
	BugA11NextFromByIDIgnored          Bug = "a11-next-from-by-id-ignored"
	BugA11LimitedAnswerStatusID        Bug = "a11-limited-answer-status-id"
	BugA11RepeatByURLSucceeds          Bug = "a11-repeat-by-url-succeeds"
	BugA11ExpiredRefusalAppends        Bug = "a11-expired-refusal-appends-change"
	BugA11NextByURLSubmitAtNow         Bug = "a11-next-by-url-submit-at-now"
	BugA11UnapprovedStatusByID         Bug = "a11-unapproved-status-by-id-moves"
	BugA11MarkdownNameKeepsLast        Bug = "a11-credential-markdown-name-keeps-last"
	BugA11ActiveISOAfterVerify         Bug = "a11-active-iso-after-verify-utc"
	BugA11RecordIDNumericPrefix        Bug = "a11-record-id-numeric-prefix"
	BugA11LimitedJSONLDKeepsLast       Bug = "a11-limited-jsonld-name-keeps-last"
	BugA11TplIDNumericPrefix           Bug = "a11-tpl-id-numeric-prefix"
	BugA11MovedMarkdownIDIsNumber      Bug = "a11-moved-markdown-record-id-number"
)

// The correct variants of adversarial round 11.
const (
	VariantA11AuditDisabledBlocks  Variant = "a11-audit-disabled-blocks"
	VariantA11NoProcessStatus      Variant = "a11-no-process-status"
	VariantA11NoStateChanges       Variant = "a11-no-state-changes"
	VariantA11TerminalNext100326   Variant = "a11-terminal-next-100326"
	VariantA11JSONLDNestedLists    Variant = "a11-jsonld-nested-item-lists"
	VariantA11SystemTemplateNumber Variant = "a11-system-form-template-number-null"
	VariantA11MoveAddsOperator     Variant = "a11-move-adds-operator-field"
	VariantA11FrontMatterNoStatus  Variant = "a11-front-matter-without-status"
	VariantA11JSONLDNoStatus       Variant = "a11-jsonld-without-status"
	VariantA11TokensVoidAfterMove  Variant = "a11-page-tokens-void-after-move"
)

func adversarialRound11() Round {
	return Round{Name: "adversarial-11", Kind: "adversarial", Bugs: []BugInfo{
		{BugA11LimitedTemplatesTokenDropped, "§4.4 (4.4.disjoint, 4.4.total, must)", "the partner gateway in front of the limited key forwards only the members on its list for templates/list, and page_token is not on it: every page the limited key asks is the first"},
		{BugA11LimitedFormPageIgnored, "§4.3 (4.3.disjoint, must)", "the partner gateway forwards getFormList's page_size but not page: every page the limited key asks is the first"},
		{BugA11LimitedNumberCaseless, "§4.3 (4.3.number, must)", "the limited key's form list goes through the partner search index, whose number field is case-insensitive: fx-c01 finds FX-C01"},
		{BugA11WriteQrcodesLocalUTC, "§4.5, §C5 (4.4.startTime, 4.4.endTime, must)", "the console integration (the write key) runs in UTC: its listQrcodes reads a start_time or end_time without zone, and a date, in UTC"},
		{BugA11LimitedQrcodesStartExclusive, "§4.5 (4.4.startTime, must)", "the partner API's listQrcodes filters created_at > start_time: a sub-code created at start_time is left out for the limited key"},
		{BugA11LimitedDefaultMarkdown, "§4.1 (4.1.defaultFormat, must)", "the partner's app settings set its default format to markdown: getRecord without format answers the limited key in markdown"},
		{BugA11WriteTemplatesLaterHideEmpty, "§4.4 (4.4.total, must)", "the console integration hides batch templates without sub-codes on the pages past the first, as the console's list does, while total counts them"},
		{BugA11LimitedTemplatesLocalUTC, "§4.4, §C5 (4.4.startTime, 4.4.endTime, must)", "the partner gateway's clock is UTC: it reads the limited key's start_time and end_time without zone, and dates, in UTC"},
		{BugA11LimitedQrcodesTotalRemaining, "§4.5 (4.4.total, must)", "the partner API's listQrcodes counts from the token's position: on later pages total is what remains"},
		{BugA11ConsoleOrgCookie, "§4.2, §C2 (C2.tenancyVerify, C2.tenancy, must)", "the API shares the console's middleware, which honours the organization switcher's current_org cookie for keys with write permission: a write key sent with current_org=<another organization> acts in it"},
		{BugA11VerifyJSONP, "§1.1, §C1 (C1.contentType, C1.jsonText, must)", "verify's controller extends the legacy controller that answers JSONP when the query names a callback: a success is callback({...}) as application/javascript"},
		{BugA11StatusIDNumericPrefix, "§3.1, §7 (7.conditions, must)", "a status given by id is compared with the integer id column, which MySQL casts the string to by its leading digits: 12abc names status 12"},
		{BugA11SessionCookieNoKey, "§5, §C2 (C2.noKey, must)", "the console's session middleware marks a request with a session cookie authenticated before the key is read: no Authorization and a session cookie is served as a read key"},
		{BugA11RecordIDFraction, "§4.1, §C1 (C1.badInput, must)", "record_id is read with intval: 800001.5, which is no integer, answers record 800001"},
		{BugA11CodeNULTruncated, "§4.2, §C10 (7.unknownCode, must)", "the code lookup goes through a C extension that ends a string at NUL: hx810001\\u0000x moves hx810001"},
		{BugA11TemplateNULTruncated, "§4.5, §C10 (4.5.unknownTemplate, must)", "the template cache is keyed by C strings: a coding with a NUL and more after it lists the template before it"},
		{BugA11WindowEndDateMidnight, "§4.4, §C5 (4.4.window, must)", "listQrcodes with both bounds goes through the range builder, which reads an end_time date as its midnight: the day itself is left out"},
		{BugA11TemplatesWindowStartExcl, "§4.4, §C5 (4.4.window, must)", "templates/list with both bounds goes through the range builder, which writes created_at > start_time: a template created at the start of a window is left out"},
		{BugA11OffFormStatusByID, "§3.1, §7 (7.conditions, must)", "a status given by id is resolved through the flow repository, which knows nothing of the form's verification switch: set_certificate_status by id moves a credential of a form with verification off"},
		{BugA11NextFromByIDIgnored, "§3.1, §7 (7.conditions, must)", "set_next_certificate_status compares from_certificate_status with the status names only: an id there matches nothing and is dropped"},
		{BugA11LimitedAnswerStatusID, "§3.1, §4.2 (3.1.move, must)", "the partner API's verify answers certificate_status with the new status's id"},
		{BugA11RepeatByURLSucceeds, "§7 (7.repeat, must)", "a verify by URL is a scan of the QR code, made idempotent: moving a credential by URL to the status it is in answers a success"},
		{BugA11ExpiredRefusalAppends, "§3.1, §7 (7.conditions, must)", "the status log is written before the authorization code is checked: a verify refused with 100327 leaves a state change behind"},
		{BugA11NextByURLSubmitAtNow, "§4.2 (4.2.successData, must)", "set_next_certificate_status by URL answers submit_at with the time of the scan"},
		{BugA11UnapprovedStatusByID, "§3.1, §7 (7.conditions, must)", "a status given by id goes through the flow repository, which does not read the record's review: set_certificate_status by id moves a credential not yet approved"},
		{BugA11MarkdownNameKeepsLast, "§2.1, §C8 (C8.otherFormats, must)", "credentials' markdown goes through the card template, whose mask keeps a name's first and last characters: 陈*怡 where json shows 陈**"},
		{BugA11ActiveISOAfterVerify, "§1.3, §C1 (C1.timeZone, must)", "a verify records the form's activity with the database clock, in UTC: active_at_iso of a form verified since is the UTC clock labelled UTC+08:00"},
		{BugA11RecordIDNumericPrefix, "§4.1, §C1 (C1.badInput, must)", "record_id is read with intval, which takes the digits a string starts with: \"800001abc\", which is no integer, answers record 800001"},
		{BugA11LimitedJSONLDKeepsLast, "§2.1, §C8 (C8.otherFormats, must)", "the partner's json-ld goes through its own serializer, whose mask keeps a name's first and last characters: 陈*怡 where json shows 陈**"},
		{BugA11TplIDNumericPrefix, "§4.2, §7 (7.params, must)", "tpl_id is read with intval, which takes the digits a string starts with: \"5031abc\", which is no integer, scopes the move to form 5031 and moves the credential"},
		{BugA11MovedMarkdownIDIsNumber, "§2.2 (2.2.markdownId, must)", "a moved credential's markdown is rendered by the redeemed-card template, whose front matter's record_id is the record number"},
	}, Variants: []VariantInfo{
		{VariantA11AuditDisabledBlocks, "records without review show audit {enabled: false}",
			"§C10 (audit with enabled: false): \"The runner accepts a block with enabled: false (never fails a service for it)\""},
		{VariantA11NoProcessStatus, "credential records show no process_status",
			"§2.1: process_status is optional; §3.3: how it moves is open; §C6 (The move seen in getRecord): \"a real service that shows it otherwise is not failed\""},
		{VariantA11NoStateChanges, "records show no state_changes",
			"§2.1: state_changes is optional; §C6: a move may change, add or take away state_changes"},
		{VariantA11TerminalNext100326, "set_next_certificate_status on a terminal status is 100326",
			"§7: 100326 is \"there is no next status\", and a terminal status has none; §C10 (End of a flow) is the kit's (KIT)"},
		{VariantA11JSONLDNestedLists, "json-ld's mainEntity holds one nested ItemList per group",
			"§2.2: mainEntity is an item list; §C7 (json-ld layout): the rest of the layout is the kit's (KIT)"},
		{VariantA11SystemTemplateNumber, "records of system forms show record_template.number null",
			"§2.1: record_template's five members \"must be present and may each be null\""},
		{VariantA11MoveAddsOperator, "a move adds a field 核销人 (the key that moved it) to the credential's first group",
			"§C6 (The move seen in getRecord): a move \"may also add fields to the record's groups (a field that records the move, such as the terminal or the operator ...)\""},
		{VariantA11FrontMatterNoStatus, "markdown's front matter carries no status line (a credential's status)",
			"§2.2: front matter holds at least a title and record_id; §C7 (markdown layout): the rest is the kit's (KIT)"},
		{VariantA11JSONLDNoStatus, "json-ld of a credential carries no creativeWorkStatus",
			"§2.2: json-ld holds @context, @type, identifier, name, url and mainEntity; §C7 (json-ld layout): the rest of its layout is the kit's (KIT)"},
		{VariantA11TokensVoidAfterMove, "templates/* refuse a page_token issued before the last move with 400 naming page_token",
			"§C5 (page_token): opaque, KIT; §C10: a token is tamper-evident and bound to its filter, and a service may refuse one with 400 naming page_token (§C5, page_size changed between pages)"},
	}}
}

// a11State is what round 11's bugs and variants remember.
type a11State struct {
	mu sync.Mutex
	// active are the forms a verify moved a credential of, by the time
	// of the last move.
	active map[int64]int64
	// moves counts the successful verifies (a token's epoch).
	moves int64
}

// a11Reset forgets what round 11 remembers.
func (s *Server) a11Reset() {
	s.a11.mu.Lock()
	defer s.a11.mu.Unlock()
	s.a11.active, s.a11.moves = nil, 0
}

// a11Key is the key a request without a known one is served as by round
// 11's bugs, nil for none.
func (s *Server) a11Key(r *http.Request) *apiKey {
	if !s.opts.has(BugA11SessionCookieNoKey) || strings.TrimSpace(r.Header.Get("Authorization")) != "" {
		return nil
	}
	for _, c := range r.Cookies() {
		switch strings.ToLower(c.Name) {
		case "session", "phpsessid", "jsessionid", "sid", "connect.sid":
			if c.Value != "" {
				return &s.data.keys[0]
			}
		}
	}
	return nil
}

// a11AsCookie is k as the console's middleware switches it by the
// current_org cookie.
func (s *Server) a11AsCookie(k *apiKey, r *http.Request) *apiKey {
	if !s.opts.has(BugA11ConsoleOrgCookie) || !k.write || k.forms != nil {
		return k
	}
	c, err := r.Cookie("current_org")
	if err != nil {
		return k
	}
	for _, org := range s.data.orgs {
		if itoa(org.id) == strings.TrimSpace(c.Value) && org.id != k.org {
			return a9As(k, org.id)
		}
	}
	return k
}

// a11Writer keeps a verify answer a bug rewrites as JSONP; the function
// returned writes it.
func (s *Server) a11Writer(w http.ResponseWriter, r *http.Request) (http.ResponseWriter, func()) {
	cb := r.URL.Query().Get("callback")
	if cb == "" || r.URL.Path != pathPrefix+"certificates/verify" || !s.opts.has(BugA11VerifyJSONP) {
		return w, func() {}
	}
	a := &a8Answer{ResponseWriter: w}
	return a, func() {
		status, body := a.status, a.body.Bytes()
		if status == 0 {
			status = http.StatusOK
		}
		var head struct {
			Code json.Number `json:"code"`
		}
		if status == http.StatusOK && json.Unmarshal(body, &head) == nil && head.Code.String() == "0" {
			body = append(append([]byte(cb+"("), bytes.TrimSpace(body)...), ");"...)
			w.Header().Set("Content-Type", "application/javascript; charset=utf-8")
			w.Header().Del("Content-Length")
		}
		w.WriteHeader(status)
		_, _ = w.Write(body)
	}
}

// a11Serve serves one request as round 11's bugs and variants read it
// and rewrite its answer, around the service (a10Serve and what it
// wraps).
func (s *Server) a11Serve(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	k = s.a11AsCookie(k, r)
	if e := s.a11Token(ep.name, p); e != nil {
		return nil, e
	}
	limited, console := k.forms != nil, k.write && k.forms == nil
	switch ep.name {
	case "certificates/verify":
		return s.a11Verify(ep, k, p, r)
	case "record/getRecord":
		if n, isNum := p["record_id"].(json.Number); isNum && s.opts.has(BugA11RecordIDFraction) {
			if whole, frac, ok := strings.Cut(n.String(), "."); ok && frac != "" && a9Digits(whole) && a9Digits(frac) {
				p["record_id"] = json.Number(whole)
			}
		}
		if id, isStr := p["record_id"].(string); isStr && s.opts.has(BugA11RecordIDNumericPrefix) {
			if digits := strings.TrimRight(id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-"); digits != id && a9Digits(digits) {
				p["record_id"] = json.Number(digits)
			}
		}
		if f, _ := p["format"].(string); f == "" && limited && s.opts.has(BugA11LimitedDefaultMarkdown) {
			p["format"] = "markdown"
		}
	case "record/getFormList":
		s.a11FormParams(k, p)
	case "templates/list", "templates/listQrcodes":
		s.a11ListParams(ep.name, k, p)
	}
	data, aerr := s.a10Serve(ep, k, p, r)
	if aerr != nil {
		return nil, aerr
	}
	b, ok := data.(obj)
	if !ok {
		return data, nil
	}
	switch ep.name {
	case "record/getRecord":
		return s.a11Record(k, p, b), nil
	case "record/getFormList":
		return s.a11Forms(k, p, b), nil
	case "templates/list", "templates/listQrcodes":
		return s.a11List(ep.name, k, p, b, limited, console), nil
	}
	return b, nil
}

// a11Token takes a variant's epoch off a page token, or refuses a token
// a move voided (nil for none).
func (s *Server) a11Token(name string, p params) *apiError {
	if !s.opts.is(VariantA11TokensVoidAfterMove) || name != "templates/list" && name != "templates/listQrcodes" {
		return nil
	}
	tok, isStr := p["page_token"].(string)
	if !isStr || tok == "" {
		return nil
	}
	rest, epoch, found := strings.Cut(tok, "~e")
	if !found {
		return nil // not one of ours: the service refuses it
	}
	s.a11.mu.Lock()
	moves := s.a11.moves
	s.a11.mu.Unlock()
	if epoch != itoa(moves) {
		return paramError("page_token", "page_token was issued before the data changed; start the list again")
	}
	p["page_token"] = rest
	return nil
}

// a11FormParams rewrites getFormList's parameters as round 11's bugs
// read them.
func (s *Server) a11FormParams(k *apiKey, p params) {
	if n, isStr := p["number"].(string); isStr && n != "" && k.forms != nil && s.opts.has(BugA11LimitedNumberCaseless) {
		exact := false
		for _, f := range s.data.forms {
			exact = exact || f.org == k.org && f.number == n
		}
		for _, f := range s.data.forms {
			if !exact && f.org == k.org && strings.EqualFold(f.number, n) {
				p["number"] = f.number
			}
		}
	}
	if k.forms != nil && s.opts.has(BugA11LimitedFormPageIgnored) {
		delete(p, "page")
	}
}

// a11Forms rewrites a getFormList answer as round 11's bugs do.
func (s *Server) a11Forms(k *apiKey, p params, b obj) obj {
	list, _ := b.get("list").([]any)
	pg, _ := b.get("page").(obj)
	if pg == nil {
		return b
	}
	if s.opts.has(BugA11ActiveISOAfterVerify) {
		s.a11.mu.Lock()
		out := make([]any, 0, len(list))
		for _, it := range list {
			if f, isObj := it.(obj); isObj {
				id, _ := f.get("id").(int64)
				if at, moved := s.a11.active[id]; moved {
					it = f.set("active_at", at).set("active_at_iso", time.Unix(at, 0).UTC().Format("2006-01-02 15:04:05")+"(UTC+08:00)")
				}
			}
			out = append(out, it)
		}
		s.a11.mu.Unlock()
		list = out
	}
	return b.set("list", list).set("page", pg)
}

// a11ListParams rewrites the template listings' parameters as round
// 11's bugs read them.
func (s *Server) a11ListParams(name string, k *apiKey, p params) {
	limited := k.forms != nil
	if name == "templates/list" && limited && s.opts.has(BugA11LimitedTemplatesTokenDropped) {
		delete(p, "page_token")
	}
	start, hasStart := p["start_time"].(string)
	end, hasEnd := p["end_time"].(string)
	if name == "templates/list" && limited && s.opts.has(BugA11LimitedTemplatesLocalUTC) ||
		name == "templates/listQrcodes" && k.write && !limited && s.opts.has(BugA11WriteQrcodesLocalUTC) {
		for m, v := range map[string]string{"start_time": start, "end_time": end} {
			switch {
			case len(v) == len("2006-01-02") && a9Digits(v[:4]):
				clock := "T00:00:00Z"
				if m == "end_time" {
					clock = "T23:59:59Z"
				}
				p[m] = v + clock
			case len(v) == len("2006-01-02 15:04:05") && v[10] == ' ' && a9Digits(v[:4]):
				p[m] = v[:10] + "T" + v[11:] + "Z"
			}
		}
	}
	both := hasStart && hasEnd && start != "" && end != ""
	if both && name == "templates/listQrcodes" && a11Date(end) && s.opts.has(BugA11WindowEndDateMidnight) {
		p["end_time"] = end + "T00:00:00+08:00"
	}
	if ref, isStr := p["template"].(string); isStr && name == "templates/listQrcodes" && s.opts.has(BugA11TemplateNULTruncated) {
		if cut, _, found := strings.Cut(ref, "\x00"); found && cut != "" {
			p["template"] = cut
		}
	}
}

// a11Date says whether v is a date alone, YYYY-MM-DD.
func a11Date(v string) bool {
	return len(v) == len("2006-01-02") && v[4] == '-' && v[7] == '-' && a9Digits(v[:4]+v[5:7]+v[8:])
}

// a11Template is the template a listQrcodes request names (nil for none).
func (s *Server) a11Template(k *apiKey, p params) *template {
	ref, _ := p["template"].(string)
	for _, t := range s.data.templates {
		if t.org == k.org && (t.coding == ref || sameURL(s.data.templateURL(t), ref)) {
			return t
		}
	}
	return nil
}

// a11List rewrites a templates/* answer as round 11's bugs and variants
// do.
func (s *Server) a11List(name string, k *apiKey, p params, b obj, limited, console bool) obj {
	list, _ := b.get("list").([]any)
	qrcodes := name == "templates/listQrcodes"
	_, hasStart := p["start_time"].(string)
	_, hasEnd := p["end_time"].(string)
	tok, _ := p["page_token"].(string)
	if qrcodes {
		t := s.a11Template(k, p)
		if t != nil && limited && hasStart && s.opts.has(BugA11LimitedQrcodesStartExclusive) {
			if w, err := readWindow(p, timeBugs{}); err == nil && w.hasStart {
				kept, dropped := []any{}, int64(0)
				for _, it := range list {
					if it, isObj := it.(obj); isObj && a11SubCreated(t, it) == w.start {
						continue
					}
					kept = append(kept, it)
				}
				for _, sc := range t.subs {
					if sc.created == w.start && w.holds(sc.created) {
						dropped++
					}
				}
				list = kept
				if n, isInt := a11Int(b.get("total")); isInt {
					b = b.set("total", n-dropped)
				}
			}
		}
		if t != nil && limited && tok != "" && s.opts.has(BugA11LimitedQrcodesTotalRemaining) {
			if n, isInt := a11Int(b.get("total")); isInt {
				if off, err := s.a11Offset(p, name, k); err == nil {
					b = b.set("total", n-off)
				}
			}
		}
	}
	if !qrcodes && hasStart && hasEnd && s.opts.has(BugA11TemplatesWindowStartExcl) {
		if w, err := readWindow(p, timeBugs{}); err == nil && w.hasStart && w.hasE {
			kept, dropped := []any{}, int64(0)
			for _, it := range list {
				if it, isObj := it.(obj); isObj {
					if t := a11TemplateOf(s.data.templates, it); t != nil && t.created == w.start {
						continue
					}
				}
				kept = append(kept, it)
			}
			for _, t := range s.data.templates {
				if t.org == k.org && t.created == w.start && w.holds(t.created) {
					dropped++
				}
			}
			list = kept
			if n, isInt := a11Int(b.get("total")); isInt {
				b = b.set("total", n-dropped)
			}
		}
	}
	if !qrcodes && console && tok != "" && s.opts.has(BugA11WriteTemplatesLaterHideEmpty) {
		kept := []any{}
		for _, it := range list {
			if it, isObj := it.(obj); isObj {
				if t := a11TemplateOf(s.data.templates, it); t != nil && len(t.subs) == 0 {
					continue
				}
			}
			kept = append(kept, it)
		}
		list = kept
	}
	if s.opts.is(VariantA11TokensVoidAfterMove) {
		if next, isStr := b.get("next_page_token").(string); isStr && next != "" {
			s.a11.mu.Lock()
			b = b.set("next_page_token", next+"~e"+itoa(s.a11.moves))
			s.a11.mu.Unlock()
		}
	}
	return b.set("list", list)
}

// a11Int reads an integer a service wrote.
func a11Int(v any) (int64, bool) {
	switch n := v.(type) {
	case int:
		return int64(n), true
	case int64:
		return n, true
	}
	return 0, false
}

// a11Offset is the position a listing's page_token continues from.
func (s *Server) a11Offset(p params, name string, k *apiKey) (int64, error) {
	tok, _ := p["page_token"].(string)
	head, _, _ := strings.Cut(tok, ".")
	raw, err := a11Base64(head)
	if err != nil {
		return 0, err
	}
	n, _, _ := strings.Cut(raw, "|")
	return json.Number(n).Int64()
}

// a11Base64 decodes a token's payload (URL-safe base64, padded or not).
func a11Base64(s string) (string, error) {
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
	return string(b), err
}

// a11SubCreated is the creation time of the sub-code an item names.
func a11SubCreated(t *template, it obj) int64 {
	id, _ := a11Int(it.get("id"))
	for _, sc := range t.subs {
		if sc.id == id {
			return sc.created
		}
	}
	return -1
}

// a11TemplateOf is the template a templates/list item names.
func a11TemplateOf(ts []*template, it obj) *template {
	id, _ := a11Int(it.get("tpl_id"))
	for _, t := range ts {
		if t.id == id {
			return t
		}
	}
	return nil
}

// a11Verify serves verify as round 11's bugs read it.
func (s *Server) a11Verify(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	action, _ := p["action_type"].(string)
	code, _ := p["certificate_code"].(string)
	if cut, _, found := strings.Cut(code, "\x00"); found && cut != "" && s.opts.has(BugA11CodeNULTruncated) {
		p["certificate_code"], code = cut, cut
	}
	if from, isStr := p["from_certificate_status"].(string); isStr && action == "set_next_certificate_status" && a9Digits(from) && from != "" && s.opts.has(BugA11NextFromByIDIgnored) {
		delete(p, "from_certificate_status")
	}
	if tpl, isStr := p["tpl_id"].(string); isStr && s.opts.has(BugA11TplIDNumericPrefix) {
		if digits := strings.TrimRight(tpl, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-"); digits != tpl && a9Digits(digits) {
			p["tpl_id"] = json.Number(digits)
		}
	}
	for _, m := range []string{"to_certificate_status", "from_certificate_status"} {
		v, isStr := p[m].(string)
		if !isStr || !s.opts.has(BugA11StatusIDNumericPrefix) {
			continue
		}
		if digits := strings.TrimRight(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-"); digits != v && a9Digits(digits) {
			p[m] = digits
		}
	}
	byURL := strings.Contains(code, "://")
	rec := s.credential(k, verifyRequest{code: code, byURL: byURL})
	if rec == nil || rec.form == nil || rec.form.flow == nil {
		return s.a10Serve(ep, k, p, r)
	}
	to, _ := p["to_certificate_status"].(string)
	cur := s.statusOf(rec)
	if action == "set_certificate_status" && k.write && k.forms == nil && cur != nil && p["tpl_id"] == nil && p["code_id"] == nil && p["from_certificate_status"] == nil {
		target := rec.form.flow.ref(to)
		switch {
		case !rec.form.verification && a9Digits(to) && to != "" && target != nil && cur.reaches(target.name) && rec.cert.approved && s.opts.has(BugA11OffFormStatusByID):
			return s.a11Move(rec, cur, target), nil
		case rec.form.verification && rec.cert.verification && !rec.cert.approved && a9Digits(to) && target != nil && cur.reaches(target.name) && s.opts.has(BugA11UnapprovedStatusByID):
			return s.a11Move(rec, cur, target), nil
		case byURL && target == cur && s.opts.has(BugA11RepeatByURLSucceeds):
			return o("record_number", rec.number, "record_id", rec.id, "org_id", rec.org, "submit_at", rec.submit, "certificate_status", cur.name), nil
		}
	}
	data, aerr := s.a10Serve(ep, k, p, r)
	if aerr != nil {
		if aerr.errorCode == 100327 && s.opts.has(BugA11ExpiredRefusalAppends) && cur != nil {
			next := rec.form.flow.ref(to)
			if action == "set_next_certificate_status" && len(cur.next) > 0 {
				next = rec.form.flow.named(cur.next[0])
			}
			if next != nil {
				s.mu.Lock()
				if st := s.certs[rec.id]; st != nil {
					st.changes = append(st.changes, change{from: st.status, to: next, byVerify: true})
				}
				s.mu.Unlock()
			}
		}
		if aerr.errorCode == 100324 && action == "set_next_certificate_status" && cur != nil && cur.terminal && s.opts.is(VariantA11TerminalNext100326) {
			return nil, verifyError(100326, "Invalid target certificate status")
		}
		return nil, aerr
	}
	s.a11Moved(rec)
	b, isObj := data.(obj)
	if !isObj {
		return data, nil
	}
	if k.forms != nil && s.opts.has(BugA11LimitedAnswerStatusID) {
		if now := s.statusOf(rec); now != nil {
			b = b.set("certificate_status", itoa(now.id))
		}
	}
	if byURL && action == "set_next_certificate_status" && s.opts.has(BugA11NextByURLSubmitAtNow) {
		b = b.set("submit_at", s.now().Unix())
	}
	return b, nil
}

// a11Moved notes a successful move of rec.
func (s *Server) a11Moved(rec *record) {
	s.a11.mu.Lock()
	defer s.a11.mu.Unlock()
	if s.a11.active == nil {
		s.a11.active = map[int64]int64{}
	}
	s.a11.active[rec.form.id] = s.now().Unix()
	s.a11.moves++
}

// a11Move moves rec from cur to to as a bug's path does, and answers it.
func (s *Server) a11Move(rec *record, cur, to *status) obj {
	s.mu.Lock()
	if st := s.certs[rec.id]; st != nil {
		st.changes = append(st.changes, change{from: cur, to: to, byVerify: true})
		st.status = to
		st.verified = true
		st.verifiedAt = append(st.verifiedAt, s.now().Unix())
	}
	s.mu.Unlock()
	s.a11Moved(rec)
	return o("record_number", rec.number, "record_id", rec.id, "org_id", rec.org, "submit_at", rec.submit, "certificate_status", to.name)
}

// a11Target is the record of k's organization a getRecord request names.
func (s *Server) a11Target(k *apiKey, p params) *record {
	return s.a10Target(k, p)
}

// a11Record rewrites a getRecord answer as round 11's bugs and variants
// do.
func (s *Server) a11Record(k *apiKey, p params, b obj) obj {
	rec := s.a11Target(k, p)
	if rec == nil {
		return b
	}
	format, _ := b.get("format").(string)
	moved := rec.cert != nil && s.verified(rec)
	switch x := b.get("data").(type) {
	case obj:
		if format == "json" {
			x = s.a11JSON(k, rec, x, moved)
		}
		if format == "json-ld" {
			x = s.a11JSONLD(rec, x)
			if k.forms != nil && s.opts.has(BugA11LimitedJSONLDKeepsLast) {
				for m, alt := range s.a11KeptLast(rec) {
					x, _ = a11Replace(x, m, alt).(obj)
				}
			}
		}
		b = b.set("data", x)
	case string:
		if rec.cert != nil && s.opts.has(BugA11MarkdownNameKeepsLast) {
			x = s.a11KeepLast(rec, x)
		}
		if moved && s.opts.has(BugA11MovedMarkdownIDIsNumber) {
			x = strings.Replace(x, "record_id: "+itoa(rec.id)+"\n", "record_id: "+rec.number+"\n", 1)
		}
		if s.opts.is(VariantA11FrontMatterNoStatus) {
			x = a11DropLine(x, "status:")
		}
		b = b.set("data", x)
	}
	return b
}

// a11DropLine is text without its first line that starts with prefix.
func a11DropLine(text, prefix string) string {
	lines := strings.SplitAfter(text, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return strings.Join(append(lines[:i:i], lines[i+1:]...), "")
		}
	}
	return text
}

// a11KeepLast is markdown with rec's masked names masked as the card
// template masks them: the first and the last characters kept.
func (s *Server) a11KeepLast(rec *record, text string) string {
	for m, alt := range s.a11KeptLast(rec) {
		text = strings.ReplaceAll(strings.ReplaceAll(text, escapeMD(m), escapeMD(alt)), m, alt)
	}
	return text
}

// a11KeptLast maps the masks of rec's masked names (of three characters
// or more) to the masks that keep their first and last characters.
func (s *Server) a11KeptLast(rec *record) map[string]string {
	out := map[string]string{}
	for _, g := range rec.groups {
		for _, f := range g.fields {
			v, isStr := f.value.(string)
			if !f.masked || !isStr || f.typ != "name" || utf8.RuneCountInString(v) < 3 {
				continue
			}
			rs := []rune(v)
			out[s.mask(f.typ, v)] = string(rs[0]) + strings.Repeat("*", len(rs)-2) + string(rs[len(rs)-1])
		}
	}
	return out
}

// a11Replace is v with every string equal to from replaced by to.
func a11Replace(v any, from, to string) any {
	switch x := v.(type) {
	case string:
		if x == from {
			return to
		}
	case obj:
		out := make(obj, len(x))
		for i, m := range x {
			out[i] = member{m.key, a11Replace(m.val, from, to)}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = a11Replace(e, from, to)
		}
		return out
	}
	return v
}

// a11JSON rewrites a json Record as round 11's variants show it.
func (s *Server) a11JSON(k *apiKey, rec *record, x obj, moved bool) obj {
	if s.opts.is(VariantA11AuditDisabledBlocks) && x.get("audit") == nil {
		x = x.set("audit", o("enabled", false))
	}
	if rec.cert != nil && s.opts.is(VariantA11NoProcessStatus) {
		x = a11Without(x, "process_status")
	}
	if s.opts.is(VariantA11NoStateChanges) {
		x = a11Without(x, "state_changes")
	}
	if s.opts.is(VariantA11SystemTemplateNumber) && rec.form != nil && rec.form.typ != 0 && rec.form.typ != 1 && rec.form.typ != 2 {
		if t, isObj := x.get("record_template").(obj); isObj {
			x = x.set("record_template", append(obj{}, t...).set("number", nil))
		}
	}
	if moved && s.opts.is(VariantA11MoveAddsOperator) {
		if gs, isArr := x.get("tpl_groups").([]any); isArr && len(gs) > 0 {
			if g, isObj := gs[0].(obj); isObj {
				fields, _ := g.get("fields").([]any)
				field := o("field_id", int64(9901), "field_title", "核销人", "field_type", "text", "field_value", "API",
					"options", o("is_result", false, "is_highlight", false, "is_hidden", false, "is_masked", false))
				out := append(append([]any{}, gs...)[:0:0], append(obj{}, g...).set("fields", append(append([]any{}, fields...), field)))
				x = x.set("tpl_groups", append(out, gs[1:]...))
			}
		}
	}
	return x
}

// a11JSONLD rewrites a json-ld payload as round 11's variants show it.
func (s *Server) a11JSONLD(rec *record, x obj) obj {
	if s.opts.is(VariantA11JSONLDNoStatus) {
		x = a11Without(x, "creativeWorkStatus")
	}
	if s.opts.is(VariantA11JSONLDNestedLists) {
		if me, isObj := x.get("mainEntity").(obj); isObj {
			inner := append(obj{}, me...)
			me = o("@type", "ItemList", "name", me.get("name"), "itemListElement", []any{inner})
			x = append(obj{}, x...).set("mainEntity", me)
		}
	}
	return x
}

// a11Without is x without the member key.
func a11Without(x obj, key string) obj {
	out := make(obj, 0, len(x))
	for _, m := range x {
		if m.key != key {
			out = append(out, m)
		}
	}
	return out
}
