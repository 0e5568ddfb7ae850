package discover

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
	"github.com/rtq-kit/rtq/internal/svcclient"
	"github.com/rtq-kit/rtq/profile"
)

// TestDiscoverNeverPrintsAKeyTheServiceEchoes: a service that answers 401
// with the Authorization value in its message (docs/security.md) gets no
// key into the error rtq prints.
func TestDiscoverNeverPrintsAKeyTheServiceEchoes(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprintf(w, `{"code":401,"error_code":401,"message":"invalid api key %s"}`, r.Header.Get("Authorization"))
	}))
	defer srv.Close()
	_, err := Discover(context.Background(), Options{BaseURL: srv.URL, ReadKey: "secret-read-key"})
	if err == nil || strings.Contains(err.Error(), "secret-read-key") || !strings.Contains(err.Error(), "invalid api key Bearer "+svcclient.Redacted) {
		t.Fatalf("err = %v; want the refusal, the key scrubbed", err)
	}
}

// TestDiscoverFollowsNoRedirect: a 307 to another port of the same host
// is reported with its Location, and nothing is sent there.
func TestDiscoverFollowsNoRedirect(t *testing.T) {
	var sent int
	other := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { sent++ }))
	defer other.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	defer srv.Close()
	_, err := Discover(context.Background(), Options{BaseURL: srv.URL, ReadKey: "secret-read-key"})
	if err == nil || !strings.Contains(err.Error(), "307 redirect to "+other.URL) || sent != 0 {
		t.Fatalf("err = %v, %d calls at the Location; want the redirect reported and none", err, sent)
	}
}

// TestDiscoverEscapesWhatTheServiceSays: form numbers and codings holding
// ESC, BEL and bidi overrides reach neither the profile's bytes nor a
// terminal raw, and read back as the service gave them.
func TestDiscoverEscapesWhatTheServiceSays(t *testing.T) {
	const number, coding = "F\x1b[2J\a\u202e-7", "T\x1b]0;pwned\a-1"
	f := small()
	f.answers["record/getFormList"] = `{"code":0,"message":"","data":{"list":[{"id":7,"name":"入职登记","note":"","number":"F\u001b[2J\u0007\u202e-7"}],"page":{"current_page":1,"last_page":1,"per_page":20,"total":1}}}`
	f.answers["templates/list"] = `{"code":0,"message":"ok","data":{"list":[{"tpl_id":1,"name":"批次","coding":"T\u001b]0;pwned\u0007-1"}],"next_page_token":null,"total":1}}`
	f.answers["templates/listQrcodes"] = `{"code":0,"message":"ok","data":{"list":[{"id":9,"name":"码","coding":"S-9"}],"next_page_token":null,"total":2}}`
	srv := httptest.NewServer(f)
	defer srv.Close()
	res, err := Discover(context.Background(), Options{BaseURL: srv.URL, ReadKey: "secret-read-key"})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Write(&b, res); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if i := strings.IndexFunc(out, func(r rune) bool { return r != '\n' && svcclient.Unsafe(r) }); i >= 0 {
		t.Fatalf("the profile holds %q raw at byte %d:\n%s", out[i:i+1], i, out)
	}
	if !strings.Contains(out, `# Seen: template T\u001b]0;pwned\u0007-1: listQrcodes said total 2`) {
		t.Errorf("the note on the coding is not escaped as expected:\n%s", out)
	}
	// Read with the YAML decoder itself: profile.Parse goes through
	// yaml.YAMLToJSON, which turns any control character back into a Go
	// escape (\x1b) that JSON refuses, however the file spells it.
	var p profile.Profile
	if err := yaml.Unmarshal(b.Bytes(), &p); err != nil {
		t.Fatalf("does not read back: %v\n%s", err, out)
	}
	if p.Forms.Numbers[0] != number || p.Templates.Items[0].Coding != coding {
		t.Fatalf("read back %q and %q; want the service's %q and %q", p.Forms.Numbers[0], p.Templates.Items[0].Coding, number, coding)
	}
}
