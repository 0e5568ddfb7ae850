package report

import (
	"html/template"
	"io"
	"strings"

	"github.com/rtq-kit/rtq/conformance"
)

// htmlPage is a self-contained page (no scripts, no outside resources):
// failures first, then every check, then coverage. html/template escapes
// everything the target sent.
var htmlPage = template.Must(template.New("report").Funcs(template.FuncMap{
	"join": strings.Join,
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{if .Traffic}}rtq proxy{{else}}rtq conform{{end}} {{.Target}}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2em;max-width:70em}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3em;text-align:left;vertical-align:top}
.fail{background:#fdd}.skip{color:#777}.pass{color:#060}code{font-size:90%}
.verdict{padding:.8em 1em;font-size:120%;font-weight:bold;border-radius:.3em}
.green{background:#1a7f37;color:#fff}.red{background:#cf222e;color:#fff}
</style></head><body>
<h1>{{if .Traffic}}rtq proxy{{else}}rtq conform{{end}} {{.Target}}</h1>
<p class="verdict {{if .Green}}green{{else}}red{{end}}" data-status="{{.Status}}">{{.Verdict}}</p>
{{if .Reason}}<pre>{{.Reason}}</pre>{{end}}
<table><tr><th>target</th><td>{{.Meta.Target}}</td></tr><tr><th>profile</th><td>{{.Meta.Profile}}</td></tr>
<tr><th>started</th><td>{{.Meta.Started}}, took {{.Meta.Duration}}</td></tr><tr><th>rtq</th><td>{{.Meta.Version}}</td></tr><tr><th>seed</th><td>{{.Seed}}</td></tr></table>
<p>{{.Summary.Total}} checks: {{.Summary.Passed}} passed, {{.Summary.Failed}} failed, {{.Summary.Skipped}} skipped.</p>
{{with .Traffic}}<h2>Traffic</h2>
<p>{{.Exchanges}} exchanges, {{.Judged}} judged{{range $why, $n := .NotJudged}}; {{$n}} not judged: {{$why}}{{end}}{{if .RefusedWrites}}; {{.RefusedWrites}} writes refused (no --allow-writes){{end}}.</p>
{{if .NeverReached}}<p>Endpoints the traffic never reached: {{join .NeverReached ", "}}</p>{{end}}
{{end}}<h2>Coverage</h2>
<table><tr><th>dimension</th><th>covered</th><th>missing</th></tr>
<tr><td>field types</td><td>{{.Coverage.FieldTypes.Covered}}/{{.Coverage.FieldTypes.Total}}</td><td>{{join .Coverage.FieldTypes.Missing ", "}}</td></tr>
<tr><td>verify error codes</td><td>{{.Coverage.ErrorCodes.Covered}}/{{.Coverage.ErrorCodes.Total}}</td><td>{{join .Coverage.ErrorCodes.Missing ", "}}</td></tr>
<tr><td>transitions</td><td>{{.Coverage.Transitions.Covered}}/{{.Coverage.Transitions.Total}}</td><td>{{join .Coverage.Transitions.Missing ", "}}</td></tr>
<tr><td>spec statements</td><td>{{.Coverage.SpecStatements.Covered}}/{{.Coverage.SpecStatements.Total}}</td><td>{{join .Coverage.SpecStatements.Missing ", "}}</td></tr>
</table>
<h2>Statements</h2>
<p>Each SPEC statement, its outcome and how many answers of the run it was evaluated on.</p>
<table><tr><th>statement</th><th>section</th><th>status</th><th>answers</th></tr>
{{range .Statements}}<tr class="{{.Status}}"><td><code>{{.ID}}</code></td><td>{{.Section}}</td><td>{{.Status}}</td><td>{{.Answers}}</td></tr>
{{end}}</table>
{{with .Baseline}}<h2>Against the baseline {{.Source}}</h2>
<table><tr><th>new failures</th><td>{{len .NewFailures}}</td><td>{{join .NewFailures ", "}}</td></tr>
<tr><th>fixed</th><td>{{len .Fixed}}</td><td>{{join .Fixed ", "}}</td></tr>
<tr><th>still failing</th><td>{{len .StillFailing}}</td><td>{{join .StillFailing ", "}}</td></tr></table>
{{end}}<h2>Checks</h2>
<table><tr><th>id</th><th>spec</th><th>severity</th><th>status</th><th>details</th></tr>
{{range .Ordered}}<tr class="{{.Status}}"><td><code>{{.ID}}</code><br>{{.Endpoint}}</td><td>{{.Spec}}{{if .Statements}}<br>{{join .Statements ", "}}{{end}}</td><td>{{.Severity}}</td><td>{{.Status}}</td>
<td>{{.Message}}{{if .Request}}<br><code>{{.Request}}</code>{{end}}{{if .Curl}}<br><code>{{.Curl}}</code>{{end}}{{range .Problems}}<br><code>{{.}}</code>{{end}}</td></tr>
{{end}}</table>
</body></html>
`))

// HTML writes a self-contained page for people who open a CI artifact.
func HTML(w io.Writer, rep *conformance.Report) error {
	var ordered []conformance.Finding
	for _, pass := range []func(conformance.Finding) bool{
		func(f conformance.Finding) bool {
			return f.Status == conformance.Fail && f.Severity == conformance.Must
		},
		func(f conformance.Finding) bool {
			return f.Status == conformance.Fail && f.Severity != conformance.Must
		},
		func(f conformance.Finding) bool { return f.Status != conformance.Fail },
	} {
		for _, f := range rep.Checks {
			if pass(f) {
				ordered = append(ordered, f)
			}
		}
	}
	return htmlPage.Execute(w, struct {
		*conformance.Report
		Verdict string
		Green   bool
		Meta    meta
		Ordered []conformance.Finding
	}{rep, Verdict(rep), passed(rep), metaOf(rep), ordered})
}
