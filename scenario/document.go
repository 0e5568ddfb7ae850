package scenario

// The document types mirror schemas/scenario.json one to one: they are what
// a scenario file says, before defaults and references are resolved. Times
// and status references stay loosely typed (any) so that resolution can
// report a bad one as a problem at its path instead of failing the decode.

type document struct {
	src        *source
	Name       *string       `json:"name,omitempty"`
	Seed       *int64        `json:"seed,omitempty"`
	HTTPStatus *string       `json:"http_status,omitempty"`
	Orgs       []*orgDoc     `json:"orgs,omitempty"`
	Keys       []*keyDoc     `json:"keys,omitempty"`
	Projects   []*projectDoc `json:"projects,omitempty"`
	Forms      []*formDoc    `json:"forms,omitempty"`
	QRCodes    []*qrcodeDoc  `json:"qrcodes,omitempty"`
	Records    []*recordDoc  `json:"records,omitempty"`
	Templates  []*tplDoc     `json:"templates,omitempty"`
	Faults     []*faultDoc   `json:"faults,omitempty"`
	Service    *serviceDoc   `json:"service,omitempty"`
	Generate   struct {
		Records   []*recordGenDoc `json:"records,omitempty"`
		Templates []*tplGenDoc    `json:"templates,omitempty"`
	} `json:"generate,omitempty"`
}

type orgDoc struct {
	at
	ID      int64  `json:"id,omitempty"`
	Name    string `json:"name,omitempty"`
	Code    string `json:"code,omitempty"`
	Host    string `json:"host,omitempty"`
	LogoURL string `json:"logo_url,omitempty"`
}

type keyDoc struct {
	at
	Name   string   `json:"name,omitempty"`
	Secret string   `json:"secret,omitempty"`
	Org    string   `json:"org,omitempty"`
	Scopes []string `json:"scopes,omitempty"`
	Forms  []int64  `json:"forms,omitempty"`
}

type projectDoc struct {
	at
	ID     int64  `json:"id,omitempty"`
	Org    string `json:"org,omitempty"`
	Name   string `json:"name,omitempty"`
	Number string `json:"number,omitempty"`
}

type formDoc struct {
	at
	ID        int64    `json:"id,omitempty"`
	Org       string   `json:"org,omitempty"`
	Name      string   `json:"name,omitempty"`
	Type      *int     `json:"type,omitempty"`
	TypeText  *string  `json:"type_text,omitempty"`
	Number    string   `json:"number,omitempty"`
	Note      string   `json:"note,omitempty"`
	Project   *int64   `json:"project,omitempty"`
	CreatedAt any      `json:"created_at,omitempty"`
	UpdatedAt any      `json:"updated_at,omitempty"`
	ActiveAt  any      `json:"active_at,omitempty"`
	Flow      *flowDoc `json:"flow,omitempty"`
}

type flowDoc struct {
	ID           int64        `json:"id,omitempty"`
	Number       string       `json:"number,omitempty"`
	Verification *bool        `json:"verification,omitempty"`
	Statuses     []*statusDoc `json:"statuses,omitempty"`
}

type statusDoc struct {
	ID                  int64  `json:"id,omitempty"`
	Name                string `json:"name,omitempty"`
	Color               string `json:"color,omitempty"`
	Next                []any  `json:"next,omitempty"`
	Terminal            bool   `json:"terminal,omitempty"`
	ForbidsVerification bool   `json:"forbids_verification,omitempty"`
}

type qrcodeDoc struct {
	at
	ID         int64   `json:"id,omitempty"`
	Org        string  `json:"org,omitempty"`
	Name       string  `json:"name,omitempty"`
	Type       int     `json:"type,omitempty"`
	TypeText   *string `json:"type_text,omitempty"`
	Form       *int64  `json:"form,omitempty"`
	URL        string  `json:"url,omitempty"`
	Number     string  `json:"number,omitempty"`
	CategoryID *int64  `json:"category_id,omitempty"`
}

type recordDoc struct {
	at
	ID            int64            `json:"id,omitempty"`
	Org           string           `json:"org,omitempty"`
	Number        string           `json:"number,omitempty"`
	Code          string           `json:"code,omitempty"`
	URL           string           `json:"url,omitempty"`
	Form          *int64           `json:"form,omitempty"`
	QRCode        *int64           `json:"qrcode,omitempty"`
	Project       *int64           `json:"project,omitempty"`
	SubmitAt      any              `json:"submit_at,omitempty"`
	SubmitMethod  string           `json:"submit_method,omitempty"`
	Recorder      *recorderDoc     `json:"recorder,omitempty"`
	Groups        []*groupDoc      `json:"groups,omitempty"`
	Fields        []*fieldDoc      `json:"fields,omitempty"`
	Audit         *auditDoc        `json:"audit,omitempty"`
	ProcessStatus *processDoc      `json:"process_status,omitempty"`
	StateChanges  []stateChangeDoc `json:"state_changes,omitempty"`
	Notary        *notaryDoc       `json:"trusted_notary,omitempty"`
	Certificate   *certDoc         `json:"certificate,omitempty"`
	Omit          []string         `json:"omit,omitempty"`
	Shown         *shownDoc        `json:"shown,omitempty"`
}

type shownDoc struct {
	JSONLD   *string `json:"json_ld,omitempty"`
	Markdown *string `json:"markdown,omitempty"`
}

type serviceDoc struct {
	Messages   map[string]string `json:"messages,omitempty"`
	FormOrder  string            `json:"form_order,omitempty"`
	ListOrder  string            `json:"list_order,omitempty"`
	HTTPStatus map[string]int    `json:"http_status,omitempty"`
	Errors     []*errorDoc       `json:"errors,omitempty"`
	Replay     []*replayDoc      `json:"replay,omitempty"`
	// The dialect of its errors, learned by a recording (Service).
	ErrorMessages    map[string]map[string]string `json:"error_messages,omitempty"`
	ErrorDetail      map[string]string            `json:"error_detail,omitempty"`
	DetailJoin       string                       `json:"detail_join,omitempty"`
	ErrorStatusOther int                          `json:"error_status_other,omitempty"`
	Search           *searchDoc                   `json:"search,omitempty"`
	IntegerStrings   bool                         `json:"integers_as_strings,omitempty"`
}

// searchDoc is service.search: how the service reads search_key.
type searchDoc struct {
	Match  string   `json:"match,omitempty"`
	Case   string   `json:"case,omitempty"`
	Trim   bool     `json:"trim,omitempty"`
	Fields []string `json:"fields,omitempty"`
	Order  string   `json:"order,omitempty"`
}

type replayDoc struct {
	Endpoint string `json:"endpoint,omitempty"`
	Request  string `json:"request,omitempty"`
	Status   int    `json:"status,omitempty"`
	Body     string `json:"body,omitempty"`
}

type errorDoc struct {
	Endpoint  string `json:"endpoint,omitempty"`
	Situation string `json:"situation,omitempty"`
	Status    int    `json:"status,omitempty"`
	Body      string `json:"body,omitempty"`
}

type recorderDoc struct {
	AuthID     *int64  `json:"auth_id,omitempty"`
	UserID     *int64  `json:"user_id,omitempty"`
	Name       *string `json:"name,omitempty"`
	NameMasked bool    `json:"name_masked,omitempty"`
	Premasked  bool    `json:"name_premasked,omitempty"`
}

type groupDoc struct {
	ID        int64       `json:"id,omitempty"`
	Title     string      `json:"title,omitempty"`
	ShowTitle *bool       `json:"show_title,omitempty"`
	PageBreak bool        `json:"page_break,omitempty"`
	Fields    []*fieldDoc `json:"fields,omitempty"`
}

type fieldDoc struct {
	ID        int64  `json:"id,omitempty"`
	Title     string `json:"title,omitempty"`
	Type      string `json:"type,omitempty"`
	Value     any    `json:"value,omitempty"`
	Desc      string `json:"desc,omitempty"`
	ShortName string `json:"short_name,omitempty"`
	Result    bool   `json:"result,omitempty"`
	Highlight bool   `json:"highlight,omitempty"`
	Hidden    bool   `json:"hidden,omitempty"`
	Masked    bool   `json:"masked,omitempty"`
	Premasked bool   `json:"premasked,omitempty"`
}

type auditDoc struct {
	Enabled    *bool   `json:"enabled,omitempty"`
	Status     *int    `json:"status,omitempty"`
	StatusText *string `json:"status_text,omitempty"`
	StageID    *int64  `json:"stage_id,omitempty"`
	StageTitle *string `json:"stage_title,omitempty"`
	Auditor    *string `json:"auditor,omitempty"`
}

type processDoc struct {
	Enabled *bool   `json:"enabled,omitempty"`
	Text    *string `json:"text,omitempty"`
	Color   *string `json:"color,omitempty"`
}

type stateChangeDoc struct {
	State struct {
		ID     int64  `json:"id,omitempty"`
		Name   string `json:"name,omitempty"`
		Number string `json:"number,omitempty"`
	} `json:"state,omitempty"`
	From stateOptionDoc `json:"from,omitempty"`
	To   stateOptionDoc `json:"to,omitempty"`
}

type stateOptionDoc struct {
	Name  string `json:"name,omitempty"`
	Color string `json:"color,omitempty"`
}

type notaryDoc struct {
	TxHash      string `json:"tx_hash,omitempty"`
	EvidenceURL string `json:"evidence_url,omitempty"`
	NotarizedAt any    `json:"notarized_at,omitempty"`
}

type certDoc struct {
	Status           any   `json:"status,omitempty"`
	Verification     *bool `json:"verification,omitempty"`
	IdentityRequired bool  `json:"identity_required,omitempty"`
	AuthCodeInvalid  bool  `json:"auth_code_invalid,omitempty"`
	ForceFailure     bool  `json:"force_failure,omitempty"`
}

type recordGenDoc struct {
	at
	Count       int      `json:"count,omitempty"`
	Seed        *int64   `json:"seed,omitempty"`
	Org         string   `json:"org,omitempty"`
	Form        *int64   `json:"form,omitempty"`
	QRCode      *int64   `json:"qrcode,omitempty"`
	IDStart     int64    `json:"id_start,omitempty"`
	CodePrefix  string   `json:"code_prefix,omitempty"`
	FieldTypes  []string `json:"field_types,omitempty"`
	Masked      []string `json:"masked,omitempty"`
	SubmitFrom  any      `json:"submit_from,omitempty"`
	SubmitTo    any      `json:"submit_to,omitempty"`
	AuditStatus *int     `json:"audit_status,omitempty"`
	Certificate *certDoc `json:"certificate,omitempty"`
}

type subCodeDoc struct {
	ID        int64  `json:"id,omitempty"`
	Name      string `json:"name,omitempty"`
	Coding    string `json:"coding,omitempty"`
	CreatedAt any    `json:"created_at,omitempty"`
}

type subCodeGenDoc struct {
	Count       int `json:"count,omitempty"`
	CreatedFrom any `json:"created_from,omitempty"`
	CreatedTo   any `json:"created_to,omitempty"`
}

type tplDoc struct {
	at
	ID       int64          `json:"id,omitempty"`
	Org      string         `json:"org,omitempty"`
	Name     string         `json:"name,omitempty"`
	Coding   string         `json:"coding,omitempty"`
	Created  any            `json:"created_at,omitempty"`
	SubCodes []*subCodeDoc  `json:"sub_codes,omitempty"`
	Generate *subCodeGenDoc `json:"generate_sub_codes,omitempty"`
}

type tplGenDoc struct {
	at
	Count        int    `json:"count,omitempty"`
	Seed         *int64 `json:"seed,omitempty"`
	Org          string `json:"org,omitempty"`
	IDStart      int64  `json:"id_start,omitempty"`
	CodingPrefix string `json:"coding_prefix,omitempty"`
	CreatedFrom  any    `json:"created_from,omitempty"`
	CreatedTo    any    `json:"created_to,omitempty"`
	SubCodes     int    `json:"sub_codes,omitempty"`
}
