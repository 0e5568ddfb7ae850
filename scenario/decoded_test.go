package scenario

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestLoadDecodedIsTheSameScenario loads scenarios from YAML and again
// from the files KeepDecoded kept: rtq wasm relies on the two being one
// scenario, down to generated values and the seed option.
func TestLoadDecodedIsTheSameScenario(t *testing.T) {
	data, err := os.ReadFile("../scenarios/default.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range [][]Option{nil, {WithSeed(42)}} {
		var kept []DecodedFile
		want, err := Parse("default.yaml", data, append(opts, KeepDecoded(&kept))...)
		if err != nil {
			t.Fatal(err)
		}
		if len(kept) != 1 || kept[0].Name != "default.yaml" {
			t.Fatalf("kept %d files, want default.yaml alone", len(kept))
		}
		got, err := LoadDecoded(kept, opts...)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("options %d: the decoded load differs from the YAML load", len(opts))
		}
		if got.Seed != want.Seed || len(got.Records) != len(want.Records) {
			t.Errorf("seed %d, %d records; want %d, %d", got.Seed, len(got.Records), want.Seed, len(want.Records))
		}
	}
}

// TestLoadDecodedReportsBadJSON names the file when what it is given does
// not decode.
func TestLoadDecodedReportsBadJSON(t *testing.T) {
	_, err := LoadDecoded([]DecodedFile{{Name: "x.yaml", JSON: []byte(`{"orgs": 3}`)}})
	if err == nil || !strings.Contains(err.Error(), "x.yaml") {
		t.Fatalf("err = %v, want a problem naming x.yaml", err)
	}
	if _, err := LoadDecoded(nil); err == nil {
		t.Fatal("no files loaded without an error")
	}
}

// TestLoadDecodedMergesFiles keeps a directory's files in order, so the
// decoded load merges them as LoadFiles did.
func TestLoadDecodedMergesFiles(t *testing.T) {
	var kept []DecodedFile
	want, err := LoadFiles([]string{"testdata/merge"}, KeepDecoded(&kept))
	if err != nil {
		t.Fatal(err)
	}
	got, err := LoadDecoded(kept)
	if err != nil {
		t.Fatal(err)
	}
	if len(kept) < 2 || !reflect.DeepEqual(got, want) {
		t.Errorf("%d files kept; the decoded load equals the files' load: %v", len(kept), reflect.DeepEqual(got, want))
	}
}
