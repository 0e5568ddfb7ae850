package svcclient

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/testkit/tlsfront"
)

// echo answers with the service's JSON and repeats the gateway's header,
// so that a test sees it sent and scrubbed.
func echo() *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"code":0,"seen":"` + r.Header.Get("X-Tenant") + `"}`))
	}))
	return srv
}

// Each front, called without the flag that reaches it, gives a diagnosis
// naming that flag; with it, an answer.
func TestEachFrontIsDiagnosedThenReached(t *testing.T) {
	backend := echo()
	defer backend.Close()
	for _, kind := range tlsfront.Kinds {
		t.Run(kind.String(), func(t *testing.T) {
			f := tlsfront.Start(t, kind, backend.URL)
			type try struct {
				base  string
				flags AccessFlags
			}
			withCA := AccessFlags{CACert: f.CA}
			cases := map[tlsfront.Kind]struct {
				wrong, right try
				fix          string
			}{
				tlsfront.PrivateCA:  {try{f.URL, AccessFlags{}}, try{f.URL, withCA}, "--ca-cert"},
				tlsfront.OtherName:  {try{f.URL, withCA}, try{f.Localhost, withCA}, "--base-url"},
				tlsfront.Expired:    {try{f.URL, withCA}, try{f.URL, AccessFlags{Insecure: true}}, "renew"},
				tlsfront.ClientCert: {try{f.URL, withCA}, try{f.URL, AccessFlags{CACert: f.CA, ClientCert: f.Client, ClientKey: f.ClientKey}}, "--client-cert"},
				tlsfront.Gateway: {try{f.URL, withCA}, try{f.URL, AccessFlags{CACert: f.CA,
					Headers: []string{tlsfront.GatewayHeader + ": " + tlsfront.GatewayToken}}}, "--header"},
			}[kind]
			call := func(tr try) (*Client, Answer, error) {
				a, err := tr.flags.Load(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				c := New(Config{BaseURL: tr.base, Access: a})
				defer c.CloseIdleConnections()
				ans, err := c.Post(context.Background(), "/api", "", []byte(`{}`))
				return c, ans, err
			}
			c, ans, err := call(cases.wrong)
			d := c.Diagnose(err)
			if d == nil && err == nil {
				d = c.Refusal(ans)
			}
			if d == nil {
				t.Fatalf("without the flag: no diagnosis (err %v, HTTP %d)", err, ans.Status)
			}
			if !strings.Contains(d.Error(), cases.fix) {
				t.Errorf("diagnosis %q does not name %s", d, cases.fix)
			}
			c, ans, err = call(cases.right)
			if err != nil || ans.Status != http.StatusOK || c.Refusal(ans) != nil {
				t.Fatalf("with the flag: HTTP %d, %v", ans.Status, err)
			}
		})
	}
}

// A header is sent on every call, and its value is scrubbed from what the
// service echoes like a key.
func TestHeaderIsSentAndScrubbed(t *testing.T) {
	backend := echo()
	defer backend.Close()
	a, err := AccessFlags{Headers: []string{"x-tenant:  tenant-secret-0042 "}}.Load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c := New(Config{BaseURL: backend.URL, Access: a})
	ans, err := c.Post(context.Background(), "/", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(ans.Body); got != `{"code":0,"seen":"`+Redacted+`"}` {
		t.Errorf("answer %s: want the header sent and its value scrubbed", got)
	}
}

func TestAccessFlagsAreChecked(t *testing.T) {
	dir := t.TempDir()
	notPEM := filepath.Join(dir, "not.pem")
	if err := os.WriteFile(notPEM, []byte("hello"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		f    AccessFlags
		want string
	}{
		{AccessFlags{CACert: notPEM}, "--ca-cert " + notPEM + ": no PEM certificate"},
		{AccessFlags{CACert: filepath.Join(dir, "none.pem")}, "--ca-cert " + filepath.Join(dir, "none.pem") + ": no such file"},
		{AccessFlags{CACert: dir}, "not a regular file"},
		{AccessFlags{Headers: []string{"User-Agent: x"}}, "--header User-Agent: not sent"},
		{AccessFlags{ClientCert: notPEM}, "needs --client-key"},
		{AccessFlags{ClientKey: notPEM}, "needs --client-cert"},
		{AccessFlags{ClientCert: notPEM, ClientKey: notPEM}, "--client-cert"},
		{AccessFlags{Headers: []string{"no colon"}}, "want 'Name: value'"},
		{AccessFlags{Headers: []string{"Bad Name: x"}}, "not a header name"},
		{AccessFlags{Headers: []string{"authorization: Bearer x"}}, "--header Authorization: not sent: the keys"},
		{AccessFlags{Headers: []string{"X-A: a\nb"}}, "line break"},
	} {
		_, err := c.f.Load(context.Background())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.f, err, c.want)
		}
	}
}

// A proxy that refuses the tunnel is a diagnosis naming the variables.
func TestRefusingProxyIsDiagnosed(t *testing.T) {
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no", http.StatusForbidden)
	}))
	defer proxy.Close()
	tr := Config{}.transport()
	tr.Proxy = func(*http.Request) (*url.URL, error) { return url.Parse(proxy.URL) }
	c := New(Config{BaseURL: "https://staging.example.com", Transport: tr})
	_, err := c.Post(context.Background(), "/", "", nil)
	d := c.Diagnose(err)
	if d == nil || !strings.Contains(d.Error(), "HTTPS_PROXY") {
		t.Fatalf("%v: diagnosis %v, want one naming HTTPS_PROXY", err, d)
	}
	if !errors.Is(d, d.Err) {
		t.Errorf("the diagnosis does not unwrap to the transport's error")
	}
}
