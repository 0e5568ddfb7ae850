// Package scenario reads scenario files (YAML) into a resolved, validated
// Scenario: every reference followed, every generated record expanded, every
// default applied. The mock server builds its state from a Scenario and never
// sees YAML; the conformance profile is derived from one.
package scenario

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/rtq-kit/rtq/fault"
)

// HTTPStatusMode says which HTTP status line error answers carry
// (docs/contract.md §C1).
type HTTPStatusMode string

const (
	// StatusPerCode mirrors the body's code (400, 401, 403, 404, 405, 413,
	// 429, 5xx) in the HTTP status; success is 200. The default.
	StatusPerCode HTTPStatusMode = "per_code"
	// StatusAlways200 answers HTTP 200 whatever the body's code, as many RPC
	// gateways do.
	StatusAlways200 HTTPStatusMode = "always_200"
)

// Scenario is one resolved scenario. Slices are in file order (generated
// items after written ones); the mock sorts where the contract says so.
// A Scenario is never mutated after Load: the mock copies what it changes.
type Scenario struct {
	Name       string
	Seed       int64
	HTTPStatus HTTPStatusMode
	Orgs       []*Org
	Keys       []*Key
	Projects   []*Project
	Forms      []*Form
	QRCodes    []*QRCode
	Records    []*Record
	Templates  []*Template
	// Faults are the scenario's fault rules (faults:), validated; the
	// mock applies them from the start and re-arms them on every reset.
	Faults []fault.Rule
	// Service holds a recorded service's own choices where the
	// specification is silent (service:); nil: the kit's throughout.
	Service *Service
}

// Service is what a recorded service showed where the specification
// leaves the choice open (rtq record): the mock answers as that service did
// instead of in the kit's dialect, so a frontend developer working offline
// meets the answers production will send.
type Service struct {
	// Messages are success messages by endpoint name
	// ("record/getRecord"); an endpoint not listed gets the kit's.
	Messages map[string]string
	// FormsInFileOrder serves getFormList in the order the forms are
	// written (the service's own order) instead of by id.
	FormsInFileOrder bool
	// NewestFirst serves templates and sub-codes newest first (creation
	// time, then id, descending), as a recorded service did; false: the
	// kit's oldest first.
	NewestFirst bool
	// StatusByCode is the HTTP status line of error answers by body
	// code, where the service's differs from the kit's (a mixed policy:
	// business errors with 200, authentication errors with 401, say).
	StatusByCode map[int]int
	// ErrorMessages are the service's error messages by endpoint name,
	// then body code (error_messages), learnt from the errors a recording
	// provoked: the mock words every error of those so, provoked or not.
	ErrorMessages map[string]map[int]string
	// DetailIn says, by endpoint name, where the service writes an
	// error's detail (error_detail): DetailMember or DetailInMessage; an
	// endpoint not listed keeps the kit's message_detail.
	DetailIn map[string]string
	// DetailJoin joins the message and the detail under DetailInMessage
	// (detail_join, ": " say).
	DetailJoin string
	// OtherErrorStatus is the status line of the client error codes (4xx)
	// the service was never seen answering, but 401 and 403
	// (error_status_other): 200 when it answered every other client error
	// it was seen answering with 200; 0 is the kit's status.
	OtherErrorStatus int
	// IntegerStrings reads an integer member sent as a string of digits
	// ("2") as the integer, as the service did (integers_as_strings);
	// false: the kit's refusal.
	IntegerStrings bool
	// Search is how the service reads getFormList's search_key (search),
	// learnt by a recording; nil: the kit's reading (KitSearch).
	Search *Search
	// Errors are the service's exact answers in the situations a crawl
	// provokes (Situations), by endpoint: the mock answers them as the
	// service did, even where the service answered a success.
	Errors []ErrorAnswer
	// Replay are the service's exact answers to exact requests, where
	// the domain cannot say what it would answer (its fuzzy search): the
	// mock sends each for its request, never for verify.
	Replay []Replay
}

// Where a service writes an error's detail (Service.DetailIn).
const (
	DetailMember    = "member"  // in message_detail, the message alone
	DetailInMessage = "message" // after the message, joined by DetailJoin; no message_detail
)

// IntegersAsStrings says whether an integer member may be sent as a
// string of digits (IntegerStrings).
func (s *Service) IntegersAsStrings() bool { return s != nil && s.IntegerStrings }

// ErrorMessage is the service's message for the errors of a body code on
// an endpoint, when it showed one.
func (s *Service) ErrorMessage(endpoint string, code int) (string, bool) {
	if s == nil {
		return "", false
	}
	m, ok := s.ErrorMessages[endpoint][code]
	return m, ok
}

// Replay is one request a recorded service answered, and its answer.
type Replay struct {
	Endpoint string
	Request  string // CanonicalRequest of the body
	Status   int    // HTTP status line
	Code     int    // the body's code
	Body     []byte // the answer, compact JSON
}

// CanonicalRequest is a request body as Replay matches it: its JSON with
// the object members sorted and no white space, numbers as written, and a
// page of 1 left out (getFormList's first page, sent or not); ok is false
// for a body that is not JSON.
func CanonicalRequest(body []byte) (string, bool) {
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil || d.More() {
		return "", false
	}
	if m, ok := v.(map[string]any); ok && m["page"] == json.Number("1") {
		delete(m, "page") // the first page, as an absent page is (SPEC §4.3)
	}
	b, err := json.Marshal(v)
	return string(b), err == nil
}

// Replayed is the recorded answer to a request of an endpoint, if any.
func (s *Service) Replayed(endpoint string, body []byte) (Replay, bool) {
	if s == nil || len(s.Replay) == 0 {
		return Replay{}, false
	}
	req, ok := CanonicalRequest(body)
	if !ok {
		return Replay{}, false
	}
	for _, r := range s.Replay {
		if r.Endpoint == endpoint && r.Request == req {
			return r, true
		}
	}
	return Replay{}, false
}

// ErrorAnswer is what a service answered an endpoint in one situation.
type ErrorAnswer struct {
	Endpoint  string // "record/getRecord"
	Situation string // one of Situations
	Status    int    // HTTP status line
	Code      int    // the body's code (0: the service answered a success)
	Body      []byte // the answer, compact JSON
}

// The situations of an error catalogue: the read-only error provocations
// of a crawl (docs/record.md), each a case where the kit answers by its
// own choice.
const (
	SituationRecordNotFound    = "record_not_found"     // getRecord: unknown record_id
	SituationRecordURLNotFound = "record_url_not_found" // getRecord: unknown record_url
	SituationPageSizeOverMax   = "page_size_over_max"   // page_size past the maximum (the kit clamps)
	SituationEndBeforeStart    = "end_before_start"     // templates/*: end_time before start_time (the kit refuses)
	SituationNotJSON           = "not_json"             // a body that is not JSON
	SituationNoKey             = "no_key"               // no Authorization
	SituationBadKey            = "bad_key"              // an unknown API key
)

// Situations lists every situation an error catalogue may name.
var Situations = []string{SituationRecordNotFound, SituationRecordURLNotFound, SituationPageSizeOverMax,
	SituationEndBeforeStart, SituationNotJSON, SituationNoKey, SituationBadKey}

// ErrorFor is the service's answer to an endpoint in a situation, when
// the catalogue holds one.
func (s *Service) ErrorFor(endpoint, situation string) (ErrorAnswer, bool) {
	if s == nil || situation == "" {
		return ErrorAnswer{}, false
	}
	for _, e := range s.Errors {
		if e.Endpoint == endpoint && e.Situation == situation {
			return e, true
		}
	}
	return ErrorAnswer{}, false
}

// StatusFor is the status line the service gave errors of a body code.
func (s *Service) StatusFor(code int) (int, bool) {
	if s == nil {
		return 0, false
	}
	st, ok := s.StatusByCode[code]
	return st, ok
}

// Message is the success message of an endpoint: the service's when it
// showed one, else def (the kit's).
func (s *Service) Message(endpoint, def string) string {
	if s != nil {
		if m, ok := s.Messages[endpoint]; ok {
			return m
		}
	}
	return def
}

// Newest says whether templates and sub-codes are listed newest first;
// false for a nil Service.
func (s *Service) Newest() bool { return s != nil && s.NewestFirst }

// FormsInFile says whether getFormList serves forms in file order; false
// for a nil Service (the kit's order, by id).
func (s *Service) FormsInFile() bool { return s != nil && s.FormsInFileOrder }

// Omittable are the optional record members a service may leave out
// instead of sending null (Record.Omit), as paths in the record payload.
var Omittable = []string{"qrcode.category_id", "audit.current_stage_id", "audit.current_stage_title",
	"audit.status", "audit.status_text", "audit.auditor_name", "process_status.text", "process_status.color"}

// Org is an organization (tenant). Host builds its public URLs:
// https://<Host>/r/<record code> and https://<Host>/t/<coding>.
type Org struct {
	ID      int64
	Name    string
	Code    string
	Host    string
	LogoURL string
}

// Key is an API key. Logs and the journal show Name, never Secret.
type Key struct {
	Name   string
	Secret string
	Org    *Org
	Read   bool
	Write  bool
	// Forms limits writes to these form ids; nil means every form of Org.
	Forms []int64
}

// Project owns forms and records.
type Project struct {
	ID     int64
	Org    *Org
	Name   string
	Number string
}

// Form is a form (record template). Flow is non-nil for credential forms.
type Form struct {
	ID        int64
	Org       *Org
	Name      string
	Type      int
	TypeText  string
	Number    string
	Note      string
	CreatedAt int64
	UpdatedAt int64
	ActiveAt  int64 // 0 when never active
	Project   *Project
	Flow      *Flow
}

// Flow is the certificate flow of a credential form (docs/contract.md §C6).
type Flow struct {
	ID     int64
	Number string
	// Verification false disables verify for every record of the form (100321).
	Verification bool
	// Statuses in flow order; the "next" status of set_next_certificate_status
	// is the first entry of the current status's Next.
	Statuses []*Status
}

// Status is one certificate status of a flow.
type Status struct {
	ID    int64
	Name  string // Chinese
	Color string // #RRGGBB
	// Next lists the statuses reachable in one move, first is "the next".
	Next []*Status
	// Terminal means the flow is finished here (set_next gives 100324).
	Terminal bool
	// ForbidsVerification means no move starts here (100324).
	ForbidsVerification bool
}

// StatusByRef finds a status by its name or by its id written as a string,
// as verify requests name them.
func (f *Flow) StatusByRef(ref string) *Status {
	for _, s := range f.Statuses {
		if s.Name == ref || itoa(s.ID) == ref {
			return s
		}
	}
	return nil
}

// QRCode is an ordinary QR code linked to a form.
type QRCode struct {
	ID         int64
	Org        *Org
	Name       string
	Type       int
	TypeText   string
	Form       *Form // nil when not linked
	URL        string
	Number     string
	CategoryID *int64
}

// Record is a submitted record with everything getRecord shows and the
// kit's per-record switches for verify.
type Record struct {
	ID           int64
	Org          *Org
	Number       string
	Code         string
	URL          string // https://<org host>/r/<Code>
	SubmitAt     int64
	SubmitMethod string
	Recorder     Recorder
	Form         *Form // nil: record_template members are all null
	QRCode       *QRCode
	Project      *Project
	Groups       []Group
	Audit        *Audit
	Process      *ProcessStatus
	StateChanges []StateChange
	Notary       *Notary
	Cert         *Certificate // non-nil for credential records
	// Omit lists optional members (of Omittable) the record's answers
	// leave out where the kit would send null, as a recorded service did.
	Omit []string
	// Shown holds the record's other representations exactly as a
	// recorded service rendered them; nil: the kit's layout.
	Shown *Shown

	// gen and genIndex make the field values of a record made by a
	// generate.records entry without masked fields: its Groups are the
	// generator's, shared by all its records, with Deferred values, and
	// FieldGroups makes the real ones from (generator seed, index) when the
	// record is rendered. gen is nil for every other record.
	gen      *recordPlan
	genIndex int
}

// FieldGroups returns the record's groups with every field value in place:
// Groups itself for a written record, freshly made groups for a generated
// one whose values are Deferred. Whoever renders or inspects field values
// reads them here, not in Groups. The values are the same on every call
// (and the same as loading the scenario eagerly would give): they depend
// only on the generator's seed and the record's index. The result may be
// shared with the scenario: do not modify it.
func (r *Record) FieldGroups() []Group {
	if r.gen == nil || len(r.Groups) == 0 || &r.Groups[0] != &r.gen.deferred[0] {
		return r.Groups // written, or a copy whose Groups were replaced
	}
	return r.gen.groupsOf(r.genIndex)
}

// Omits says whether the record's answers leave the member at path out.
func (r *Record) Omits(path string) bool { return slices.Contains(r.Omit, path) }

// Shown is a record's json-ld and markdown as a recorded service rendered
// them (masked as it masked them). The mock serves them as they are while
// no verify has moved the record; a record a verify moved is rendered in
// the kit's layout until a reset (docs/record.md).
type Shown struct {
	// JSONLD is the json-ld payload, compact JSON; nil: the kit's layout.
	JSONLD []byte
	// Markdown is the markdown payload; nil: the kit's layout.
	Markdown *string
}

// Deferred is the Value, in Record.Groups, of a field of a generated
// record whose value is made only when it is needed: 100,000 generated
// records would otherwise keep hundreds of megabytes of values nobody
// reads. Record.FieldGroups gives the real value. Masked fields are never
// Deferred (their strings are needed to check masking), and neither is
// any field of a written record.
type Deferred struct {
	Type string // the field type the value will have
}

// MarshalJSON refuses: a Deferred value written out would be a wrong
// answer, so it is an error rather than a silent placeholder.
func (d *Deferred) MarshalJSON() ([]byte, error) {
	return nil, fmt.Errorf("the %s value of a generated record is made on demand: read it with Record.FieldGroups", d.Type)
}

// Recorder is the submitter; Name is shown masked when NameMasked.
type Recorder struct {
	AuthID     int64
	UserID     int64
	Name       string
	NameMasked bool
	// NamePremasked says Name is already masked, as a recorded service
	// showed it: serve it as is, never mask it again (rtq record).
	NamePremasked bool `json:",omitempty"` // omitempty: the JSON of records made before it is unchanged
}

// Group is a TplGroup.
type Group struct {
	ID        int64
	Title     string
	ShowTitle bool
	PageBreak bool
	Fields    []Field
}

// Field is one field. Value is JSON-shaped (string, float64, bool, nil,
// []any, map[string]any) and holds the real, unmasked value: whoever
// renders it must mask it when Masked (docs/contract.md §C8). In Record.Groups
// of a generated record it may be a *Deferred instead: read values through
// Record.FieldGroups.
type Field struct {
	ID        int64
	Title     string
	Type      string
	Value     any
	Desc      string
	ShortName string
	Result    bool
	Highlight bool
	Hidden    bool
	Masked    bool
	// Premasked says Value is already masked, as a recorded service showed
	// it (rtq record): the mock serves it as is with is_masked true and
	// never masks it again. It implies Masked. The real value is unknown.
	Premasked bool `json:",omitempty"` // omitempty: the JSON of records made before it is unchanged
}

// Audit is the review block; Status nil means not set.
type Audit struct {
	Enabled     bool
	StageID     *int64
	StageTitle  *string
	Status      *int
	StatusText  *string
	AuditorName *string
}

// ProcessStatus is the process-status block.
type ProcessStatus struct {
	Enabled bool
	Text    *string
	Color   *string
}

// StateChange is one status-change entry.
type StateChange struct {
	StateID     int64
	StateName   string
	StateNumber string
	From        StateOption
	To          StateOption
}

// StateOption is a status as a StateChange shows it.
type StateOption struct {
	Name  string
	Color string
}

// Notary is trusted_notary (docs/contract.md §C7).
type Notary struct {
	TxHash      string
	EvidenceURL string
	NotarizedAt int64
}

// Certificate is the verify-related state and switches of a credential
// record (docs/contract.md §C6, checks 5-12).
type Certificate struct {
	Status *Status // current status, one of Form.Flow.Statuses
	// Verification false disables verify for this record only (100321).
	Verification     bool
	IdentityRequired bool // 100329
	AuthCodeInvalid  bool // 100327
	ForceFailure     bool // 100319
}

// Template is a batch template (placeholder code) with its sub-codes.
type Template struct {
	ID        int64 // tpl_id
	Org       *Org
	Name      string
	Coding    string
	URL       string // https://<org host>/t/<Coding>
	CreatedAt int64
	SubCodes  []SubCode
}

// SubCode is a sub-code under a batch template.
type SubCode struct {
	ID        int64
	Name      string
	Coding    string
	CreatedAt int64
}
