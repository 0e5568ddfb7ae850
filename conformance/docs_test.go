package conformance

import (
	"os"
	"strings"
	"testing"
)

// TestDocsListEveryCheck keeps docs/conformance.md in step with the table:
// users look check ids up there.
func TestDocsListEveryCheck(t *testing.T) {
	data, err := os.ReadFile("../docs/conformance.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, c := range CheckIDs() {
		id := c.ID
		if strings.HasPrefix(id, "auth.noKey.") || strings.HasPrefix(id, "auth.badKey.") {
			id = strings.Join(strings.Split(id, ".")[:2], ".") + ".<op>"
		}
		// Generated negative tests are documented by kind.
		if parts := strings.Split(id, "."); parts[0] == "negative" {
			id = parts[len(parts)-1]
			if id == "notServerError" {
				id = "negative.<operation>.notServerError"
			}
		}
		if !strings.Contains(doc, "`"+id+"`") {
			t.Errorf("docs/conformance.md does not list check %s", id)
		}
	}
}
