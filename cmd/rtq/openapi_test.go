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

// TestOpenAPI30 writes the 3.0.3 document of package openapi and names on
// stderr what 3.0 cannot say; an unknown version is a usage error.
func TestOpenAPI30(t *testing.T) {
	want, lost, err := openapi.JSON30()
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "openapi", "--openapi", "3.0")
	if code != 0 || out != string(want) || !strings.Contains(out, `"openapi": "3.0.3"`) {
		t.Fatalf("rtq openapi --openapi 3.0 = %d (%s); want 0 and the 3.0.3 document", code, errOut)
	}
	if len(lost) == 0 && errOut != "" {
		t.Errorf("3.0 lost nothing, yet stderr says %q", errOut)
	}
	for _, l := range lost {
		if !strings.Contains(errOut, "OpenAPI 3.0.3 cannot say: "+l) {
			t.Errorf("stderr %q does not name %q", errOut, l)
		}
	}
	code, _, errOut = runCLI(t, "openapi", "--openapi", "2.0")
	if code != 2 || !strings.Contains(errOut, "--openapi") {
		t.Errorf("rtq openapi --openapi 2.0 = %d, %q; want 2 naming --openapi", code, errOut)
	}
}
