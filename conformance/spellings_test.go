package conformance

import (
	"slices"
	"testing"
)

func TestFoldingsNameNothingOfOurs(t *testing.T) {
	got := foldings("FX-001", map[string]bool{"fx-001": true})
	if !slices.Equal(got, []string{"ＦＸ－００１"}) {
		t.Errorf("foldings of FX-001 beside fx-001: %q", got)
	}
	if got := foldings("hx810001", nil); !slices.Equal(got, []string{"HX810001", "ｈｘ８１０００１"}) {
		t.Errorf("foldings of hx810001: %q", got)
	}
	if got := foldings("123", nil); !slices.Equal(got, []string{"１２３"}) {
		t.Errorf("a caseless id has its width only: %q", got)
	}
	u := "https://demo.example/r/ab12"
	if got := urlFoldings(u, nil); !slices.Equal(got, []string{"https://demo.example/r/AB12", "https://demo.example/r/ａｂ１２"}) {
		t.Errorf("urlFoldings of %s: %q", u, got)
	}
	if got := urlFoldings("https://demo.example/", nil); got != nil {
		t.Errorf("a URL without a path segment: %q", got)
	}
}
