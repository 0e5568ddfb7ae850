package foreign_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/testkit/foreign"
)

// A witness of several bugs tells each bug's part: a bug alone in
// altering an answer touched it; two bugs that both unmask the default
// format hide each other (the answer would be unmasked without either),
// so neither touched it, though each alone alters it.
func TestWitnessOfSeveralBugsTellsEachBugsPart(t *testing.T) {
	opts := foreign.Defaults()
	opts.Examples = true
	opts.Bugs = []foreign.Bug{foreign.BugCodeAsString, foreign.BugUnmaskedJSON, foreign.BugB2DefaultFormatUnmasked, foreign.BugJSONLDNoURL}
	w := foreign.NewWitness(opts)
	req := httptest.NewRequest(http.MethodPost, "/api/v2/rpc/record/getRecord", strings.NewReader(`{"record_id":110001}`))
	req.Header.Set("Authorization", "Bearer "+foreign.ExamplesReadKey)
	req.Header.Set("Content-Type", "application/json")
	w.ServeHTTP(httptest.NewRecorder(), req)
	want := map[foreign.Bug][2]int{ // touched, alone
		foreign.BugCodeAsString:            {1, 1},
		foreign.BugUnmaskedJSON:            {0, 1},
		foreign.BugB2DefaultFormatUnmasked: {0, 1},
		foreign.BugJSONLDNoURL:             {0, 0},
	}
	by := w.ByBug()
	if len(by) != len(want) {
		t.Fatalf("ByBug: %d bugs, want %d", len(by), len(want))
	}
	for _, b := range by {
		if got := [2]int{len(b.Touched), b.Alone}; got != want[b.Bug] {
			t.Errorf("%s: touched %d, alone %d; want %v", b.Bug, got[0], got[1], want[b.Bug])
		}
	}
	if len(w.Touched()) != 1 {
		t.Errorf("the served build answered otherwise than the correct one %d times, want 1", len(w.Touched()))
	}
	if one := foreign.NewWitness(foreign.Options{Bug: foreign.BugCodeAsString}); one.ByBug() != nil {
		t.Errorf("a witness of one bug has per-bug builds")
	}
}
