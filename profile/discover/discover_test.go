package discover

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/profile"

	"github.com/rtq-kit/rtq/testkit/refused"
)

// fake answers each operation with a fixed body; it records verify bodies.
type fake struct {
	mu       sync.Mutex
	answers  map[string]string
	verifies []string
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	op := strings.TrimPrefix(r.URL.Path, "/api/v2/rpc/")
	f.mu.Lock()
	if op == "certificates/verify" {
		f.verifies = append(f.verifies, string(body))
	}
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, f.answers[op])
}

func small() *fake {
	return &fake{answers: map[string]string{
		"record/getFormList":    `{"code":0,"message":"","data":{"list":[{"id":7,"name":"入职登记","note":"","number":"F-7"}],"page":{"current_page":1,"last_page":1,"per_page":20,"total":2}}}`,
		"templates/list":        `{"code":0,"message":"ok","data":{"list":[{"tpl_id":1,"name":"批次","coding":"T-1"}],"next_page_token":null,"total":1}}`,
		"templates/listQrcodes": `{"code":0,"message":"ok","data":{"list":[{"id":9,"name":"码","coding":"S-9"}],"next_page_token":null,"total":1}}`,
		"record/getRecord":      `{"code":0,"message":"","data":{"format":"json","content_type":"application/json; charset=utf-8","data":{"record_id":5,"record_code":"C-5","record_url":"https://x/r/5","record_template":{"id":7},"tpl_groups":[{"fields":[{"field_id":1,"field_type":"tel","field_value":"138****0000","options":{"is_masked":true}}]}]}}}`,
		"certificates/verify":   `{"code":400,"error_code":100324,"message":"状态不符","message_detail":""}`,
	}}
}

func TestDiscoverWritesALoadableCommentedProfileAndNeverAKey(t *testing.T) {
	f := small()
	srv := httptest.NewServer(f)
	defer srv.Close()
	res, err := Discover(context.Background(), Options{BaseURL: srv.URL, ReadKey: "secret-r", WriteKey: "secret-w", AllowWrites: true, RecordIDs: []int64{5}})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Write(&b, res); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	p, err := profile.Parse("discovered.yaml", b.Bytes())
	if err != nil {
		t.Fatalf("does not load: %v\n%s", err, out)
	}
	if len(p.Records) != 1 || p.Records[0].MaskedFields[0] != 1 || *p.Records[0].FormID != 7 || *p.Templates.Items[0].SubCodes != 1 {
		t.Fatalf("profile %+v", p)
	}
	for _, want := range []string{"total 2, the walk found 1", "Check by hand", "record 5, certificate_code C-5, form 7: the write key may verify it"} {
		if !strings.Contains(out, want) {
			t.Errorf("the profile does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "secret-") {
		t.Fatalf("a key was written:\n%s", out)
	}
	if len(f.verifies) != 1 || !strings.Contains(f.verifies[0], neverStatus) {
		t.Fatalf("verifies sent %q; want one, guarded by a from status no record has", f.verifies)
	}
}

// Without --allow-writes a write key is not probed at all: discover
// sends no verify, and says so.
func TestDiscoverSendsNoVerifyWithoutAllowWrites(t *testing.T) {
	f := small()
	srv := httptest.NewServer(f)
	defer srv.Close()
	res, err := Discover(context.Background(), Options{BaseURL: srv.URL, ReadKey: "r", WriteKey: "w", RecordIDs: []int64{5}})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Write(&b, res); err != nil {
		t.Fatal(err)
	}
	if len(f.verifies) != 0 || res.Verifies != 0 {
		t.Fatalf("verifies sent %q without --allow-writes", f.verifies)
	}
	for _, want := range []string{"none of them a verify", "--write-key without --allow-writes: write access not probed"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the profile does not say %q:\n%s", want, b.String())
		}
	}
}

// A time filter that changes nothing leaves the window out with the
// reason, and is a finding under its statement id.
func TestDiscoverFindsATimeFilterThatChangesNothing(t *testing.T) {
	f := small()
	f.answers["templates/list"] = `{"code":0,"message":"ok","data":{"list":[{"tpl_id":1,"coding":"T-1"},{"tpl_id":2,"coding":"T-2"},{"tpl_id":3,"coding":"T-3"},{"tpl_id":4,"coding":"T-4"}],"next_page_token":null,"total":4}}`
	srv := httptest.NewServer(f)
	defer srv.Close()
	res, err := Discover(context.Background(), Options{BaseURL: srv.URL, ReadKey: "r"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Profile.Templates.Window != nil {
		t.Fatalf("a window was established: %+v", res.Profile.Templates.Window)
	}
	var b bytes.Buffer
	if err := Write(&b, res); err != nil {
		t.Fatal(err)
	}
	p, err := profile.Parse("discovered.yaml", b.Bytes())
	if err != nil {
		t.Fatalf("does not load: %v\n%s", err, b.String())
	}
	if !hasFinding(p, "4.4.window", "start_time and end_time change nothing") {
		t.Errorf("no finding 4.4.window in %+v", p.Findings)
	}
	if !strings.Contains(b.String(), "Not established: the window of templates/list") {
		t.Errorf("the profile does not say why the window is left out:\n%s", b.String())
	}
}

func hasFinding(p *profile.Profile, statement, what string) bool {
	for _, f := range p.Findings {
		if f.Statement == statement && strings.Contains(f.What, what) {
			return true
		}
	}
	return false
}

func TestDiscoverFindsARepeatingCursorAndStopsOnAnUnreachableTarget(t *testing.T) {
	f := small()
	f.answers["templates/list"] = `{"code":0,"message":"ok","data":{"list":[{"tpl_id":1,"coding":"T-1"}],"next_page_token":"same","total":1}}`
	srv := httptest.NewServer(f)
	defer srv.Close()
	res, err := Discover(context.Background(), Options{BaseURL: srv.URL, ReadKey: "r"})
	if err != nil {
		t.Fatal(err)
	}
	if !hasFinding(res.Profile, "4.4.lastToken", `repeats next_page_token "same"`) || res.Profile.Templates.Total != nil {
		t.Fatalf("findings %+v, templates total %v: want the repeated token as a finding and no total", res.Profile.Findings, res.Profile.Templates.Total)
	}
	dead := refused.URL
	if _, err := Discover(context.Background(), Options{BaseURL: dead, ReadKey: "r"}); !errors.Is(err, ErrUnreachable) {
		t.Fatalf("err = %v, want ErrUnreachable", err)
	}
	silentSrv := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		<-r.Context().Done()
	}))
	defer silentSrv.Close()
	if _, err := Discover(context.Background(), Options{BaseURL: silentSrv.URL, ReadKey: "r", Timeout: 100 * time.Millisecond}); !errors.Is(err, ErrUnreachable) {
		t.Fatalf("a target that never answers: err = %v, want ErrUnreachable", err)
	}
}
