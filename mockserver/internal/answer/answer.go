// Package answer is the mock's own view of what it answers: a record, a
// list item, a certificate status and a recorded service's rules for
// errors, as the encoder (package wire) reads them. The state builds these
// from a scenario (mockserver/internal/state, answer.go), so the bytes of
// an answer depend on what the mock serves, never on the file format it
// was loaded from: data flows scenario → state → handler → encoder.
package answer

import "slices"

// Record is a record as getRecord shows it. Field values are JSON-shaped
// (string, float64, bool, nil, []any, map[string]any) and unmasked: the
// encoder masks them (docs/contract.md §C8).
type Record struct {
	ID           int64
	Number       string
	Code         string
	URL          string
	SubmitAt     int64
	SubmitMethod string
	Recorder     Recorder
	Org          *Org
	Form         *Form // record_template; nil: its members are all null
	QRCode       *QRCode
	Project      *Project
	Groups       []Group
	Audit        *Audit
	Process      *Process
	Notary       *Notary
	// Omit lists the optional members (paths in the record payload) the
	// answers leave out where the kit would send null, as a recorded
	// service did.
	Omit []string
	// Shown is the record's json-ld and markdown as a recorded service
	// rendered them; nil: the kit's layout.
	Shown *Shown
}

// Omits says whether the record's answers leave the member at path out.
func (r *Record) Omits(path string) bool { return slices.Contains(r.Omit, path) }

// Recorder is the submitter; Name is shown masked when NameMasked and not
// NamePremasked (already masked as a recorded service showed it).
type Recorder struct {
	AuthID, UserID            int64
	Name                      string
	NameMasked, NamePremasked bool
}

// Org is the record's organization.
type Org struct {
	ID                  int64
	Name, Code, LogoURL string
}

// Project is the project a record or a form belongs to.
type Project struct {
	ID           int64
	Name, Number string
}

// Form is a form: a record's record_template, and an item of getFormList.
type Form struct {
	ID                             int64
	Name                           string
	Type                           int
	TypeText, Number, Note         string
	CreatedAt, UpdatedAt, ActiveAt int64 // ActiveAt 0: never active
	Project                        *Project
}

// QRCode is the record's ordinary QR code; TemplateID 0 when it is linked
// to no form.
type QRCode struct {
	ID, TemplateID        int64
	Name                  string
	Type                  int
	TypeText, URL, Number string
	CategoryID            *int64
}

// Group is a group of fields (a TplGroup).
type Group struct {
	ID                   int64
	Title                string
	ShowTitle, PageBreak bool
	Fields               []Field
}

// Field is one field with its real value; Premasked says the value is
// already masked, as a recorded service showed it (it implies Masked).
type Field struct {
	ID                           int64
	Title, Type, Desc, ShortName string
	Value                        any
	Result, Highlight, Hidden    bool
	Masked, Premasked            bool
}

// Audit is the review block; a nil member is unset.
type Audit struct {
	Enabled     bool
	StageID     *int64
	StageTitle  *string
	Status      *int
	StatusText  *string
	AuditorName *string
}

// Process is the process-status block; a nil member is unset.
type Process struct {
	Enabled     bool
	Text, Color *string
}

// Notary is trusted_notary (docs/contract.md §C7).
type Notary struct {
	TxHash, EvidenceURL string
	NotarizedAt         int64
}

// Shown is a record's json-ld (compact JSON) and markdown as a recorded
// service rendered them; a nil member is the kit's layout.
type Shown struct {
	JSONLD   []byte
	Markdown *string
}

// Status is a certificate status as an answer shows it.
type Status struct{ Name, Color string }

// Change is one entry of a record's state_changes.
type Change struct {
	StateID                int64
	StateName, StateNumber string
	From, To               Status
}

// Verified is what verify's success answer shows: the record moved and
// the name of the status it moved to.
type Verified struct {
	RecordID, OrgID, SubmitAt int64
	Number, Status            string
}

// Template is a batch template as templates/list lists it.
type Template struct {
	ID           int64
	Name, Coding string
}

// SubCode is a sub-code as templates/listQrcodes lists it.
type SubCode struct {
	ID           int64
	Name, Coding string
}
