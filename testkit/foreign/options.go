package foreign

// Options are the service's choices on points the specification leaves
// open, plus the bugs it is built with. The zero value is not useful: start from
// Defaults (the foreign service's own choices) or MockLike (as close to
// rtq's mock as this package gets) and change single members.
type Options struct {
	// Layout of the json-ld and markdown representations (§2.2 is open).
	Layout Layout
	// Message is the success message (§1.2 only says it is a string).
	Message string
	// Status maps an error to its HTTP status line (§7 leaves it open).
	Status StatusPolicy
	// Codes picks the error codes the specification leaves open (§7).
	Codes CodeSet
	// Order of getFormList pages and of the template lists (open).
	Order Order
	// OptionalAsNull writes optional nullable members it has nothing for as
	// null, and a disabled audit or process status as {"enabled": false};
	// false leaves them out.
	OptionalAsNull bool
	// Oversize says what a page_size over the maximum gets (§8 gives the
	// maximum only).
	Oversize Oversize
	// ReversedWindow says what an end_time before start_time gets (open).
	ReversedWindow ReversedWindow
	// Search is the meaning of search_key ("fuzzy", §4.3).
	Search Search
	// ResetPath, when set, is a path that a POST to puts every record back
	// as the data set has it (a test hook; a real service has none).
	ResetPath string
	// Bug switches on one realistic backend bug ("" for the correct build).
	Bug Bug
	// Bugs switches on several bugs at once, besides Bug: a build as a
	// client meets it after a bad release, where one bug may hide another
	// (testkit/foreign/foreignserve serves one to a browser).
	Bugs []Bug
	// Examples adds the data the frontend examples (examples/frontend)
	// ask for to the data set: see ExamplesReadKey.
	Examples bool

	// bugSet is Bug and Bugs as a set, made by New: a build with every
	// bug on asks has hundreds of times per answer.
	bugSet map[Bug]bool
	// Variant switches on one correct variant of a round ("" for none).
	Variant Variant
}

// Layout names a representation layout.
type Layout int

// The layouts.
const (
	// LayoutForeign: json-ld as a schema.org DigitalDocument whose
	// mainEntity lists ListItem entries; markdown with a table per group.
	LayoutForeign Layout = iota
	// LayoutMockLike: json-ld as a CreativeWork with PropertyValue
	// elements; markdown with a "- title: value" line per field.
	LayoutMockLike
)

// StatusPolicy names how errors map to HTTP status lines.
type StatusPolicy int

// The status policies.
const (
	// StatusBusiness200: business errors (code 400 and 404) answer HTTP 200,
	// authentication and permission errors (401, 403) answer their code.
	StatusBusiness200 StatusPolicy = iota
	// StatusMirror: the HTTP status equals the body's code, as the mock does.
	StatusMirror
)

// CodeSet names a set of error codes for the situations §7 leaves open.
type CodeSet int

// The code sets.
const (
	// CodesForeign: unknown record 400/100310, read key on verify 403/100403,
	// an unknown path 404/100004.
	CodesForeign CodeSet = iota
	// CodesMockLike: unknown record 404/100404, read key on verify
	// 403/100328, an unknown path 404/100404.
	CodesMockLike
)

// Order names the order of lists.
type Order int

// The orders.
const (
	// OrderNewestFirst: forms by updated_at descending, templates and
	// sub-codes by creation time descending, ties by id descending.
	OrderNewestFirst Order = iota
	// OrderAscending: forms by id, templates and sub-codes by creation
	// time then id, ascending.
	OrderAscending
)

// Oversize names what a page_size over the maximum gets.
type Oversize int

// The oversize policies.
const (
	// OversizeRefuse: a parameter error naming page_size.
	OversizeRefuse Oversize = iota
	// OversizeClamp: served with the maximum.
	OversizeClamp
)

// ReversedWindow names what an end_time before start_time gets.
type ReversedWindow int

// The reversed-window policies.
const (
	// ReversedEmpty: an empty list (nothing was created in that window).
	ReversedEmpty ReversedWindow = iota
	// ReversedRefuse: a parameter error naming end_time.
	ReversedRefuse
)

// Search names a meaning of search_key.
type Search int

// The search semantics.
const (
	// SearchWords: the key is split at white space; every word must occur,
	// case-insensitively, in name, note or number; forms whose name holds
	// the whole key come first.
	SearchWords Search = iota
	// SearchSubstring: the key as one case-insensitive substring of name,
	// note or number, in list order.
	SearchSubstring
)

// Defaults are the foreign service's own choices, each unlike the mock's.
func Defaults() Options {
	return Options{Message: "success"}
}

// MockLike is as close to the mock's KIT choices as this package gets, for
// tests that must tell a difference of dialect from a difference of data.
func MockLike() Options {
	return Options{Layout: LayoutMockLike, Message: "ok", Status: StatusMirror, Codes: CodesMockLike,
		Order: OrderAscending, OptionalAsNull: true, Oversize: OversizeClamp, ReversedWindow: ReversedRefuse,
		Search: SearchSubstring}
}
