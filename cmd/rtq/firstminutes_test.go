package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/recorder"
	"github.com/rtq-kit/rtq/rtqtest"
)

// TestConformCertifiesAMockGuardedByAnAdminToken: a mock hardened with
// --admin-token is certified with its own profile and resets, the token
// given as --admin-token or as RTQ_ADMIN_TOKEN (docs/ci.md); rtq health
// takes the flag too.
func TestConformCertifiesAMockGuardedByAnAdminToken(t *testing.T) {
	url := rtqtest.Start(t, rtqtest.WithOptions(mockserver.Options{AdminToken: "s3cret-token"})).URL
	t.Setenv("RTQ_ADMIN_TOKEN", "")
	if code, out, errOut := runCLI(t, conformArgs(url, "--admin-token", "s3cret-token")...); code != 0 {
		t.Fatalf("--admin-token: exit %d\n%s\n%s", code, clip(out), errOut)
	}
	t.Setenv("RTQ_ADMIN_TOKEN", "s3cret-token")
	if code, out, errOut := runCLI(t, conformArgs(url)...); code != 0 {
		t.Fatalf("RTQ_ADMIN_TOKEN: exit %d\n%s\n%s", code, clip(out), errOut)
	}
	t.Setenv("RTQ_ADMIN_TOKEN", "")
	if code, out, errOut := runCLI(t, "health", "--admin-token", "s3cret-token", url); code != 0 {
		t.Fatalf("rtq health --admin-token: exit %d %s %s", code, out, errOut)
	}
}

// TestBannerOfARecordedScenarioSaysHowToAuthenticate: the start-up line
// shows the header to send for the placeholder keys of a recording, as it
// does for the default scenario, and for a key of the user's own file
// where its secret is.
func TestBannerOfARecordedScenarioSaysHowToAuthenticate(t *testing.T) {
	dir := t.TempDir()
	recorded := filepath.Join(dir, "recorded.yaml")
	own := filepath.Join(dir, "own.yaml")
	writeFile(t, recorded, `orgs: [{id: 1, name: A, code: a, host: a.example}]
keys:
  - {name: recorded-read, secret: `+recorder.ReadKeySecret+`, scopes: [read]}
  - {name: recorded-write, secret: `+recorder.WriteKeySecret+`, scopes: [read, write]}
`)
	writeFile(t, own, `orgs: [{id: 1, name: A, code: a, host: a.example}]
keys: [{name: team, secret: team-secret-123, scopes: [read]}]
`)
	_, stop := startCLIMock(t, "--scenario", recorded)
	_, banner := stop()
	banner, _, _ = strings.Cut(banner, "\n")
	if !strings.Contains(banner, "Bearer "+recorder.ReadKeySecret) || !strings.Contains(banner, "Bearer "+recorder.WriteKeySecret) {
		t.Errorf("recorded scenario: the banner does not show the header to send:\n%s", banner)
	}
	_, stop = startCLIMock(t, "--scenario", own)
	_, banner = stop()
	banner, _, _ = strings.Cut(banner, "\n")
	if !strings.Contains(banner, "team") || !strings.Contains(banner, "keys[].secret of "+own) || strings.Contains(banner, "team-secret-123") {
		t.Errorf("own scenario: the banner should name the key and where its secret is, never print it:\n%s", banner)
	}
}

// TestRecordHeaderSaysToRaiseMaxRequests: with --probe-times given and
// --max-requests spent, the recording's header says to raise the bound,
// not to pass --probe-times again.
func TestRecordHeaderSaysToRaiseMaxRequests(t *testing.T) {
	url := startMock(t)
	out := filepath.Join(t.TempDir(), "rec.yaml")
	// The probe's workers log concurrently; the recorder serialises its
	// writes, so a plain bytes.Buffer (not safe for concurrent use) must
	// do: under -race this guards that.
	var stdoutB, stderrB bytes.Buffer
	code := run(context.Background(), []string{"record", "--crawl", "--upstream", url, "--api-key", "rtq-demo-read", "--out", out,
		"--probe-times", "--max-requests", "60", "--rate", "0"}, strings.NewReader(""), &stdoutB, &stderrB)
	stdout, stderr := stdoutB.String(), stderrB.String()
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, clip(stderr))
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	header := regexp.MustCompile(`(?m)^#.*$`).FindAllString(string(data), -1)
	text := strings.Join(header, "\n")
	if !strings.Contains(text, "raise") && !strings.Contains(text, "higher --max-requests") {
		t.Errorf("header does not say to raise --max-requests:\n%s", text)
	}
	if strings.Contains(text, "--probe-times recovers them") {
		t.Errorf("header tells to use --probe-times, which was given:\n%s", text)
	}
}

// TestFrontendPagingRowAsksWhatWorks: the paging row of docs/frontend.md
// gives requests the mock answers with a page (docs drift: it once named
// template 3001 by id, which is refused).
func TestFrontendPagingRowAsksWhatWorks(t *testing.T) {
	data, err := os.ReadFile("../../docs/frontend.md")
	if err != nil {
		t.Fatal(err)
	}
	var row string
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "| paging |") {
			row = line
		}
	}
	asks := regexp.MustCompile("(getFormList|templates/listQrcodes|templates/list|getRecord) `(\\{[^`]*\\})`").FindAllStringSubmatch(row, -1)
	if len(asks) < 2 {
		t.Fatalf("paging row names no request with its body: %q", row)
	}
	url := startMock(t)
	paths := map[string]string{"getFormList": "record/getFormList", "templates/listQrcodes": "templates/listQrcodes",
		"templates/list": "templates/list", "getRecord": "record/getRecord"}
	for _, a := range asks {
		code, body := postJSON(t, url+"/api/v2/rpc/"+paths[a[1]], a[2])
		if code != http.StatusOK || !strings.HasPrefix(body, `{"code":0`) {
			t.Errorf("%s %s: HTTP %d %.200s", a[1], a[2], code, body)
		}
	}
}

// TestImagesAreFullyQualified: podman refuses short image names; every
// FROM of the Dockerfiles and every image: of the CI recipes names its
// registry (docker.io/library/golang, not golang).
func TestImagesAreFullyQualified(t *testing.T) {
	files, _ := filepath.Glob("../../Dockerfile*")
	files = append(files, "../../docs/ci.md")
	ref := regexp.MustCompile(`(?m)^\s*(?:FROM|image:)\s+(\S+)`)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ref.FindAllStringSubmatch(string(data), -1) {
			name := m[1]
			first, _, hasSlash := strings.Cut(name, "/")
			if name == "scratch" || strings.HasPrefix(name, "$") {
				continue
			}
			if !hasSlash || !strings.ContainsAny(first, ".:") && first != "localhost" {
				t.Errorf("%s: image %q has no registry: write docker.io/library/%s", filepath.Base(f), name, name)
			}
		}
	}
	if len(files) < 2 {
		t.Fatal("no Dockerfile found")
	}
}

// TestReadmeWarnsTheFirstBuildIsSlow: the first go run compiles for a
// couple of minutes and prints nothing meanwhile; the README says so.
func TestReadmeWarnsTheFirstBuildIsSlow(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i := strings.Index(s, "go run ./cmd/rtq mock")
	if i < 0 || !strings.Contains(s[i:min(len(s), i+600)], "couple of minutes") {
		t.Error("README: the quick start does not say the first go run compiles for a couple of minutes")
	}
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func postJSON(t *testing.T, url, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer rtq-demo-read")
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b := new(strings.Builder)
	_, _ = io.Copy(b, resp.Body)
	return resp.StatusCode, b.String()
}
