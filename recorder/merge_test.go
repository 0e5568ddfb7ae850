package recorder_test

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/recorder"
	"github.com/rtq-kit/rtq/rtqtest"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/testkit/foreign"
)

// crawlInto crawls up into out, recording ids.
func crawlInto(t *testing.T, up *rtqtest.Mock, out string, ids ...int64) error {
	t.Helper()
	rec, err := recorder.NewRecording(recorder.Options{Upstream: up.URL, APIKey: up.Key("demo-read"), Out: out, RecordIDs: ids})
	if err != nil {
		t.Fatal(err)
	}
	_, err = rec.Crawl(context.Background())
	return err
}

func TestReRecordingMergesByIDAndKeepsTheReview(t *testing.T) {
	up := rtqtest.Start(t)
	out := filepath.Join(t.TempDir(), "staging.yaml")
	if err := crawlInto(t, up, out, 100001, 110001); err != nil {
		t.Fatal(err)
	}
	// The reviewer names the moves of the placeholder flow and the keys.
	data, _ := os.ReadFile(out)
	reviewed := strings.Replace(string(data), "name: recorded-read", "name: team-read", 1)
	reviewed = strings.Replace(reviewed, "color: \"#FAAD14\"\n", "color: \"#FAAD14\"\n      terminal: true\n", 1)
	if err := os.WriteFile(out, []byte(reviewed), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := crawlInto(t, up, out, 100002, 110001); err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.LoadFiles([]string{out})
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, r := range sc.Records {
		ids = append(ids, r.ID)
	}
	if len(ids) != 3 || ids[0] != 100001 || ids[1] != 110001 || ids[2] != 100002 {
		t.Errorf("records after re-recording: %v; want [100001 110001 100002] (kept, replaced in place, appended)", ids)
	}
	if sc.Keys[0].Name != "team-read" {
		t.Errorf("keys: %s; want the reviewed name kept", sc.Keys[0].Name)
	}
	for _, f := range sc.Forms {
		if f.ID == 2031 && (f.Flow == nil || !f.Flow.Statuses[0].Terminal) {
			t.Errorf("form 2031's reviewed flow was not kept: %+v", f.Flow)
		}
	}
}

func TestABrokenFileIsNeitherMergedNorReplaced(t *testing.T) {
	up := rtqtest.Start(t)
	out := filepath.Join(t.TempDir(), "staging.yaml")
	broken := []byte("orgs: [{id: 1}]\n")
	if err := os.WriteFile(out, broken, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := recorder.NewRecording(recorder.Options{Upstream: up.URL, APIKey: "k", Out: out})
	if err == nil || !strings.Contains(err.Error(), "cannot be merged into") {
		t.Fatalf("recording into a broken file: %v; want it refused before anything is recorded", err)
	}
	if _, err := recorder.NewRecording(recorder.Options{Upstream: up.URL, APIKey: "k", Out: filepath.Join(out, "x", "y.yaml")}); err == nil {
		t.Error("recording into a missing directory was not refused at the start")
	}
	if data, _ := os.ReadFile(out); string(data) != string(broken) {
		t.Errorf("the broken file was changed:\n%s", data)
	}
}

func TestWriteFileReplacesThroughARenameAndLeavesNoTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.yaml")
	for _, content := range []string{"first\n", "second\n"} {
		if err := recorder.WriteFile(path, []byte(content)); err != nil {
			t.Fatal(err)
		}
		if data, _ := os.ReadFile(path); string(data) != content {
			t.Errorf("file holds %q; want %q", data, content)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("directory holds %d entries; want only the file", len(entries))
	}
	if err := recorder.WriteFile(filepath.Join(dir, "missing", "s.yaml"), []byte("x")); err == nil {
		t.Error("writing into a missing directory succeeded")
	}
}

func TestTheBudgetStopsTheCrawlAndWritesWhatWasSeen(t *testing.T) {
	up := rtqtest.Start(t)
	out := filepath.Join(t.TempDir(), "staging.yaml")
	rec, err := recorder.NewRecording(recorder.Options{Upstream: up.URL, APIKey: up.Key("demo-read"), Out: out, MaxRequests: 3})
	if err != nil {
		t.Fatal(err)
	}
	s, err := rec.Crawl(context.Background())
	if err != nil || s.Calls != 3 {
		t.Fatalf("crawl with --max-requests 3: %v, %v; want the file written after 3 calls", s, err)
	}
	if n := up.Count(rtqtest.Filter{}); n != 3 {
		t.Errorf("the upstream saw %d calls; want 3", n)
	}
}

// recordTimed records up into out, probing times or not, and returns the
// creation time of every template and sub-code the file holds, by coding.
func recordTimed(t *testing.T, up *rtqtest.Mock, out string, probe bool) map[string]int64 {
	t.Helper()
	rec, err := recorder.NewRecording(recorder.Options{Upstream: up.URL, APIKey: up.Key("demo-read"), Out: out, ProbeTimes: probe})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rec.Crawl(context.Background()); err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.LoadFiles([]string{out})
	if err != nil {
		t.Fatal(err)
	}
	return codingTimes(sc)
}

func codingTimes(sc *scenario.Scenario) map[string]int64 {
	m := map[string]int64{}
	for _, tp := range sc.Templates {
		m[tp.Coding] = tp.CreatedAt
		for _, s := range tp.SubCodes {
			m[s.Coding] = s.CreatedAt
		}
	}
	return m
}

// A re-recording without --probe-times keeps the probed times of every
// listing the file holds whole, and a listing with a new item gets
// placeholders whole: never a mix of the two in one listing.
func TestReRecordingKeepsProbedTimes(t *testing.T) {
	up := rtqtest.Start(t, rtqtest.WithScenarioFiles(filepath.Join("testdata", "timed.yaml")))
	truth := codingTimes(up.Server.Scenario())
	out := filepath.Join(t.TempDir(), "timed.yaml")
	if got := recordTimed(t, up, out, true); !maps.Equal(got, truth) {
		t.Fatalf("probed times %v, the upstream's %v", got, truth)
	}
	if got := recordTimed(t, up, out, false); !maps.Equal(got, truth) {
		t.Errorf("re-recorded without a probe: times %v, want the file's %v", got, truth)
	}
	if data, _ := os.ReadFile(out); !strings.Contains(string(data), "were not probed this time and are the ones this file had") || strings.Contains(string(data), "placeholders (2020") {
		t.Errorf("the header should say the times are the file's, not placeholders:\n%.1200s", data)
	}

	grown, err := scenario.LoadFiles([]string{filepath.Join("testdata", "timed.yaml")})
	if err != nil {
		t.Fatal(err)
	}
	grown.Templates[1].SubCodes = append(grown.Templates[1].SubCodes, scenario.SubCode{ID: 999, Name: "二", Coding: "sub-2", CreatedAt: truth["sub-1"] + 60})
	up.Server.Replace(grown)
	got := recordTimed(t, up, out, false)
	for coding, at := range truth {
		if coding == "tpl-b" || coding == "sub-1" {
			continue
		}
		if got[coding] != at {
			t.Errorf("%s: %d, want the file's %d", coding, got[coding], at)
		}
	}
	if got["sub-1"] != recorder.PlaceholderEpoch || got["sub-2"] != recorder.PlaceholderEpoch+1 {
		t.Errorf("tpl-b grew a sub-code: its listing should take placeholders whole, got sub-1 %d, sub-2 %d", got["sub-1"], got["sub-2"])
	}
}

// A recording with records but no recognised credential record says how
// to mark one, since verify on it otherwise answers 100320 everywhere.
func TestHeaderSaysWhenNoCredentialRecordWasFound(t *testing.T) {
	up := rtqtest.Start(t)
	for _, tc := range []struct {
		ids  []int64
		note bool
	}{{[]int64{100001}, true}, {[]int64{100001, 110001}, false}} {
		c := recorder.NewCapture()
		u := recorder.NewUpstream(up.URL, up.Key("demo-read"), nil)
		if err := recorder.Crawl(context.Background(), u, c, recorder.CrawlOptions{RecordIDs: tc.ids}); err != nil {
			t.Fatal(err)
		}
		built := c.Build(up.URL)
		got := strings.Contains(strings.Join(built.Header(), "\n"), "no recorded record was recognised as a credential record")
		if got != tc.note {
			t.Errorf("records %v: note about credential records = %v, want %v", tc.ids, got, tc.note)
		}
		if got {
			assertExampleLoads(t, built.Header(), "no recorded record was recognised as a credential record", 2001, 100001, "待核销")
		}
	}
}

// Re-recording keeps what the file held of the service's own choices that
// the new recording did not see again: a search the second crawl was not
// told stays replayed, and the service's message, form order, list order
// and error answers stay.
func TestReRecordingKeepsTheServiceBlock(t *testing.T) {
	up := startForeign(t)
	out := filepath.Join(t.TempDir(), "foreign.yaml")
	crawl := func(keys ...string) *scenario.Scenario {
		rec, err := recorder.NewRecording(recorder.Options{Upstream: up, APIKey: foreign.ReadKey, Out: out, RecordIDs: []int64{800001}, SearchKeys: keys})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rec.Crawl(context.Background()); err != nil {
			t.Fatal(err)
		}
		sc, err := scenario.LoadFiles([]string{out})
		if err != nil {
			t.Fatal(err)
		}
		return sc
	}
	first := crawl("巡检")
	second := crawl()
	if _, ok := second.Service.Replayed("record/getFormList", []byte(`{"search_key":"巡检"}`)); !ok {
		t.Errorf("the first crawl's search is no longer replayed")
	}
	if fmt.Sprint(second.Service.Messages, second.Service.FormsInFileOrder, second.Service.NewestFirst, len(second.Service.Errors)) !=
		fmt.Sprint(first.Service.Messages, first.Service.FormsInFileOrder, first.Service.NewestFirst, len(first.Service.Errors)) {
		t.Errorf("service after a re-recording %+v; the first recording's was %+v", second.Service, first.Service)
	}
}

// A re-recording without --probe-times into a file whose times are
// placeholders keeps the header's warning: the times still are.
func TestReRecordingKeepsThePlaceholderWarning(t *testing.T) {
	up := rtqtest.Start(t, rtqtest.WithScenarioFiles(filepath.Join("testdata", "timed.yaml")))
	out := filepath.Join(t.TempDir(), "timed.yaml")
	first := recordTimed(t, up, out, false)
	data, _ := os.ReadFile(out)
	want := recorder.HeaderPlaceholders(data)
	if !want.Templates || !want.SubCodes {
		t.Fatalf("the first recording's header does not warn of placeholders (%+v):\n%.1200s", want, data)
	}
	again := recordTimed(t, up, out, false)
	if !maps.Equal(first, again) {
		t.Errorf("re-recorded: times %v, first %v", again, first)
	}
	data, _ = os.ReadFile(out)
	if got := recorder.HeaderPlaceholders(data); got != want || strings.Contains(string(data), "are the ones this file had") {
		t.Errorf("re-recorded: the header's placeholder warning went (%+v):\n%.1200s", got, data)
	}
}
