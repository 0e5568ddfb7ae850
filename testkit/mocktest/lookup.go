package mocktest

import (
	"testing"

	"github.com/rtq-kit/rtq/scenario"
)

// Key finds a key of sc by its name, or by its secret "rtq-"+name (the
// default scenario's secrets are fixed: docs/cli.md).
func Key(t testing.TB, sc *scenario.Scenario, name string) *scenario.Key {
	t.Helper()
	for _, k := range sc.Keys {
		if k.Name == name || k.Secret == "rtq-"+name {
			return k
		}
	}
	t.Fatalf("scenario has no key %q", name)
	return nil
}

// FirstRecord returns the first record of org for which keep is true
// (keep nil: any record).
func FirstRecord(t testing.TB, sc *scenario.Scenario, org *scenario.Org, keep func(*scenario.Record) bool) *scenario.Record {
	t.Helper()
	for _, r := range sc.Records {
		if r.Org == org && (keep == nil || keep(r)) {
			return r
		}
	}
	t.Fatalf("scenario has no such record in org %d", org.ID)
	return nil
}

// FirstTemplate returns the first template of org.
func FirstTemplate(t testing.TB, sc *scenario.Scenario, org *scenario.Org) *scenario.Template {
	t.Helper()
	for _, tp := range sc.Templates {
		if tp.Org == org {
			return tp
		}
	}
	t.Fatalf("scenario has no template in org %d", org.ID)
	return nil
}

// Movable reports whether a write key may move r on from its status:
// verification on, approved, no flag that answers an error first.
func Movable(r *scenario.Record) bool {
	c := r.Cert
	if c == nil || r.Form == nil || r.Form.Flow == nil || c.Status == nil {
		return false
	}
	if a := r.Audit; a != nil && a.Enabled && (a.Status == nil || *a.Status != 1) {
		return false
	}
	return c.Verification && r.Form.Flow.Verification && !c.IdentityRequired && !c.AuthCodeInvalid &&
		!c.ForceFailure && !c.Status.Terminal && !c.Status.ForbidsVerification && len(c.Status.Next) > 0
}
