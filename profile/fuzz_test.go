package profile_test

// Reliability fuzzing of the profile loader (docs/reliability.md section 1): `rtq conform
// --profile FILE|URL` reads it from outside, possibly from a hostile URL.
// Properties: a profile or a *profile.LoadError with located problems,
// never a panic or a hang, and an accepted profile is a fixed point of
// Marshal → Parse. Run with
//
//	go test -run='^$' -fuzz='^FuzzProfileParse$' -fuzztime=30s ./profile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/scenarios"
	"github.com/rtq-kit/rtq/testkit/yamltest"
)

func FuzzProfileParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
	if sc, err := scenarios.Default(); err == nil {
		if data, err := profile.Marshal(derive.FromScenario(sc)); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{"", "{", "[]", "null", "version: 1", `{"version":"x","keys":{"read":1}}`, "a: &a [*a]", "\xff\xfe{"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 64<<10 {
			t.Skip("larger than a fuzz input should be")
		}
		p, err := parseWithin(t, "fuzz.yaml", data, 5*time.Second)
		assertProfileLocated(t, data, p, err)
		if err != nil {
			return
		}
		out, err := profile.Marshal(p)
		if err != nil {
			t.Fatalf("accepted profile does not marshal: %v", err)
		}
		p2, err := profile.Parse("again.json", out)
		if err != nil {
			t.Fatalf("marshalled profile no longer loads: %v\n%s", err, out)
		}
		if out2, _ := profile.Marshal(p2); !bytes.Equal(out, out2) {
			t.Fatalf("Marshal → Parse is not a fixed point:\n%s\n---\n%s", out, out2)
		}
	})
}

// parseWithin fails the input when the loader has not answered in limit.
func parseWithin(t *testing.T, name string, data []byte, limit time.Duration) (*profile.Profile, error) {
	t.Helper()
	type result struct {
		p   *profile.Profile
		err error
	}
	done := make(chan result, 1)
	go func() {
		p, err := profile.Parse(name, data)
		done <- result{p, err}
	}()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case r := <-done:
		return r.p, r.err
	case <-timer.C:
		t.Fatalf("profile.Parse still running after %v on %q", limit, data)
		return nil, nil
	}
}

// assertProfileLocated checks the loader's contract. Line 0 is allowed:
// the package documents it as "position unknown".
func assertProfileLocated(t *testing.T, data []byte, p *profile.Profile, err error) {
	t.Helper()
	if err == nil {
		if p == nil {
			t.Fatal("no profile and no error")
		}
		return
	}
	var le *profile.LoadError
	if !errors.As(err, &le) || len(le.Problems) == 0 {
		t.Fatalf("error is %T without problems: %v", err, err)
	}
	lines := yamltest.LineCount(data)
	for _, pr := range le.Problems {
		if pr.Line < 0 || pr.Line > lines+1 || (pr.Line > 0 && pr.Column < 1) || pr.Message == "" || pr.File != "fuzz.yaml" {
			t.Fatalf("problem not located in the %d-line document: %+v", lines, pr)
		}
	}
}

// TestProfileAliasExpansionIsBounded guards `rtq conform --profile URL`
// against a hostile profile server: a few hundred bytes of nested YAML
// aliases must be refused quickly, not expanded into millions of nodes.
func TestProfileAliasExpansionIsBounded(t *testing.T) {
	yamltest.RefusedQuickly(t, func() error {
		_, err := profile.Parse("bomb.yaml", yamltest.AliasBomb("version: 1\n", 7))
		return err
	})
}
