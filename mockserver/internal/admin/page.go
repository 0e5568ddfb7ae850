package admin

import (
	"net/http"
	"strconv"

	"github.com/rtq-kit/rtq/mockserver/adminpage"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/scenario"
)

// The admin page (docs/mock.md, "Admin page"): three static files served
// without the admin token, as a browser's navigation cannot carry it; the
// page asks for the token and sends it on every admin call it makes. The
// files hold no data, only code; every answer forbids framing and allows
// scripts, styles and connections to this origin only.

// pageFiles maps the page's paths to its embedded files and types.
var pageFiles = []struct{ pattern, file, ctype string }{
	{"GET /__admin/{$}", "index.html", "text/html; charset=utf-8"},
	{"GET /__admin/app.js", "app.js", "text/javascript; charset=utf-8"},
	{"GET /__admin/app.css", "app.css", "text/css; charset=utf-8"},
}

// pageCSP lets the page load its own script and style and call its own
// origin, nothing else; no inline script, no frames, no form posts.
const pageCSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// PageRoutes serve the page's files; the chain is the admin one without
// the token check.
func (s *API) PageRoutes() []Route {
	routes := make([]Route, 0, len(pageFiles))
	for _, f := range pageFiles {
		body, err := adminpage.Files.ReadFile(f.file)
		if err != nil {
			panic("admin page: embedded file missing: " + f.file) // a build defect, caught by every test
		}
		ctype := []string{f.ctype}
		routes = append(routes, Route{f.pattern, func(c *chain.Call) { writePage(c, ctype, body) }})
	}
	return append(routes, Route{"GET /__admin", toPage})
}

// pageLocation is where /__admin sends a browser: the page, relative to
// /__admin itself, so that it still lands on the page behind a proxy
// that serves the mock under a path prefix.
var pageLocation = []string{"__admin/"}

// toPage answers /__admin, the address rtq mock's start-up line prints,
// with a redirect to the page at /__admin/, whose files it refers to
// relative to that path.
func toPage(c *chain.Call) {
	h := c.W.Header()
	h["Location"] = pageLocation
	h["Cache-Control"] = noStore
	h["Content-Length"] = []string{"0"}
	c.Wrote, c.Status = true, http.StatusFound
	c.W.WriteHeader(http.StatusFound)
}

var (
	pageCSPValue  = []string{pageCSP}
	pageFrameDeny = []string{"DENY"}
	noStore       = []string{"no-store"}
	noReferrer    = []string{"no-referrer"}
)

func writePage(c *chain.Call, ctype []string, body []byte) {
	h := c.W.Header()
	h["Content-Type"] = ctype
	h["Content-Security-Policy"] = pageCSPValue
	h["X-Frame-Options"] = pageFrameDeny
	h["X-Content-Type-Options"] = chain.NoSniff
	h["Cache-Control"] = noStore
	h["Referrer-Policy"] = noReferrer
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
	c.Wrote, c.Status = true, http.StatusOK
	c.W.WriteHeader(http.StatusOK)
	c.Bytes, _ = c.W.Write(body)
}

// scenarioSummary is GET /__admin/scenario: what the page shows of the
// loaded scenario. Key secrets are never in it.
type scenarioSummary struct {
	Name         string          `json:"name"`
	Seed         int64           `json:"seed"`
	HTTPStatus   string          `json:"http_status"`
	Orgs         []orgSummary    `json:"orgs"`
	Keys         []keySummary    `json:"keys"`
	Forms        []formSummary   `json:"forms"`
	Records      []recordSummary `json:"records"`
	RecordsTotal int             `json:"records_total"`
}

type orgSummary struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Code string `json:"code"`
	Host string `json:"host"`
}

type keySummary struct {
	Name   string   `json:"name"`
	Org    string   `json:"org"`
	Scopes []string `json:"scopes"`
	Forms  []int64  `json:"forms,omitempty"`
}

type formSummary struct {
	ID           int64    `json:"id"`
	Name         string   `json:"name"`
	Org          string   `json:"org"`
	Credential   bool     `json:"credential"`
	Verification bool     `json:"verification,omitempty"`
	Statuses     []string `json:"statuses,omitempty"`
}

type recordSummary struct {
	ID     int64    `json:"id"`
	Code   string   `json:"code"`
	URL    string   `json:"url"`
	Org    string   `json:"org"`
	Form   int64    `json:"form,omitempty"`
	Status string   `json:"status,omitempty"` // a credential's status as loaded
	Fields []string `json:"fields"`           // "title: type"
}

// summaryRecords bounds the records listed; records_total says how many
// there are.
const summaryRecords = 200

func (s *API) adminScenarioSummary(c *chain.Call) {
	chain.AdminJSON(c, 200, summarize(c.St.Scenario()))
}

func summarize(sc *scenario.Scenario) scenarioSummary {
	out := scenarioSummary{Name: sc.Name, Seed: sc.Seed, HTTPStatus: string(sc.HTTPStatus), RecordsTotal: len(sc.Records),
		Orgs: []orgSummary{}, Keys: []keySummary{}, Forms: []formSummary{}, Records: []recordSummary{}}
	for _, o := range sc.Orgs {
		out.Orgs = append(out.Orgs, orgSummary{o.ID, o.Name, o.Code, o.Host})
	}
	for _, k := range sc.Keys {
		ks := keySummary{Name: k.Name, Org: orgCode(k.Org), Scopes: []string{}, Forms: k.Forms}
		if k.Read {
			ks.Scopes = append(ks.Scopes, "read")
		}
		if k.Write {
			ks.Scopes = append(ks.Scopes, "write")
		}
		out.Keys = append(out.Keys, ks)
	}
	for _, f := range sc.Forms {
		fs := formSummary{ID: f.ID, Name: f.Name, Org: orgCode(f.Org), Credential: f.Flow != nil}
		if f.Flow != nil {
			fs.Verification = f.Flow.Verification
			for _, st := range f.Flow.Statuses {
				fs.Statuses = append(fs.Statuses, st.Name)
			}
		}
		out.Forms = append(out.Forms, fs)
	}
	for _, r := range sc.Records[:min(len(sc.Records), summaryRecords)] {
		out.Records = append(out.Records, summarizeRecord(r))
	}
	return out
}

func summarizeRecord(r *scenario.Record) recordSummary {
	rs := recordSummary{ID: r.ID, Code: r.Code, URL: r.URL, Org: orgCode(r.Org), Fields: []string{}}
	if r.Form != nil {
		rs.Form = r.Form.ID
	}
	if r.Cert != nil && r.Cert.Status != nil {
		rs.Status = r.Cert.Status.Name
	}
	for _, g := range r.FieldGroups() {
		for _, f := range g.Fields {
			rs.Fields = append(rs.Fields, f.Title+": "+f.Type)
		}
	}
	return rs
}

func orgCode(o *scenario.Org) string {
	if o == nil {
		return ""
	}
	return o.Code
}
