package recorder_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/rtq-kit/rtq/recorder"
)

const hostileKey = "staging-Key-0123456789"

// hostileUpstream answers every call with answer, given the request's
// Authorization value.
func hostileUpstream(t *testing.T, answer func(w http.ResponseWriter, r *http.Request, auth string)) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		answer(w, r, r.Header.Get("Authorization"))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// crawlHostile runs `rtq record --crawl` of upstream into a fresh file and
// returns the error, the log and the file (empty when none was written).
func crawlHostile(t *testing.T, upstream string) (error, string, string) {
	t.Helper()
	var log strings.Builder
	out := filepath.Join(t.TempDir(), "rec.yaml")
	rec, err := recorder.NewRecording(recorder.Options{Upstream: upstream, APIKey: hostileKey, Out: out, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	_, err = rec.Crawl(context.Background())
	file, _ := os.ReadFile(out)
	return err, log.String(), string(file)
}

func holdsKey(s string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(hostileKey))
}

// TestRecordFollowsNoRedirect: a 307 to another port of the same host
// (where Go's client would resend Authorization) is reported with its
// Location; nothing reaches that port.
func TestRecordFollowsNoRedirect(t *testing.T) {
	var elsewhere atomic.Int64
	other := hostileUpstream(t, func(http.ResponseWriter, *http.Request, string) { elsewhere.Add(1) })
	up := hostileUpstream(t, func(w http.ResponseWriter, r *http.Request, _ string) {
		http.Redirect(w, r, other+r.URL.Path, http.StatusTemporaryRedirect)
	})
	err, _, _ := crawlHostile(t, up)
	if err == nil || !strings.Contains(err.Error(), "307 redirect to "+other) || elsewhere.Load() != 0 {
		t.Fatalf("crawl err = %v, %d calls at the Location; want the redirect reported and none", err, elsewhere.Load())
	}
}

// TestRecordNeverPrintsAnEchoedKey: a 401 whose message quotes
// "Bearer <key>" gets no key into the error or the log.
func TestRecordNeverPrintsAnEchoedKey(t *testing.T) {
	up := hostileUpstream(t, func(w http.ResponseWriter, _ *http.Request, auth string) {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprintf(w, `{"code":401,"message":"invalid api key %s"}`, auth)
	})
	err, log, _ := crawlHostile(t, up)
	if err == nil || holdsKey(err.Error()) || holdsKey(log) || !strings.Contains(err.Error(), "invalid api key Bearer REDACTED") {
		t.Fatalf("crawl err = %v, log %q; want the refusal without the key", err, log)
	}
}

// TestRecordNeverWritesAReflectedKey: a service that reflects the
// Authorization value into its data (as is, upper-cased, base64) gets no
// key into the recorded scenario, and the recording still loads.
func TestRecordNeverWritesAReflectedKey(t *testing.T) {
	up := hostileUpstream(t, func(w http.ResponseWriter, r *http.Request, auth string) {
		if strings.HasSuffix(r.URL.Path, "/record/getFormList") {
			fmt.Fprintf(w, `{"code":0,"message":"","data":{"list":[{"id":1,"name":"%s","type":0,"type_text":"普通表单","number":"%s","note":"%s","created_at":1,"updated_at":1,"active_at":0,"project":null}],"page":{"current_page":1,"last_page":1,"per_page":20,"total":1}}}`,
				auth, strings.ToUpper(hostileKey), base64.StdEncoding.EncodeToString([]byte(hostileKey)))
			return
		}
		io.WriteString(w, `{"code":0,"message":"","data":{"list":[],"next_page_token":null,"total":0}}`)
	})
	err, log, file := crawlHostile(t, up)
	if err != nil {
		t.Fatalf("crawl: %v\n%s", err, log)
	}
	if holdsKey(file) || strings.Contains(file, base64.RawStdEncoding.EncodeToString([]byte(hostileKey))[:20]) || !strings.Contains(file, "Bearer REDACTED") {
		t.Fatalf("the recorded file holds the key, or not the redaction:\n%s", file)
	}
}

// TestRecordProxyHandsNoEchoedKeyToItsClient: in proxy mode the client
// never sees the upstream's key, even when the upstream echoes it.
func TestRecordProxyHandsNoEchoedKeyToItsClient(t *testing.T) {
	up := hostileUpstream(t, func(w http.ResponseWriter, _ *http.Request, auth string) {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprintf(w, `{"code":401,"message":"invalid api key %s"}`, auth)
	})
	rec, err := recorder.NewRecording(recorder.Options{Upstream: up, APIKey: hostileKey, Out: filepath.Join(t.TempDir(), "rec.yaml")})
	if err != nil {
		t.Fatal(err)
	}
	proxy := httptest.NewServer(recorder.NewProxy(rec, "127.0.0.1"))
	t.Cleanup(proxy.Close)
	resp, err := http.Post(proxy.URL+"/api/v2/rpc/templates/list", "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized || holdsKey(string(body)) {
		t.Fatalf("proxy answered %d %s; want the upstream's 401 without the key", resp.StatusCode, body)
	}
}
