// Package profile is the conformance profile: what the runner may assume
// about a target (records, forms, templates, keys, credential cases). It is
// written by hand for a real service or derived from a scenario for the mock.
//
// A profile only states facts about the target's data ("record 1001 holds a
// tel field", "form number F-001 exists", "this certificate code moves from
// 待核销 to 已核销"); the runner turns them into requests and compares the
// answers with the spec. Nothing here encodes how the mock behaves.
package profile

import "strconv"

// Version is the profile format version this package reads and writes.
const Version = 1

// Profile is a conformance profile. Every section is optional: the runner
// skips the checks whose facts are missing and says so in the report.
type Profile struct {
	Version int    `json:"version" yaml:"version"`
	Name    string `json:"name,omitempty" yaml:"name,omitempty"`
	// Reset is a path (relative to the base URL) or a URL that the runner
	// POSTs before and after the write phase and before each write case, so
	// that writes are repeatable (the mock's /__admin/reset). Empty for a
	// real service: list fresh certificate codes instead.
	Reset string `json:"reset,omitempty" yaml:"reset,omitempty"`
	// Keys are API key secrets by role; command-line keys override them.
	Keys      Keys       `json:"keys" yaml:"keys"`
	Records   []Record   `json:"records,omitempty" yaml:"records,omitempty"`
	Foreign   Foreign    `json:"foreign" yaml:"foreign"`
	Forms     Forms      `json:"forms" yaml:"forms"`
	Templates Templates  `json:"templates" yaml:"templates"`
	Flows     []Flow     `json:"flows,omitempty" yaml:"flows,omitempty"`
	Cases     []Case     `json:"cases,omitempty" yaml:"cases,omitempty"`
	Masking   *MaskRules `json:"masking,omitempty" yaml:"masking,omitempty"`
	// Held are values the target holds for its objects (held.go).
	Held *Held `json:"held,omitempty" yaml:"held,omitempty"`
	// Findings are breaches of SPEC statements that `rtq profile discover`
	// saw while reading the target (a filter that changes nothing, a total
	// that ignores the filter, a cursor that repeats); rtq conform fails
	// each under its statement id instead of skipping what it left out.
	Findings []Finding `json:"findings,omitempty" yaml:"findings,omitempty"`
}

// Finding is one breach of a SPEC statement seen while reading the target.
type Finding struct {
	// Statement is the statement's id in docs/contract.md ("4.4.endTime").
	Statement string `json:"statement" yaml:"statement"`
	// Endpoint is the operation it was seen on ("templates/list").
	Endpoint string `json:"endpoint,omitempty" yaml:"endpoint,omitempty"`
	// What says what was sent and what came back.
	What string `json:"what" yaml:"what"`
}

// Keys are API keys by role.
type Keys struct {
	// Read may read everything of the organization, never write.
	Read string `json:"read,omitempty" yaml:"read,omitempty"`
	// Write may read and verify every form of the organization.
	Write string `json:"write,omitempty" yaml:"write,omitempty"`
	// Limited may verify only some forms (cases name it as key "limited").
	Limited string `json:"limited,omitempty" yaml:"limited,omitempty"`
	// OtherOrg belongs to another organization: it must see nothing of ours.
	OtherOrg string `json:"other_org,omitempty" yaml:"other_org,omitempty"`
}

// Record is a record the read key can fetch.
type Record struct {
	ID  int64  `json:"id" yaml:"id"`
	URL string `json:"url" yaml:"url"`
	// FieldTypes are the field types the record's answer holds.
	FieldTypes []string `json:"field_types,omitempty" yaml:"field_types,omitempty"`
	// MaskedFields are field ids whose value is returned masked.
	MaskedFields []int64 `json:"masked_fields,omitempty" yaml:"masked_fields,omitempty"`
	// FormID is record_template.id; nil when the record has no form.
	FormID *int64 `json:"form_id,omitempty" yaml:"form_id,omitempty"`
}

// Foreign lists objects of another organization: our keys must not see
// them, and the OtherOrg key must see none of ours.
type Foreign struct {
	RecordIDs []int64  `json:"record_ids,omitempty" yaml:"record_ids,omitempty"`
	FormIDs   []int64  `json:"form_ids,omitempty" yaml:"form_ids,omitempty"`
	Codings   []string `json:"codings,omitempty" yaml:"codings,omitempty"`
	// Next are moves the other organization's key makes of its own
	// credentials: without them the runner can only note a refusal of
	// such a move (the profile's flows are ours), and a service that
	// refuses another organization every move of its own credentials
	// passes.
	Next []ForeignNext `json:"next,omitempty" yaml:"next,omitempty"`
}

// ForeignNext says that the other organization's key, from a reset, moves
// its own record RecordID on with set_next_certificate_status to Status.
type ForeignNext struct {
	RecordID int64  `json:"record_id" yaml:"record_id"`
	Status   string `json:"status" yaml:"status"`
}

// Forms are facts about getFormList for the read key.
type Forms struct {
	// Total is the number of forms the read key sees; nil when unknown.
	Total *int `json:"total,omitempty" yaml:"total,omitempty"`
	// IDs are ids of forms the read key sees (another organization's key
	// must see none of them).
	IDs      []int64  `json:"ids,omitempty" yaml:"ids,omitempty"`
	Numbers  []string `json:"numbers,omitempty" yaml:"numbers,omitempty"`
	Searches []Search `json:"searches,omitempty" yaml:"searches,omitempty"`
	// Combined are number and search_key sent together with the count of
	// forms that come back: both filters apply (docs/contract.md §4.3), so a key the
	// number's form does not hold gives 0 (a target that drops either
	// filter gives more).
	Combined []Combined `json:"combined,omitempty" yaml:"combined,omitempty"`
}

// Combined is one request with both form filters and the count it gives.
type Combined struct {
	Number string `json:"number" yaml:"number"`
	Key    string `json:"search_key" yaml:"search_key"`
	Count  int    `json:"count" yaml:"count"`
}

// Search is a search_key that hits, with the expected count when known.
type Search struct {
	Key   string `json:"search_key" yaml:"search_key"`
	Count *int   `json:"count,omitempty" yaml:"count,omitempty"`
}

// Templates are facts about templates/list and templates/listQrcodes.
type Templates struct {
	Total *int `json:"total,omitempty" yaml:"total,omitempty"`
	// Window is a creation-time filter with the count it must give.
	Window *Window    `json:"window,omitempty" yaml:"window,omitempty"`
	Items  []Template `json:"items,omitempty" yaml:"items,omitempty"`
}

// Template is a batch template the read key can list sub-codes of.
type Template struct {
	TplID    int64   `json:"tpl_id" yaml:"tpl_id"`
	Coding   string  `json:"coding" yaml:"coding"`
	URL      string  `json:"url,omitempty" yaml:"url,omitempty"`
	SubCodes *int    `json:"sub_codes,omitempty" yaml:"sub_codes,omitempty"`
	Window   *Window `json:"window,omitempty" yaml:"window,omitempty"`
}

// Window is a creation-time filter (start_time, end_time as sent) and the
// total it must give; Codings, when given, are the only items allowed.
type Window struct {
	Start   string   `json:"start_time" yaml:"start_time"`
	End     string   `json:"end_time" yaml:"end_time"`
	Total   int      `json:"total" yaml:"total"`
	Codings []string `json:"codings,omitempty" yaml:"codings,omitempty"`
}

// Flow is the certificate flow of a credential form: the moves a target
// must allow, which the coverage of transitions counts.
type Flow struct {
	FormID   int64    `json:"form_id" yaml:"form_id"`
	Statuses []Status `json:"statuses" yaml:"statuses"`
}

// Status is one status of a flow; Next lists the names reachable in one move.
type Status struct {
	ID       int64    `json:"id" yaml:"id"`
	Name     string   `json:"name" yaml:"name"`
	Next     []string `json:"next,omitempty" yaml:"next,omitempty"`
	Terminal bool     `json:"terminal,omitempty" yaml:"terminal,omitempty"`
}

// Case is one credential code with the ordered verify steps the runner sends
// and the outcome each must give. Every case is a write: the runner sends it
// only with --allow-writes.
type Case struct {
	Name string `json:"name" yaml:"name"`
	// Kind groups cases into checks: move, next, repeat, error, concurrent.
	Kind string `json:"kind" yaml:"kind"`
	// Code is the certificate_code (a record code or the record's URL).
	Code string `json:"certificate_code" yaml:"certificate_code"`
	// RecordID, when known, lets the runner look at the record after a move.
	RecordID int64 `json:"record_id,omitempty" yaml:"record_id,omitempty"`
	// FormID and Start name the flow and the status the record starts in, so
	// that successful steps count as transitions.
	FormID int64  `json:"form_id,omitempty" yaml:"form_id,omitempty"`
	Start  string `json:"start,omitempty" yaml:"start,omitempty"`
	Steps  []Step `json:"steps" yaml:"steps"`
}

// Step is one verify request and its expected outcome.
type Step struct {
	// Key is the role sending it: write (default), limited, other_org, read.
	Key    string `json:"key,omitempty" yaml:"key,omitempty"`
	Action string `json:"action" yaml:"action"`
	To     string `json:"to,omitempty" yaml:"to,omitempty"`
	From   string `json:"from,omitempty" yaml:"from,omitempty"`
	TplID  *int64 `json:"tpl_id,omitempty" yaml:"tpl_id,omitempty"`
	CodeID *int64 `json:"code_id,omitempty" yaml:"code_id,omitempty"`
	// Concurrent > 1 sends the step that many times at once: exactly one
	// must give Expect, the others 100324 or 100326.
	Concurrent int    `json:"concurrent,omitempty" yaml:"concurrent,omitempty"`
	Expect     Expect `json:"expect" yaml:"expect"`
}

// Expect is a step's outcome: the status name after a success, or an error code.
type Expect struct {
	Status    string `json:"status,omitempty" yaml:"status,omitempty"`
	ErrorCode int    `json:"error_code,omitempty" yaml:"error_code,omitempty"`
}

// MaskRules lists the characters a target uses to mask values; the default
// is "*＊•●×".
type MaskRules struct {
	Chars string `json:"chars" yaml:"chars"`
}

// Case kinds.
const (
	KindMove       = "move"
	KindNext       = "next"
	KindRepeat     = "repeat"
	KindError      = "error"
	KindConcurrent = "concurrent"
)

// Key roles a step may name.
const (
	RoleRead     = "read"
	RoleWrite    = "write"
	RoleLimited  = "limited"
	RoleOtherOrg = "other_org"
)

// KeyFor returns the secret of a role ("" when the profile has none).
func (k Keys) KeyFor(role string) string {
	switch role {
	case RoleRead:
		return k.Read
	case RoleLimited:
		return k.Limited
	case RoleOtherOrg:
		return k.OtherOrg
	default:
		return k.Write
	}
}

// Transitions lists every allowed move of every flow as "form <id>: A -> B",
// the names coverage counts.
func (p *Profile) Transitions() []string {
	var out []string
	for _, f := range p.Flows {
		for _, s := range f.Statuses {
			for _, n := range s.Next {
				out = append(out, TransitionName(f.FormID, s.Name, n))
			}
		}
	}
	return out
}

// TransitionName names one move of a flow.
func TransitionName(formID int64, from, to string) string {
	return "form " + itoa(formID) + ": " + from + " -> " + to
}

// Flow returns the flow of a form, nil when the profile has none.
func (p *Profile) Flow(formID int64) *Flow {
	for i := range p.Flows {
		if p.Flows[i].FormID == formID {
			return &p.Flows[i]
		}
	}
	return nil
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
