// Package rules holds the SPEC statements of docs/contract.md that one
// answer can show broken, each as a rule: a small function of one
// exchange, a request and its answer. The runner applies every rule to
// every answer it reads (every page of every walk, every format of every
// record, every read after a write, every error answer), and a proxy
// that watches live traffic can apply the same rules to what passes
// through it: a rule knows nothing of how the exchange came to be sent.
//
// A rule says whether it concerns an exchange (Applies) and, when it
// does, what of the statement the answer breaks (Check). Judge runs them
// all and returns one Verdict per rule that applied, so that a report
// can count, per statement, how many answers it was evaluated on.
package rules

import (
	"bytes"
	"encoding/json"
	"net/http"
	"sort"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// Exchange is one request and its answer, as any observer sees them.
type Exchange struct {
	// Endpoint is the operation the path names; nil for a path of none.
	Endpoint *contract.Endpoint
	// Method is the request's HTTP method ("" reads as POST).
	Method string
	// Role names the key the request carried when the observer knows it:
	// "none" (no Authorization), "bad" (a key nobody issued), "read",
	// "write", "limited", "other_org"; "" when unknown (live traffic).
	Role string
	// Request is the request body as sent.
	Request []byte
	// Status and ContentType are the answer's status line and header.
	Status      int
	ContentType string
	// AcceptEncoding is the request's Accept-Encoding as the observer
	// sent or saw it, and ContentEncoding the answer's ("" : not known,
	// or unpacked by the observer's transport, which asked for it): an
	// answer coded as the request refused is no JSON to its client.
	AcceptEncoding, ContentEncoding string
	// Body is the answer body; Failed is true when no whole answer came
	// back (a transport failure): then no rule applies.
	Body   []byte
	Failed bool

	doc     any
	docErr  error
	decoded bool
	req     map[string]any
	reqOK   bool
	reqDone bool
}

// Doc is the answer body decoded (numbers as json.Number); nil with an
// error when it is not one JSON value.
func (x *Exchange) Doc() (any, error) {
	if !x.decoded {
		x.decoded = true
		x.doc, x.docErr = Decode(x.Body)
	}
	return x.doc, x.docErr
}

// SetDoc gives an answer already decoded (by Decode), so that it is not
// decoded twice.
func (x *Exchange) SetDoc(doc any, err error) {
	x.doc, x.docErr, x.decoded = doc, err, true
}

// Object is the answer as a JSON object; nil when it is something else.
func (x *Exchange) Object() map[string]any {
	doc, _ := x.Doc()
	m, _ := doc.(map[string]any)
	return m
}

// Params is the request body as a JSON object; ok is false when the body
// is not one (a body of only white space reads as {}, §C10). A UTF-8 byte
// order mark before it is read away: RFC 8259 §8.1 lets a parser ignore
// it, so a target that serves such a body has read the object after it
// (one that refuses it has made the other choice, which no rule fails).
func (x *Exchange) Params() (map[string]any, bool) {
	if !x.reqDone {
		x.reqDone = true
		body := bytes.TrimPrefix(x.Request, []byte("\xEF\xBB\xBF"))
		if len(bytes.TrimSpace(body)) == 0 {
			x.req, x.reqOK = map[string]any{}, true
		} else if doc, err := Decode(body); err == nil {
			x.req, x.reqOK = doc.(map[string]any)
		}
	}
	return x.req, x.reqOK
}

// Param is a request member as a string ("" when absent, not a string,
// or empty, which the contract reads as absent).
func (x *Exchange) Param(name string) string {
	p, _ := x.Params()
	s, _ := p[name].(string)
	return s
}

// Code is the answer's code member and whether it is an integer.
func (x *Exchange) Code() (int64, bool) { return Int(x.Object()["code"]) }

// Success says whether the answer is a success: a JSON object, code 0.
func (x *Exchange) Success() bool {
	c, ok := x.Code()
	return ok && c == 0
}

// Refused says whether the answer refuses the caller (code or HTTP
// status 401 or 403): its body's shape is the kit's, never failed (§C3).
func (x *Exchange) Refused() bool {
	c, _ := x.Code()
	return c == 401 || c == 403 || x.Status == http.StatusUnauthorized || x.Status == http.StatusForbidden
}

// Is says whether the exchange is a POST to ep.
func (x *Exchange) Is(ep contract.Endpoint) bool {
	return x.Endpoint != nil && x.Endpoint.Name == ep.Name && x.post()
}

func (x *Exchange) post() bool { return x.Method == "" || x.Method == http.MethodPost }

// Decode reads one JSON value, numbers as json.Number, and fails on
// anything after it but JSON white space (RFC 8259 §2: a JSON text is
// one value): a second value, garbage, or a stray closing bracket, which
// a decoder's More does not see.
func Decode(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if len(bytes.Trim(b[dec.InputOffset():], " \t\r\n")) > 0 {
		return nil, errTrailing
	}
	return v, nil
}

// Int reads a JSON integer.
func Int(v any) (int64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	i, err := n.Int64()
	return i, err == nil
}

// Env is what rules may know beyond the exchange: the schemas to
// validate against and the facts of a profile. Every member is optional:
// a rule whose facts are missing judges what it can without them.
type Env struct {
	// Validate validates a decoded document against a schema file of
	// schemas/ (nil: no schema rule applies).
	Validate func(file string, doc any) error
	// MaskChars are the characters a masked value may use ("" : the default).
	MaskChars string
	// Records are the profile's records by id.
	Records map[int64]Record
	// Codes are the certificate codes of the caller's records the
	// profile lists.
	Codes map[string]bool
	// Ours and Theirs are objects of the caller's organization and of
	// another: a key of one never sees the other's.
	Ours, Theirs Objects
	// HeldRecords and HeldForms are what the profile holds for records
	// and forms by id (profile.Held); CodeRecords names the record of
	// each certificate_code the profile knows (a case's code, a
	// record's URL).
	HeldRecords map[int64]profile.HeldRecord
	HeldForms   map[int64]profile.HeldForm
	CodeRecords map[string]int64
	// ReadKeyWrites says the key the run calls "read" may also write (no
	// read-only key is known): no rule of write scope applies to it.
	ReadKeyWrites bool
}

// maskChars are the characters a masked value may use.
func (env *Env) maskChars() string {
	if env.MaskChars == "" {
		return DefaultMaskChars
	}
	return env.MaskChars
}

// Record is what a profile says of one record.
type Record struct {
	URL          string
	FieldTypes   []string
	MaskedFields []int64
}

// Objects are ids and codes of one organization's objects.
type Objects struct {
	RecordIDs map[int64]bool
	// RecordURLs are record URLs (a getRecord by one is a read of it), in
	// CanonURL's form, as TemplateURLs are.
	RecordURLs map[string]bool
	FormIDs    map[int64]bool
	Codings    map[string]bool
	// TemplateURLs are templates' own full URLs (a listQrcodes by one is
	// a read of it).
	TemplateURLs map[string]bool
}

// Rule is one SPEC statement as a function of one exchange.
type Rule struct {
	// Statement is the statement's id in docs/contract.md.
	Statement string
	// Name says which part of the statement the rule judges, for reports.
	Name string
	// Applies says whether the statement concerns the exchange.
	Applies func(x *Exchange, env *Env) bool
	// Check returns what of the statement the answer breaks (nil: none).
	Check func(x *Exchange, env *Env) []string
}

// Verdict is one rule applied to one exchange.
type Verdict struct {
	Statement string
	Rule      string
	Problems  []string
}

// All returns every rule, in the contract's order of topics.
func All() []Rule {
	var out []Rule
	for _, group := range [][]Rule{transportRules, shapeRules, authRules, inputRules, verifyRules, recordRules, heldRules, formListRules, cursorRules} {
		out = append(out, group...)
	}
	return out
}

// Judge applies every rule to x and returns the verdicts of those that
// apply (none when no whole answer came back).
func Judge(x *Exchange, env *Env) []Verdict {
	if x.Failed {
		return nil
	}
	if env == nil {
		env = &Env{}
	}
	var out []Verdict
	for _, r := range All() {
		if !r.Applies(x, env) {
			continue
		}
		out = append(out, Verdict{Statement: r.Statement, Rule: r.Name, Problems: r.Check(x, env)})
	}
	return out
}

// Statements lists the statement ids some rule judges, sorted: on one
// answer (All) or between answers (SuccessData).
func Statements() []string {
	seen := map[string]bool{}
	for _, r := range All() {
		seen[r.Statement] = true
	}
	for _, s := range betweenStatements {
		seen[s] = true
	}
	out := make([]string, 0, len(seen))
	for s := range seen {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// always applies to every exchange.
func always(*Exchange, *Env) bool { return true }

// success applies to a success answer of ep.
func success(ep contract.Endpoint) func(*Exchange, *Env) bool {
	return func(x *Exchange, _ *Env) bool { return x.Is(ep) && x.Success() }
}

// short cuts a text for a message.
func short(s string) string {
	s = strings.ToValidUTF8(s, "?")
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}
