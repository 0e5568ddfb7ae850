package scenario

// The document types mirror schemas/scenario.json one to one: they are what
// a scenario file says, before defaults and references are resolved. Times
// and status references stay loosely typed (any) so that resolution can
// report a bad one as a problem at its path instead of failing the decode.

type document struct {
	src        *source
	Name       *string       `json:"name"`
	Seed       *int64        `json:"seed"`
	HTTPStatus *string       `json:"http_status"`
	Orgs       []*orgDoc     `json:"orgs"`
	Keys       []*keyDoc     `json:"keys"`
	Projects   []*projectDoc `json:"projects"`
	Forms      []*formDoc    `json:"forms"`
	QRCodes    []*qrcodeDoc  `json:"qrcodes"`
	Records    []*recordDoc  `json:"records"`
	Templates  []*tplDoc     `json:"templates"`
	Generate   struct {
		Records   []*recordGenDoc `json:"records"`
		Templates []*tplGenDoc    `json:"templates"`
	} `json:"generate"`
}

type orgDoc struct {
	at      at
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Code    string `json:"code"`
	Host    string `json:"host"`
	LogoURL string `json:"logo_url"`
}

type keyDoc struct {
	at     at
	Name   string   `json:"name"`
	Secret string   `json:"secret"`
	Org    string   `json:"org"`
	Scopes []string `json:"scopes"`
	Forms  []int64  `json:"forms"`
}

type projectDoc struct {
	at     at
	ID     int64  `json:"id"`
	Org    string `json:"org"`
	Name   string `json:"name"`
	Number string `json:"number"`
}

type formDoc struct {
	at        at
	ID        int64    `json:"id"`
	Org       string   `json:"org"`
	Name      string   `json:"name"`
	Type      *int     `json:"type"`
	TypeText  *string  `json:"type_text"`
	Number    string   `json:"number"`
	Note      string   `json:"note"`
	Project   *int64   `json:"project"`
	CreatedAt any      `json:"created_at"`
	UpdatedAt any      `json:"updated_at"`
	ActiveAt  any      `json:"active_at"`
	Flow      *flowDoc `json:"flow"`
}

type flowDoc struct {
	ID           int64        `json:"id"`
	Number       string       `json:"number"`
	Verification *bool        `json:"verification"`
	Statuses     []*statusDoc `json:"statuses"`
}

type statusDoc struct {
	ID                  int64  `json:"id"`
	Name                string `json:"name"`
	Color               string `json:"color"`
	Next                []any  `json:"next"`
	Terminal            bool   `json:"terminal"`
	ForbidsVerification bool   `json:"forbids_verification"`
}

type qrcodeDoc struct {
	at         at
	ID         int64   `json:"id"`
	Org        string  `json:"org"`
	Name       string  `json:"name"`
	Type       int     `json:"type"`
	TypeText   *string `json:"type_text"`
	Form       *int64  `json:"form"`
	URL        string  `json:"url"`
	Number     string  `json:"number"`
	CategoryID *int64  `json:"category_id"`
}

type recordDoc struct {
	at            at
	ID            int64            `json:"id"`
	Org           string           `json:"org"`
	Number        string           `json:"number"`
	Code          string           `json:"code"`
	Form          *int64           `json:"form"`
	QRCode        *int64           `json:"qrcode"`
	Project       *int64           `json:"project"`
	SubmitAt      any              `json:"submit_at"`
	SubmitMethod  string           `json:"submit_method"`
	Recorder      *recorderDoc     `json:"recorder"`
	Groups        []*groupDoc      `json:"groups"`
	Fields        []*fieldDoc      `json:"fields"`
	Audit         *auditDoc        `json:"audit"`
	ProcessStatus *processDoc      `json:"process_status"`
	StateChanges  []stateChangeDoc `json:"state_changes"`
	Notary        *notaryDoc       `json:"trusted_notary"`
	Certificate   *certDoc         `json:"certificate"`
}

type recorderDoc struct {
	AuthID     *int64  `json:"auth_id"`
	UserID     *int64  `json:"user_id"`
	Name       *string `json:"name"`
	NameMasked bool    `json:"name_masked"`
}

type groupDoc struct {
	ID        int64       `json:"id"`
	Title     string      `json:"title"`
	ShowTitle *bool       `json:"show_title"`
	PageBreak bool        `json:"page_break"`
	Fields    []*fieldDoc `json:"fields"`
}

type fieldDoc struct {
	ID        int64  `json:"id"`
	Title     string `json:"title"`
	Type      string `json:"type"`
	Value     any    `json:"value"`
	Desc      string `json:"desc"`
	ShortName string `json:"short_name"`
	Result    bool   `json:"result"`
	Highlight bool   `json:"highlight"`
	Hidden    bool   `json:"hidden"`
	Masked    bool   `json:"masked"`
}

type auditDoc struct {
	Enabled    *bool   `json:"enabled"`
	Status     *int    `json:"status"`
	StatusText *string `json:"status_text"`
	StageID    *int64  `json:"stage_id"`
	StageTitle *string `json:"stage_title"`
	Auditor    *string `json:"auditor"`
}

type processDoc struct {
	Enabled *bool   `json:"enabled"`
	Text    *string `json:"text"`
	Color   *string `json:"color"`
}

type stateChangeDoc struct {
	State struct {
		ID     int64  `json:"id"`
		Name   string `json:"name"`
		Number string `json:"number"`
	} `json:"state"`
	From StateOption `json:"from"`
	To   StateOption `json:"to"`
}

type notaryDoc struct {
	TxHash      string `json:"tx_hash"`
	EvidenceURL string `json:"evidence_url"`
	NotarizedAt any    `json:"notarized_at"`
}

type certDoc struct {
	Status           any   `json:"status"`
	Verification     *bool `json:"verification"`
	IdentityRequired bool  `json:"identity_required"`
	AuthCodeInvalid  bool  `json:"auth_code_invalid"`
	ForceFailure     bool  `json:"force_failure"`
}

type recordGenDoc struct {
	at          at
	Count       int      `json:"count"`
	Seed        *int64   `json:"seed"`
	Org         string   `json:"org"`
	Form        *int64   `json:"form"`
	QRCode      *int64   `json:"qrcode"`
	IDStart     int64    `json:"id_start"`
	CodePrefix  string   `json:"code_prefix"`
	FieldTypes  []string `json:"field_types"`
	Masked      []string `json:"masked"`
	SubmitFrom  any      `json:"submit_from"`
	SubmitTo    any      `json:"submit_to"`
	AuditStatus *int     `json:"audit_status"`
	Certificate *certDoc `json:"certificate"`
}

type subCodeDoc struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	Coding    string `json:"coding"`
	CreatedAt any    `json:"created_at"`
}

type subCodeGenDoc struct {
	Count       int `json:"count"`
	CreatedFrom any `json:"created_from"`
	CreatedTo   any `json:"created_to"`
}

type tplDoc struct {
	at       at
	ID       int64          `json:"id"`
	Org      string         `json:"org"`
	Name     string         `json:"name"`
	Coding   string         `json:"coding"`
	Created  any            `json:"created_at"`
	SubCodes []*subCodeDoc  `json:"sub_codes"`
	Generate *subCodeGenDoc `json:"generate_sub_codes"`
}

type tplGenDoc struct {
	at           at
	Count        int    `json:"count"`
	Seed         *int64 `json:"seed"`
	Org          string `json:"org"`
	IDStart      int64  `json:"id_start"`
	CodingPrefix string `json:"coding_prefix"`
	CreatedFrom  any    `json:"created_from"`
	CreatedTo    any    `json:"created_to"`
	SubCodes     int    `json:"sub_codes"`
}
