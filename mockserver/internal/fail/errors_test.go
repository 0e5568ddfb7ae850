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
