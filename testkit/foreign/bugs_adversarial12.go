package foreign

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Adversarial round 12: bugs and correct variants written after reading
// the conformance runner of main while it learnt identifiers of another
// kind in every slot, the other organization's own moves and reads of
// moved credentials everywhere. It aims past those, at what the runner's
// plan never holds:
//
//   - state the profile's cases never reach: a credential whose status was
//     imported rather than reached by a verify, a credential not approved
//     read by its URL, a limited key's move named by id or asked by code;
//   - ways of sending a key the runner does not try on the operation that
//     takes them (a query token, X-Api-Key on verify, a Basic password, a
//     sandbox suffix) and headers it never sends (X-Original-Host,
//     If-Modified-Since after the data, a WeCom corp_id);
//   - time forms a lenient parser reads wrong (unpadded dates, 24:00,
//     offsets without a colon, a zone named in the body) and a window of
//     one day written as two equal dates;
//   - a number filter's later pages served from a cache keyed without
//     the filter, an error text cut inside a character, a sandbox flag
//     honoured.
//
// The variants differ from Defaults only where docs/contract.md allows,
// where a runner may assume one form: a Setext heading, an @context
// array, tokens with a nonce, review blocks without a stage, a page past the end refused,
// process_status without a text before the first move, fractional
// seconds or dates refused as bounds, positions in json-ld's list, more
// members in verify's answer.

// The bugs of adversarial round 12.
const (
	BugA12ImportedNextFromFirst  Bug = "a12-imported-status-next-from-first"
	BugA12ImportedRepeatServed   Bug = "a12-imported-status-repeat-served"
	BugA12LimitedEchoTargetID    Bug = "a12-limited-answer-echoes-target-id"
	BugA12LimitedNextByCodeOld   Bug = "a12-limited-next-by-code-answers-old-status"
	BugA12ReadKeySetByCode       Bug = "a12-read-key-set-by-code-moves"
	BugA12DryRunHonoured         Bug = "a12-verify-dry-run-honoured"
	BugA12QueryToken             Bug = "a12-query-token-without-header"
	BugA12VerifyXAPIKey          Bug = "a12-verify-x-api-key"
	BugA12BasicPasswordKey       Bug = "a12-basic-password-is-key"
	BugA12SandboxSuffixKey       Bug = "a12-sandbox-suffix-key"
	BugA12CorpIDSwitchesOrg      Bug = "a12-corp-id-switches-org"
	BugA12NumberLaterPagesCached Bug = "a12-number-later-pages-cached-unfiltered"
	BugA12SameDayWindowInstant   Bug = "a12-same-day-window-instant"
	BugA12BodyTimezone           Bug = "a12-body-timezone-honoured"
	BugA12LenientDatesUTC        Bug = "a12-lenient-dates-utc"
	BugA12Hour24SameDay          Bug = "a12-hour-24-same-day"
	BugA12OffsetNoColonDropped   Bug = "a12-offset-without-colon-dropped"
	BugA12ErrorTextCutBytes      Bug = "a12-error-text-cut-in-character"
	BugA12CrossTokenPanics       Bug = "a12-templates-qrcodes-token-500"
	BugA12NotModifiedPost        Bug = "a12-not-modified-on-post"
	BugA12OriginalHostURL        Bug = "a12-original-host-record-url"
	BugA12DesensitizeFalse       Bug = "a12-write-key-desensitize-false"
	BugA12URLUnapprovedNoFields  Bug = "a12-url-unapproved-card-without-fields"
	BugA12MarkdownSubmittedUTC   Bug = "a12-markdown-submitted-utc"
	BugA12LimitedAuditLabel      Bug = "a12-limited-audit-pending-label"
	BugA12WindowTokenDropsEnd    Bug = "a12-window-token-drops-end"
	BugA12ImportedFromSkipped    Bug = "a12-imported-status-from-skipped"
	BugA12ArchivedJSONLDArray    Bug = "a12-archived-jsonld-main-entity-array"
	BugA12VoidedSubmitAtMoved    Bug = "a12-voided-submit-at-moved"
	BugA12ExpiredBySetMoves      Bug = "a12-expired-authorization-set-by-id-moves"
	BugA12FormsNoteOnlyTotal     Bug = "a12-forms-note-only-hits-uncounted"
)

// The correct variants of adversarial round 12.
const (
	VariantA12SetextHeading      Variant = "a12-markdown-setext-heading"
	VariantA12ContextArray       Variant = "a12-jsonld-context-array"
	VariantA12AuditStageNull     Variant = "a12-audit-stage-and-auditor-null"
	VariantA12TokensWithNonce    Variant = "a12-page-tokens-with-nonce"
	VariantA12PastEndRefused     Variant = "a12-form-page-past-end-refused"
	VariantA12StatusTextNull     Variant = "a12-process-status-null-before-move"
	VariantA12FractionRefused    Variant = "a12-fractional-seconds-refused"
	VariantA12DatesRefused       Variant = "a12-date-bounds-refused"
	VariantA12JSONLDPositions    Variant = "a12-jsonld-list-positions"
	VariantA12VerifyExtraMembers Variant = "a12-verify-answer-extra-members"
)

func adversarialRound12() Round {
	return Round{Name: "adversarial-12", Kind: "adversarial", Bugs: []BugInfo{
		{BugA12ImportedNextFromFirst, "§3.1 (3.1.next, must)", "the next status is computed from the last row of the verify log; a credential whose status was imported has none, so set_next_certificate_status starts from the flow's first status: hx810013 (已核销) answers 已核销 again and never reaches 已归档"},
		{BugA12ImportedRepeatServed, "§7 (7.repeat, must)", "the repeat check compares the target with the last row of the verify log; an imported status has none, so moving hx810013 to 已核销, the status it is in, is a success"},
		{BugA12LimitedEchoTargetID, "§3.1, §4.2 (3.1.move, must)", "the partner API answers certificate_status from the request: a move the limited key names by status id answers the id (22), not the status's name"},
		{BugA12LimitedNextByCodeOld, "§3.1 (3.1.next, must)", "the partner API's set_next_certificate_status by code reads the status for its answer before the update commits: the answer names the status the credential left"},
		{BugA12ReadKeySetByCode, "§5 item 3 (C2.writeScope, must)", "write permission is checked in the scan (URL) path and in set_next's handler; the back office's set_certificate_status by code only checks that the key is known: a read key moves a credential"},
		{BugA12DryRunHonoured, "§3.1, §C1 (3.1.move, must)", "the open platform's sandbox flag dry_run, an unknown member to the contract, is honoured: verify answers the move as made and writes nothing"},
		{BugA12QueryToken, "§5, §C2 (C2.noKey, must)", "the H5 share page passes the key as ?token=, and the gateway accepts it on every operation when no Authorization is sent"},
		{BugA12VerifyXAPIKey, "§5, §C2 (C2.noKey, must)", "the write controller keeps the legacy SDK's auth filter, which reads X-Api-Key when there is no Authorization"},
		{BugA12BasicPasswordKey, "§5, §C2 (C2.noKey, must)", "the gateway's Basic plugin takes the password as the API key (curl -u api:KEY): Authorization: Basic with the key as password is served"},
		{BugA12SandboxSuffixKey, "§5, §C2 (C2.badKey, must)", "keys ending in -test are sandbox keys, looked up without the suffix: fx-read-3b8c-test, which nobody issued, reads as fx-read-3b8c"},
		{BugA12CorpIDSwitchesOrg, "§4.2, §C2 (C2.tenancy, must)", "the WeCom integration reads corp_id (an organization's code or id) for the console's keys with write permission: the write key with corp_id xlwy acts in the other organization"},
		{BugA12NumberLaterPagesCached, "§4.3 (4.3.number, must)", "pages after the first come from the list cache, keyed by page, page_size and search_key but not number: page 2 of a number filter is page 2 of the whole list"},
		{BugA12SameDayWindowInstant, "§4.4, §C5 (4.4.window, must)", "the range builder writes created_at = start_time when both bounds are the same string: a window of one day written as two equal dates holds only its midnight"},
		{BugA12BodyTimezone, "§4.4, §C5 (4.4.startTime, 4.4.endTime, must)", "times without zone are read in the zone the body's timezone or tz member names (the app sends its own), not in UTC+08:00"},
		{BugA12LenientDatesUTC, "§4.4, §C5 (4.4.startTime, 4.4.endTime, must)", "dates the strict parser refuses (2026-1-6, 2026/01/06) fall back to strtotime, in the server's zone, UTC"},
		{BugA12Hour24SameDay, "§4.4, §C5 (4.4.startTime, 4.4.endTime, must)", "the time parser takes hour 24 modulo 24 without carrying the day: 2026-01-05T24:00:00+08:00 is read as the start of the 5th, not of the 6th"},
		{BugA12OffsetNoColonDropped, "§4.4, §C5 (4.4.startTime, 4.4.endTime, must)", "an offset written without its colon (+1400, -0530) is not recognised by the lenient parser, which reads the rest as a time without zone, in UTC+08:00"},
		{BugA12ErrorTextCutBytes, "§7, §C1 (C1.jsonText, must)", "the error text quotes the request's value cut with substr at 40 bytes; a cut inside a character makes json_encode fail, and the framework sends an empty body"},
		{BugA12CrossTokenPanics, "§4.4, §C3 (C3.templates, must)", "templates/list decodes a page_token of listQrcodes (a token of another list) into its own cursor type and fails: a 500 System error for the client's mistake"},
		{BugA12NotModifiedPost, "§1.1, §C1 (C1.jsonText, must)", "the response cache middleware honours If-Modified-Since on every method: a getRecord asked with a date after the record's submission answers 304 without a body"},
		{BugA12OriginalHostURL, "§4.1 (2.1.identity, must)", "the URL builder prefers the WAF's X-Original-Host header: record_url and qrcode_url carry the host the client came through"},
		{BugA12DesensitizeFalse, "§2.1, §C8 (2.1.masked, must)", "the console's export flag desensitize=false, an unknown member to the contract, is honoured for keys with write permission: masked values come in clear"},
		{BugA12URLUnapprovedNoFields, "§4.1 (4.1.byUrl, 2.1.fields, must)", "a record URL opens the public card, which hides the fields of a credential not yet approved: getRecord by URL answers tpl_groups []"},
		{BugA12MarkdownSubmittedUTC, "§1.3, §2.1 (2.1.held, must)", "the markdown renderer formats the submission time with the server's clock zone, UTC, and labels it (UTC+08:00)"},
		{BugA12LimitedAuditLabel, "§2.1, §3.2 (2.1.labels, must)", "the partner API keeps its own label table: audit.status 0 reads 待审批 for the limited key and 待审核 elsewhere"},
		{BugA12WindowTokenDropsEnd, "§4.4 (4.4.endTime, must)", "listQrcodes' page token keeps start_time but not end_time: the pages after the first of a window with an end list sub-codes past it"},
		{BugA12ImportedFromSkipped, "§3.1, §7 (7.conditions, must)", "from_certificate_status is compared with the last row of the verify log, and skipped when there is none: an imported credential (hx810013, 已核销) sent from 待核销 moves"},
		{BugA12ArchivedJSONLDArray, "§2.2 (2.2.jsonld, must)", "json-ld of a credential a verify archived comes from the archive's serializer, which writes mainEntity as an array of item lists, one per archived version"},
		{BugA12VoidedSubmitAtMoved, "§4.2 (4.2.successData, must)", "voiding a credential by status id answers submit_at with the time of the void"},
		{BugA12ExpiredBySetMoves, "§3.1, §7 (7.conditions, must)", "the authorization code is checked by the scan and set_next handlers; set_certificate_status by id on a credential whose authorization expired moves it"},
		{BugA12FormsNoteOnlyTotal, "§4.3 (4.3.total, must)", "getFormList's count query matches search_key on name and number, the list query on the note too: a search that hits a form by its note alone counts one form less"},
	}, Variants: []VariantInfo{
		{VariantA12SetextHeading, "markdown's top-level heading is written Setext-style (the title, then a line of =)",
			"§2.2: a top-level heading after the front matter; CommonMark §4.3: a Setext heading underlined with = is a level-1 heading; §C7 (markdown layout) is the kit's (KIT)"},
		{VariantA12ContextArray, "json-ld's @context is an array: the schema.org URL and a language map",
			"§2.2: json-ld holds @context; JSON-LD 1.1 §3.1: a context may be an array of contexts; §C7 (json-ld layout) is the kit's (KIT)"},
		{VariantA12AuditStageNull, "audit blocks show current_stage_id, current_stage_title and auditor_name null",
			"§2.1 (audit): \"optional, each nullable: current_stage_id integer, current_stage_title string, status integer (§3.2), status_text string, auditor_name string\""},
		{VariantA12TokensWithNonce, "templates/* page tokens carry a nonce: the same page asked twice gives two different tokens, each of which continues the walk",
			"§C5 (page_token): \"Opaque and URL-safe\" (KIT); §4.4 asks only that a page's token continue the walk, and the lastToken statement that no token repeats within one walk"},
		{VariantA12PastEndRefused, "getFormList's page past the last is refused: 400, 100301, naming page",
			"§C5 (getFormList last_page): \"the spec does not say what a page past the end holds\"; §C4: a value out of range is a parameter error in the endpoint's shape"},
		{VariantA12StatusTextNull, "a credential never moved shows process_status {enabled: true, text: null, color: null}",
			"§2.1: process_status's text and color are optional and nullable; §3.3: how it moves is open; §C6: a move may change process_status"},
		{VariantA12FractionRefused, "start_time and end_time with fractional seconds are refused: 400 naming the parameter",
			"§C5 (start_time / end_time): an RFC 3339 time \"is read as that instant or refused with a 400 naming the parameter\"; the accepted forms are the kit's (KIT)"},
		{VariantA12DatesRefused, "start_time and end_time written as a date alone are refused: 400 naming the parameter",
			"§C5 (start_time / end_time): \"a time without zone and a date, where accepted, are read in UTC+08:00\": a service may accept neither (KIT)"},
		{VariantA12JSONLDPositions, "json-ld's itemListElement entries carry position (1, 2, ...) and the list numberOfItems",
			"§2.2: mainEntity is an item list; §C7 (json-ld layout): the rest of its layout is the kit's (KIT); schema.org ItemList defines both"},
		{VariantA12VerifyExtraMembers, "verify's success data also carries status_id and verified_at",
			"§4.2: the success data's members are listed, not closed (only the Record of §2.1 is a closed object); §C1 (Unknown request members) reads extra members as forward compatibility"},
	}}
}

// a12Key is the key a request without a known one is served as by round
// 12's bugs, nil for none.
func (s *Server) a12Key(ep string, r *http.Request) *apiKey {
	auth := strings.TrimSpace(r.Header.Get("Authorization"))
	if auth == "" && s.opts.has(BugA12QueryToken) {
		if k := s.data.key(r.URL.Query().Get("token")); k != nil {
			return k
		}
	}
	if auth == "" && ep == "certificates/verify" && s.opts.has(BugA12VerifyXAPIKey) {
		if k := s.data.key(strings.TrimSpace(r.Header.Get("X-Api-Key"))); k != nil {
			return k
		}
	}
	if scheme, cred, ok := strings.Cut(auth, " "); ok && strings.EqualFold(scheme, "Basic") && s.opts.has(BugA12BasicPasswordKey) {
		if raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(cred)); err == nil {
			if _, pass, found := strings.Cut(string(raw), ":"); found {
				if k := s.data.key(pass); k != nil {
					return k
				}
			}
		}
	}
	if key, ok := strings.CutSuffix(bearer(auth), "-test"); ok && s.opts.has(BugA12SandboxSuffixKey) {
		return s.data.key(key)
	}
	return nil
}

// a12Front answers what round 12's bugs answer before any endpoint reads
// the request; true when it answered.
func (s *Server) a12Front(w http.ResponseWriter, r *http.Request, ep string) bool {
	if ep != "record/getRecord" || !s.opts.has(BugA12NotModifiedPost) {
		return false
	}
	since, err := http.ParseTime(r.Header.Get("If-Modified-Since"))
	if err != nil || since.Unix() < at(8, 10, 0) {
		return false
	}
	w.WriteHeader(http.StatusNotModified)
	return true
}

// a12Serve serves one request as round 12's bugs and variants read it
// and rewrite its answer, around the service (a11Serve and what it
// wraps).
func (s *Server) a12Serve(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	if org := s.a12Corp(k, p); org != 0 {
		k = a9As(k, org)
	}
	var data any
	var aerr *apiError
	switch ep.name {
	case "certificates/verify":
		data, aerr = s.a12Verify(ep, k, p, r)
	case "record/getFormList":
		if e := s.a12FormParams(k, p); e != nil {
			return nil, e
		}
		data, aerr = s.a11Serve(ep, k, p, r)
		data = s.a12Forms(p, data)
	case "templates/list", "templates/listQrcodes":
		if e := s.a12ListParams(ep.name, k, p); e != nil {
			return nil, e
		}
		data, aerr = s.a11Serve(ep, k, p, r)
		data = s.a12List(ep.name, k, p, data)
	case "record/getRecord":
		data, aerr = s.a11Serve(ep, k, p, r)
		data = s.a12Record(k, p, r, data)
	default:
		data, aerr = s.a11Serve(ep, k, p, r)
	}
	if aerr != nil {
		return nil, s.a12Error(p, aerr)
	}
	return data, nil
}

// a12Corp is the organization a corp_id names for a console key (0 for
// none).
func (s *Server) a12Corp(k *apiKey, p params) int64 {
	if !s.opts.has(BugA12CorpIDSwitchesOrg) || !k.write || k.forms != nil {
		return 0
	}
	var ref string
	switch v := p["corp_id"].(type) {
	case string:
		ref = strings.TrimSpace(v)
	case json.Number:
		ref = v.String()
	default:
		return 0
	}
	for _, org := range s.data.orgs {
		if (org.code == ref || itoa(org.id) == ref) && org.id != k.org {
			return org.id
		}
	}
	return 0
}

// a12Error rewrites an error as round 12's bugs do.
func (s *Server) a12Error(p params, e *apiError) *apiError {
	if !s.opts.has(BugA12ErrorTextCutBytes) {
		return e
	}
	for _, v := range p {
		str, isStr := v.(string)
		if !isStr || len(str) <= 40 || utf8.ValidString(str[:40]) {
			continue
		}
		head := str[:8]
		if strings.Contains(e.message, head) || strings.Contains(e.detail, head) {
			c := *e
			c.empty = true
			return &c
		}
	}
	return e
}

// a12Snapshot is a credential's state, to put back.
type a12Snapshot struct {
	st       certState
	changes  int
	verified int
}

// a12Save keeps rec's state.
func (s *Server) a12Save(rec *record) *a12Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.certs[rec.id]
	if st == nil {
		return nil
	}
	return &a12Snapshot{st: *st, changes: len(st.changes), verified: len(st.verifiedAt)}
}

// a12Restore puts rec's state back as saved.
func (s *Server) a12Restore(rec *record, snap *a12Snapshot) {
	if snap == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if st := s.certs[rec.id]; st != nil {
		st.status, st.verified = snap.st.status, snap.st.verified
		st.changes = st.changes[:min(len(st.changes), snap.changes)]
		st.verifiedAt = st.verifiedAt[:min(len(st.verifiedAt), snap.verified)]
	}
}

// a12Imported says whether rec's status was imported: no verify has
// moved it since the data set gave it.
func (s *Server) a12Imported(rec *record) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.certs[rec.id]
	if st == nil || st.status == rec.form.flow.statuses[0] {
		return false
	}
	for _, c := range st.changes {
		if c.byVerify {
			return false
		}
	}
	return true
}

// a12Verify serves verify as round 12's bugs read it.
func (s *Server) a12Verify(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	action, _ := p["action_type"].(string)
	code, _ := p["certificate_code"].(string)
	to, _ := p["to_certificate_status"].(string)
	byURL := strings.Contains(code, "://")
	if !k.write && action == "set_certificate_status" && !byURL && s.opts.has(BugA12ReadKeySetByCode) {
		k = a9Unscoped(k, true)
	}
	rec := s.credential(k, verifyRequest{code: code, byURL: byURL, action: action})
	if rec == nil || rec.form == nil || rec.form.flow == nil {
		return s.a11Serve(ep, k, p, r)
	}
	cur := s.statusOf(rec)
	imported := cur != nil && s.a12Imported(rec)
	if imported && action == "set_certificate_status" && k.write && rec.form.flow.ref(to) == cur && s.opts.has(BugA12ImportedRepeatServed) {
		return o("record_number", rec.number, "record_id", rec.id, "org_id", rec.org, "submit_at", rec.submit, "certificate_status", cur.name), nil
	}
	if action == "set_certificate_status" && a9Digits(to) && k.write && k.forms == nil && rec.cert.authExpired && cur != nil && p["tpl_id"] == nil && p["code_id"] == nil && p["from_certificate_status"] == nil && s.opts.has(BugA12ExpiredBySetMoves) {
		if target := rec.form.flow.ref(to); target != nil && cur.reaches(target.name) && rec.form.verification && rec.cert.verification && rec.cert.approved && !rec.cert.identity {
			return s.a11Move(rec, cur, target), nil
		}
	}
	if from, isStr := p["from_certificate_status"].(string); isStr && imported && rec.form.flow.ref(from) != cur && s.opts.has(BugA12ImportedFromSkipped) {
		delete(p, "from_certificate_status")
	}
	snap := s.a12Save(rec)
	data, aerr := s.a11Serve(ep, k, p, r)
	if aerr != nil {
		return nil, aerr
	}
	b, isObj := data.(obj)
	if !isObj {
		return data, nil
	}
	switch {
	case imported && action == "set_next_certificate_status" && s.opts.has(BugA12ImportedNextFromFirst):
		s.a12Restore(rec, snap)
		first := rec.form.flow.statuses[0]
		if len(first.next) > 0 {
			next := rec.form.flow.named(first.next[0])
			s.mu.Lock()
			if st := s.certs[rec.id]; st != nil {
				st.changes = append(st.changes, change{from: cur, to: next, byVerify: true})
				st.status, st.verified = next, true
				st.verifiedAt = append(st.verifiedAt, s.now().Unix())
			}
			s.mu.Unlock()
			b = b.set("certificate_status", next.name)
		}
	case p["dry_run"] == true && s.opts.has(BugA12DryRunHonoured):
		s.a12Restore(rec, snap)
	case k.forms != nil && action == "set_certificate_status" && a9Digits(to) && s.opts.has(BugA12LimitedEchoTargetID):
		b = b.set("certificate_status", to)
	case k.forms != nil && action == "set_next_certificate_status" && !byURL && cur != nil && s.opts.has(BugA12LimitedNextByCodeOld):
		b = b.set("certificate_status", cur.name)
	case action == "set_certificate_status" && a9Digits(to) && s.opts.has(BugA12VoidedSubmitAtMoved):
		if now := s.statusOf(rec); now != nil && now.forbids {
			b = b.set("submit_at", s.now().Unix())
		}
	}
	if s.opts.is(VariantA12VerifyExtraMembers) {
		if now := s.statusOf(rec); now != nil {
			b = append(append(obj{}, b...), member{"status_id", now.id}, member{"verified_at", s.now().Unix()})
		}
	}
	return b, nil
}

// a12FormParams rewrites getFormList's parameters as round 12's bugs
// and variants read them; an error refuses the request.
func (s *Server) a12FormParams(k *apiKey, p params) *apiError {
	page, hasPage, perr := p.int("page")
	size, hasSize, serr := p.int("page_size")
	if perr != nil || serr != nil || !hasPage || page < 2 {
		return nil
	}
	if !hasSize || size < 1 {
		size = formDefaultSize
	}
	if size > 20 {
		size = 20
	}
	all := int64(0)
	for _, f := range s.data.forms {
		if f.org == k.org {
			all++
		}
	}
	if s.opts.is(VariantA12PastEndRefused) && !a12Filtered(p) && (page-1)*size >= all {
		return paramError("page", "page is past the last page")
	}
	if n, isStr := p["number"].(string); isStr && n != "" && !a12Filtered(params{"search_key": p["search_key"]}) && (page-1)*size < all && s.opts.has(BugA12NumberLaterPagesCached) {
		delete(p, "number")
	}
	return nil
}

// a12Filtered says whether a getFormList request filters.
func a12Filtered(p params) bool {
	sk, _ := p["search_key"].(string)
	n, _ := p["number"].(string)
	return sk != "" || n != ""
}

// a12Forms rewrites a getFormList answer as round 12's bugs do.
func (s *Server) a12Forms(p params, data any) any {
	b, isObj := data.(obj)
	sk, _ := p["search_key"].(string)
	if !isObj || sk == "" || !s.opts.has(BugA12FormsNoteOnlyTotal) {
		return data
	}
	pg, _ := b.get("page").(obj)
	total, isInt := a11Int(pg.get("total"))
	if pg == nil || !isInt {
		return data
	}
	lower := strings.ToLower(sk)
	noteOnly := int64(0)
	for _, f := range s.data.forms {
		if f.org == OrgID && strings.Contains(strings.ToLower(f.note), lower) &&
			!strings.Contains(strings.ToLower(f.name), lower) && !strings.Contains(strings.ToLower(f.number), lower) {
			noteOnly++
		}
	}
	if noteOnly == 0 {
		return data
	}
	return b.set("page", append(obj{}, pg...).set("total", total-noteOnly))
}

// The time forms a lenient parser takes.
var (
	a12LooseDate = regexp.MustCompile(`^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$`)
	a12NoColon   = regexp.MustCompile(`^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(\.\d+)? ?[+-]\d{4}$`)
	a12Zoneless  = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}:\d{2})?$`)
)

// a12Zones are the offsets, in January, of the zones clients name.
var a12Zones = map[string]string{
	"utc": "Z", "+00:00": "Z", "asia/tokyo": "+09:00", "europe/berlin": "+01:00",
	"america/new_york": "-05:00", "america/los_angeles": "-08:00", "asia/shanghai": "+08:00",
}

// a12ListParams rewrites the template listings' parameters as round 12's
// bugs and variants read them; an error refuses the request.
func (s *Server) a12ListParams(name string, k *apiKey, p params) *apiError {
	start, _ := p["start_time"].(string)
	end, _ := p["end_time"].(string)
	for m, v := range map[string]string{"start_time": start, "end_time": end} {
		if v == "" {
			continue
		}
		if s.opts.is(VariantA12FractionRefused) && strings.Contains(v, ".") {
			return paramError(m, m+" must be a time in whole seconds such as 2026-01-02T03:04:05+08:00")
		}
		if s.opts.is(VariantA12DatesRefused) && a11Date(v) {
			return paramError(m, m+" must be a time such as 2026-01-02T03:04:05+08:00, not a date")
		}
	}
	if tok, _ := p["page_token"].(string); tok != "" && s.opts.is(VariantA12TokensWithNonce) {
		if cut, _, found := strings.Cut(tok, "~n"); found {
			p["page_token"] = cut
		}
	}
	if tok, _ := p["page_token"].(string); name == "templates/list" && tok != "" && s.opts.has(BugA12CrossTokenPanics) {
		head, _, _ := strings.Cut(tok, ".")
		if raw, err := a11Base64(head); err == nil && strings.Contains(raw, "|qrcodes|") {
			return &apiError{code: 500, message: "System error", detail: "cursor: cannot unmarshal qrcodes cursor into templates cursor"}
		}
	}
	if start != "" && start == end && a11Date(start) && s.opts.has(BugA12SameDayWindowInstant) {
		p["end_time"] = start + "T00:00:00+08:00"
		p["start_time"] = start + "T00:00:00+08:00"
		return nil
	}
	zone := ""
	for _, m := range []string{"timezone", "tz"} {
		if z, isStr := p[m].(string); isStr && s.opts.has(BugA12BodyTimezone) {
			if off, known := a12Zones[strings.ToLower(strings.TrimSpace(z))]; known {
				zone = off
			}
		}
	}
	for m, v := range map[string]string{"start_time": start, "end_time": end} {
		clock := "T00:00:00"
		if m == "end_time" {
			clock = "T23:59:59"
		}
		switch {
		case zone != "" && a12Zoneless.MatchString(v):
			if len(v) == 10 {
				p[m] = v + clock + zone
			} else {
				p[m] = v[:10] + "T" + v[11:] + zone
			}
		case s.opts.has(BugA12LenientDatesUTC) && !a11Date(v) && a12LooseDate.MatchString(v):
			g := a12LooseDate.FindStringSubmatch(v)
			p[m] = g[1] + "-" + a12Pad(g[2]) + "-" + a12Pad(g[3]) + clock + "Z"
		case s.opts.has(BugA12Hour24SameDay) && len(v) >= 19 && v[10] == 'T' && v[11:13] == "24":
			p[m] = v[:11] + "00" + v[13:]
		case s.opts.has(BugA12OffsetNoColonDropped) && a12NoColon.MatchString(v):
			g := a12NoColon.FindStringSubmatch(v)
			p[m] = g[1] + "T" + g[2] + g[3]
		}
	}
	return nil
}

// a12Pad is a month or a day on two digits.
func a12Pad(v string) string {
	if len(v) == 1 {
		return "0" + v
	}
	return v
}

// a12List rewrites a templates/* answer as round 12's bugs do.
func (s *Server) a12List(name string, k *apiKey, p params, data any) any {
	b, isObj := data.(obj)
	if !isObj {
		return data
	}
	if next, isStr := b.get("next_page_token").(string); isStr && next != "" && s.opts.is(VariantA12TokensWithNonce) {
		b = b.set("next_page_token", next+"~n"+strconv.FormatInt(s.now().UnixNano(), 36))
	}
	if name == "templates/listQrcodes" && s.opts.has(BugA12WindowTokenDropsEnd) {
		if tok, _ := p["page_token"].(string); tok != "" {
			if end, hasEnd := p["end_time"].(string); hasEnd && end != "" {
				if t := s.a11Template(k, p); t != nil {
					b = s.a12PastEnd(t, p, b)
				}
			}
		}
	}
	return b
}

// a12PastEnd is a later page of a listQrcodes window as a token without
// its end reads it: the sub-codes after the page's own, past end_time,
// fill it up to page_size.
func (s *Server) a12PastEnd(t *template, p params, b obj) obj {
	w, err := readWindow(p, timeBugs{})
	if err != nil || !w.hasE {
		return b
	}
	list, _ := b.get("list").([]any)
	size, ok, _ := p.int("page_size")
	if !ok || size < 1 || size > 100 {
		size = 20
	}
	for _, sc := range t.subs {
		if int64(len(list)) >= size {
			break
		}
		if sc.created > w.end && (!w.hasStart || sc.created >= w.start) {
			list = append(list, o("name", sc.name, "id", sc.id, "coding", sc.coding))
		}
	}
	return b.set("list", list)
}

// a12Record rewrites a getRecord answer as round 12's bugs and variants
// do.
func (s *Server) a12Record(k *apiKey, p params, r *http.Request, data any) any {
	b, isObj := data.(obj)
	if !isObj {
		return data
	}
	rec := s.a11Target(k, p)
	if rec == nil {
		return data
	}
	format, _ := b.get("format").(string)
	_, byID := p["record_id"]
	switch x := b.get("data").(type) {
	case obj:
		if format == "json" {
			if host := strings.TrimSpace(r.Header.Get("X-Original-Host")); host != "" && s.opts.has(BugA12OriginalHostURL) {
				ours := "https://" + s.data.org(rec.org).host + "/"
				for _, m := range []string{"record_url"} {
					if u, isStr := x.get(m).(string); isStr {
						x = x.set(m, strings.Replace(u, ours, "https://"+host+"/", 1))
					}
				}
			}
			if p["desensitize"] == false && k.write && s.opts.has(BugA12DesensitizeFalse) {
				x = s.recordJSON(rec, true, false)
			}
			if !byID && rec.cert != nil && (!rec.cert.approved || !rec.cert.verification || !rec.form.verification) && s.opts.has(BugA12URLUnapprovedNoFields) {
				x = x.set("tpl_groups", []any{})
			}
			if k.forms != nil && s.opts.has(BugA12LimitedAuditLabel) {
				if a, isA := x.get("audit").(obj); isA {
					if st, _ := a11Int(a.get("status")); st == 0 && a.get("status") != nil {
						x = x.set("audit", append(obj{}, a...).set("status_text", "待审批"))
					}
				}
			}
			if a, isA := x.get("audit").(obj); isA && s.opts.is(VariantA12AuditStageNull) {
				a = append(obj{}, a...)
				for _, m := range []string{"current_stage_id", "current_stage_title", "auditor_name"} {
					if a.get(m) != nil {
						a = a.set(m, nil)
					}
				}
				x = x.set("audit", a)
			}
			if s.opts.is(VariantA12StatusTextNull) && rec.cert != nil && !s.verified(rec) {
				if ps, isPS := x.get("process_status").(obj); isPS {
					x = x.set("process_status", append(obj{}, ps...).set("text", nil).set("color", nil))
				}
			}
		}
		if format == "json-ld" {
			if now := s.statusOf(rec); now != nil && now.terminal && !now.forbids && s.verified(rec) && s.opts.has(BugA12ArchivedJSONLDArray) {
				x = append(obj{}, x...).set("mainEntity", []any{x.get("mainEntity")})
			}
			if s.opts.is(VariantA12ContextArray) {
				x = x.set("@context", []any{x.get("@context"), o("@language", "zh-CN")})
			}
			if s.opts.is(VariantA12JSONLDPositions) {
				x = a12Positions(x)
			}
		}
		b = b.set("data", x)
	case string:
		if s.opts.has(BugA12MarkdownSubmittedUTC) {
			x = strings.Replace(x, "submitted: \""+s.iso(rec.submit)+"\"",
				"submitted: \""+time.Unix(rec.submit, 0).UTC().Format("2006-01-02 15:04:05")+"(UTC+08:00)\"", 1)
		}
		if s.opts.is(VariantA12SetextHeading) {
			x = a12Setext(x)
		}
		b = b.set("data", x)
	}
	return b
}

// a12Positions numbers the entries of a json-ld item list.
func a12Positions(x obj) obj {
	me, isObj := x.get("mainEntity").(obj)
	if !isObj {
		return x
	}
	items, _ := me.get("itemListElement").([]any)
	out := make([]any, 0, len(items))
	for i, it := range items {
		if e, isE := it.(obj); isE {
			it = append(append(obj{}, e...), member{"position", int64(i + 1)})
		}
		out = append(out, it)
	}
	me = append(obj{}, me...).set("itemListElement", out)
	me = append(me, member{"numberOfItems", int64(len(out))})
	return append(obj{}, x...).set("mainEntity", me)
}

// a12Setext writes markdown's first top-level heading Setext-style.
func a12Setext(text string) string {
	lines := strings.SplitAfter(text, "\n")
	for i, l := range lines {
		if t, ok := strings.CutPrefix(l, "# "); ok {
			t = strings.TrimSuffix(t, "\n")
			lines[i] = t + "\n" + strings.Repeat("=", max(3, utf8.RuneCountInString(t)*2)) + "\n"
			return strings.Join(lines, "")
		}
	}
	return text
}
