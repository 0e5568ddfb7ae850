package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/profile"
)

func TestDiscoverThenConformAgainstTheMock(t *testing.T) {
	url := startMock(t)
	derived, err := profile.Load(context.Background(), url+"/__admin/profile")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "discovered.yaml")
	args := []string{"profile", "discover", "--base-url", url, "--api-key", "rtq-demo-read", "--write-key", "rtq-demo-write", "--out", path}
	for _, r := range derived.Records {
		args = append(args, "--record-id", strconv.FormatInt(r.ID, 10))
	}
	if code, _, errOut := runCLI(t, args...); code != 0 {
		t.Fatalf("discover: exit %d: %s", code, errOut)
	}
	data, _ := os.ReadFile(path)
	if strings.Contains(string(data), "rtq-demo-read") || strings.Contains(string(data), "rtq-demo-write") {
		t.Fatalf("the profile holds a key:\n%s", data)
	}
	got, err := profile.Load(context.Background(), path)
	if err != nil {
		t.Fatalf("the written profile does not load: %v\n%s", err, data)
	}
	sameFacts(t, derived, got)
	code, out, errOut := runCLI(t, "conform", "--base-url", url, "--profile", path, "--api-key", "rtq-demo-read", "--format", "json")
	if code != 0 {
		t.Fatalf("conform with the discovered profile: exit %d\n%s\n%s", code, out, errOut)
	}
	var rep struct {
		Checks []struct{ ID, Status, Message string }
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	factual := []string{"getRecord.profile", "getRecord.masked", "formList.filter.number", "formList.filter.searchKey",
		"templates.walk.total", "templates.time.window", "listQrcodes.walk.total", "listQrcodes.time.window"}
	seen := 0
	for _, c := range rep.Checks {
		if !slices.Contains(factual, c.ID) {
			continue
		}
		seen++
		if c.Status != "pass" {
			t.Errorf("%s = %s (%s): the discovered profile does not give it its facts", c.ID, c.Status, c.Message)
		}
	}
	if seen != len(factual) {
		t.Errorf("%d of the checks %v ran", seen, factual)
	}
}

// sameFacts compares what discover found with what the mock derives from
// its scenario: the facts a hand-written profile would hold.
func sameFacts(t *testing.T, want, got *profile.Profile) {
	t.Helper()
	if len(got.Records) != len(want.Records) {
		t.Fatalf("%d records, want %d", len(got.Records), len(want.Records))
	}
	for i, w := range want.Records {
		g := got.Records[i]
		if g.ID != w.ID || g.URL != w.URL || !sameSet(g.FieldTypes, w.FieldTypes) || !slices.Equal(g.MaskedFields, w.MaskedFields) ||
			(g.FormID == nil) != (w.FormID == nil) || g.FormID != nil && *g.FormID != *w.FormID {
			t.Errorf("record %d: discovered %+v, derived %+v", w.ID, g, w)
		}
	}
	if *got.Forms.Total != *want.Forms.Total || !sameSet(got.Forms.Numbers, want.Forms.Numbers) {
		t.Errorf("forms: discovered total %d numbers %v, derived %d %v", *got.Forms.Total, got.Forms.Numbers, *want.Forms.Total, want.Forms.Numbers)
	}
	for i, s := range want.Forms.Searches {
		if i >= len(got.Forms.Searches) || got.Forms.Searches[i].Key != s.Key || *got.Forms.Searches[i].Count != *s.Count {
			t.Errorf("search %q: discovered %+v", s.Key, got.Forms.Searches)
		}
	}
	if got.Templates.Window == nil || got.Templates.Window.Total == 0 {
		t.Errorf("no creation-time window discovered: %+v", got.Templates.Window)
	}
	if *got.Templates.Total != *want.Templates.Total || len(got.Templates.Items) == 0 {
		t.Errorf("templates: discovered total %d (%d items), derived %d", *got.Templates.Total, len(got.Templates.Items), *want.Templates.Total)
	}
	matched := 0
	for _, w := range want.Templates.Items {
		for _, g := range got.Templates.Items {
			if g.Coding == w.Coding {
				matched++
			}
			if g.Coding == w.Coding && (g.TplID != w.TplID || *g.SubCodes != *w.SubCodes) {
				t.Errorf("template %s: discovered %d sub-codes (tpl_id %d), derived %d (%d)", w.Coding, *g.SubCodes, g.TplID, *w.SubCodes, w.TplID)
			}
		}
	}
	if matched == 0 {
		t.Errorf("no discovered template is one the mock's profile lists: nothing compared")
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	sort.Strings(a)
	sort.Strings(b)
	return slices.Equal(a, b)
}

// A concurrency below one, a negative rate or budget is a usage error
// naming the flag, before any request.
func TestDiscoverRefusesBadLimitFlags(t *testing.T) {
	for _, tc := range []struct{ flag, value string }{
		{"--concurrency", "0"}, {"--rate", "-1"}, {"--max-requests", "-5"},
	} {
		code, _, errOut := runCLI(t, "profile", "discover", "--base-url", "http://127.0.0.1:1", "--api-key", "k", tc.flag, tc.value)
		if code != 2 || !strings.Contains(errOut, tc.flag+" "+tc.value) {
			t.Errorf("%s %s: exit %d, %q; want 2 naming the flag", tc.flag, tc.value, code, errOut)
		}
	}
}

// A spent --max-requests is exit 1 with no profile written, and says
// which flag to raise.
func TestDiscoverStopsWhenMaxRequestsIsSpent(t *testing.T) {
	url := startMock(t)
	path := filepath.Join(t.TempDir(), "discovered.yaml")
	code, _, errOut := runCLI(t, "profile", "discover", "--base-url", url, "--api-key", "rtq-demo-read", "--max-requests", "5", "--out", path)
	if code != 1 || !strings.Contains(errOut, "raise --max-requests") {
		t.Fatalf("exit %d, %q; want 1 saying to raise --max-requests", code, errOut)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("a profile was written: %v", err)
	}
}
