package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/openapi"
)

func TestOpenAPIPrintsOrWritesTheDocument(t *testing.T) {
	want, err := openapi.JSON()
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "openapi")
	if code != 0 || out != string(want) {
		t.Fatalf("rtq openapi = %d (%s); want 0 and the document of package openapi", code, errOut)
	}
	file := filepath.Join(t.TempDir(), "openapi.json")
	if code, _, errOut := runCLI(t, "openapi", "--out", file); code != 0 {
		t.Fatalf("rtq openapi --out = %d (%s)", code, errOut)
	}
	if got, err := os.ReadFile(file); err != nil || string(got) != string(want) {
		t.Errorf("--out wrote %d bytes (%v); want the document", len(got), err)
	}
	code, _, errOut = runCLI(t, "openapi", "--out", filepath.Join(file, "no", "such", "dir"))
	if code != 2 || !strings.Contains(errOut, "--out") {
		t.Errorf("rtq openapi --out into a missing directory = %d, %q; want 2 naming --out", code, errOut)
	}
}
