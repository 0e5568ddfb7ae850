package profile

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
)

func TestLoadHandWrittenYAML(t *testing.T) {
	p, err := Load(context.Background(), filepath.Join("testdata", "staging.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Records) != 1 || p.Records[0].ID != 1001 || *p.Forms.Total != 12 {
		t.Fatalf("loaded %+v", p)
	}
	if got := p.Transitions(); !reflect.DeepEqual(got, []string{"form 3001: 待核销 -> 已核销"}) {
		t.Fatalf("transitions %q", got)
	}
}

func TestMarshalThenParseIsAFixedPoint(t *testing.T) {
	p, err := Load(context.Background(), filepath.Join("testdata", "staging.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	q, err := Parse("marshalled.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p, q) {
		t.Fatalf("load → marshal → load changed the profile:\n%+v\n%+v", p, q)
	}
}

func TestBadProfileReportsEveryProblemWithPosition(t *testing.T) {
	_, err := Load(context.Background(), filepath.Join("testdata", "bad.yaml"))
	var le *LoadError
	if !errors.As(err, &le) {
		t.Fatalf("err = %v, want *LoadError", err)
	}
	text := le.Error()
	for _, want := range []string{
		"testdata/bad.yaml:6:8: /records/1: missing required member", // missing id, at the item
		"/cases/0/kind:",  // not an allowed kind
		"/cases/0/steps:", // empty steps
	} {
		if !strings.Contains(text, want) {
			t.Errorf("problems lack %q:\n%s", want, text)
		}
	}
}

func TestSemanticProblemsNameTheField(t *testing.T) {
	src := `{"version": 1,
 "records": [{"id": 1, "url": "https://x.example/r/1", "field_types": ["nosuch"]}],
 "flows": [{"form_id": 5, "statuses": [{"id": 1, "name": "A", "next": ["B"]}]}]}`
	_, err := Parse("p.json", []byte(src))
	if err == nil {
		t.Fatal("want an error")
	}
	for _, want := range []string{
		`p.json:2:72: /records/0/field_types/0: unknown field type "nosuch"`,
		`/flows/0/statuses/0/next/0: next status "B" is not a status of this flow`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
}

func TestSyntaxErrorHasALine(t *testing.T) {
	_, err := Parse("p.json", []byte("{\"version\": 1,\n \"records\": [}"))
	if err == nil || !strings.HasPrefix(err.Error(), "p.json:2:") {
		t.Fatalf("err = %v, want p.json:2:…", err)
	}
}

func TestLoadFromURL(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "staging.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write(data) }))
	t.Cleanup(srv.Close)
	p, err := Load(context.Background(), srv.URL+"/__admin/profile")
	if err != nil || p.Name != "staging" {
		t.Fatalf("Load(url) = %+v, %v", p, err)
	}
	srv.Close()
	_, err = Load(context.Background(), srv.URL+"/__admin/profile")
	var fe *FetchError
	if !errors.As(err, &fe) {
		t.Fatalf("closed server: err = %v, want *FetchError", err)
	}
}

// TestLoadFromURLFollowsNoRedirectWithTheToken: the admin token does not
// travel along a 307 to another port of the same host (Go's client would
// resend it there); the redirect is an answer that is not 200.
func TestLoadFromURLFollowsNoRedirectWithTheToken(t *testing.T) {
	var sent atomic.Int64
	other := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { sent.Add(1) }))
	t.Cleanup(other.Close)
	moved := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	t.Cleanup(moved.Close)
	_, err := Load(context.Background(), moved.URL+"/__admin/profile", WithAdminToken("admin-token-0123"))
	if err == nil || !strings.Contains(err.Error(), "HTTP 307") || sent.Load() != 0 {
		t.Fatalf("err = %v, %d calls at the Location; want HTTP 307 and none", err, sent.Load())
	}
}

func TestSchemaAndSemanticProblemsComeTogether(t *testing.T) {
	src := "version: 1\nextra: 1\nrecords:\n  - {id: 1, url: \"https://x.example/r/1\", field_types: [nosuch]}\n"
	_, err := Parse("p.yaml", []byte(src))
	if err == nil {
		t.Fatal("want an error")
	}
	for _, want := range []string{`"extra" not allowed`, `p.yaml:4:`, `unknown field type "nosuch"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
}

func TestProblemsComeInFileOrder(t *testing.T) {
	_, err := Load(context.Background(), filepath.Join("testdata", "bad.yaml"))
	var le *LoadError
	if !errors.As(err, &le) {
		t.Fatalf("err = %v, want *LoadError", err)
	}
	last := 0
	for i, p := range le.Problems {
		line := p.Line
		if line == 0 {
			line = 1 << 30 // unknown positions come last
		}
		if line < last {
			t.Errorf("problem %d (%s) at line %d comes after line %d:\n%s", i, p.Path, p.Line, last, le.Error())
		}
		last = line
	}
	if len(le.Problems) < 3 {
		t.Fatalf("bad.yaml gives %d problems, the test needs several", len(le.Problems))
	}
}

// A service's text may hold control characters; rtq profile discover
// writes them escaped ("\x1b" is how the YAML encoder writes ESC), and the
// profile must load back with the very text the service said.
func TestEscapedControlCharactersLoadBack(t *testing.T) {
	doc := "version: 1\nfindings:\n" +
		"  - statement: \"4.4.endTime\"\n    what: \"red \\x1b[31m, \\e[0m, bell \\a, bidi \\u202e, nul-free\"\n"
	p, err := Parse("escaped.yaml", []byte(doc))
	if err != nil {
		t.Fatalf("a profile with escaped control characters is refused: %v", err)
	}
	want := "red \x1b[31m, \x1b[0m, bell \a, bidi \u202e, nul-free"
	if len(p.Findings) != 1 || p.Findings[0].What != want {
		t.Fatalf("findings %+v, want what %q", p.Findings, want)
	}
}

// The YAML decoder's values go through encoding/json; a key JSON cannot
// hold is a clear problem, not a panic or a silent drop.
func TestNonStringKeyIsAProblem(t *testing.T) {
	_, err := Parse("keys.yaml", []byte("version: 1\n? [a, b]\n: c\n"))
	if err == nil {
		t.Fatal("a mapping key that is a list was accepted")
	}
}
