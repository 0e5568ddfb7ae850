package fail

import (
	"strconv"
	"strings"
	"testing"
)

func TestQuoteCutsLongEchoes(t *testing.T) {
	if got := Quote(strings.Repeat("长", 50)); got != strconv.Quote(strings.Repeat("长", 40))+"…" {
		t.Errorf("long: %s", got)
	}
	if got := Quote("a\"b"); got != `"a\"b"` {
		t.Errorf("short: %s", got)
	}
}

// TestInLeavesTheSharedAnswerAlone guards the shared answers (TooLarge,
// Internal): marking one with a situation must not change what every
// other request gets, nor race with them.
func TestInLeavesTheSharedAnswerAlone(t *testing.T) {
	marked := TooLarge.In("some-situation")
	if marked == TooLarge {
		t.Fatal("In returned the shared answer itself")
	}
	if TooLarge.Situation != "" {
		t.Fatalf("TooLarge.Situation = %q after In, want empty", TooLarge.Situation)
	}
	if marked.Situation != "some-situation" || marked.ErrorCode != TooLarge.ErrorCode {
		t.Fatalf("marked = %+v, want TooLarge with the situation", marked)
	}
}
