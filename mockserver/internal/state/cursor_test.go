package state

import (
	"errors"
	"testing"

	"github.com/rtq-kit/rtq/testkit/testscenario"
)

func TestTokenRoundTripAndBinding(t *testing.T) {
	st, err := New(testscenario.Build(), 0)
	if err != nil {
		t.Fatal(err)
	}
	f := filter{kind: 1, org: 1, hasStart: true, start: -5}
	tok := st.issueToken(f, 40)
	if off, err := st.readToken(tok, f); err != nil || off != 40 {
		t.Fatalf("round trip: %d %v", off, err)
	}
	g := f
	g.hasEnd = true
	if _, err := st.readToken(tok, g); !errors.Is(err, errTokenFilter) {
		t.Errorf("other filter: %v", err)
	}
	other, _ := New(testscenario.Build(), 99) // another seed, another key
	if _, err := other.readToken(tok, f); !errors.Is(err, errTokenForged) {
		t.Errorf("token of another scenario seed: %v", err)
	}
	same, _ := New(testscenario.Build(), 0)
	if _, err := same.readToken(tok, f); err != nil {
		t.Errorf("same scenario rebuilt: %v", err)
	}
}
