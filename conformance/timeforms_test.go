package conformance

import (
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
)

// TestTimeParamsAreTheSchemasTimes: contract.TimeParams, the table the
// time relation writes forms into, has a row for every request member
// whose schema says it takes an ISO 8601 time, and no other.
func TestTimeParamsAreTheSchemasTimes(t *testing.T) {
	all, err := rules.RequestSchemas()
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]bool{}
	for _, p := range contract.TimeParams {
		rows[p.Endpoint.Name+" "+p.Name] = true
	}
	for _, ep := range contract.Endpoints {
		for name, p := range all[ep.Name].Properties {
			if strings.Contains(p.Description, "ISO 8601") != rows[ep.Name+" "+name] {
				t.Errorf("%s %s: takes a time %v, has a row in contract.TimeParams %v", ep.Name, name, strings.Contains(p.Description, "ISO 8601"), rows[ep.Name+" "+name])
			}
			delete(rows, ep.Name+" "+name)
		}
	}
	for r := range rows {
		t.Errorf("contract.TimeParams names %s, which no request schema has", r)
	}
}

// TestTimeFormsNameOneInstant: every form of a class names the instant
// it is written from, and a profile's bound reads as the contract says.
func TestTimeFormsNameOneInstant(t *testing.T) {
	at := time.Date(2026, 1, 6, 8, 12, 7, 0, contract.Zone).Unix()
	for _, c := range timeFormClasses {
		for _, loc := range append(c.zones, nil) {
			s := writeTime(at, loc)
			got, ok := readBound(s, false)
			if !ok || got != at {
				t.Errorf("%s form %q reads as %d, want %d", c.name, s, got, at)
			}
		}
	}
	if got, _ := readBound("2026-01-06", true); got != time.Date(2026, 1, 6, 23, 59, 59, 0, contract.Zone).Unix() {
		t.Errorf("an upper date bound reads as %d, not its last second", got)
	}
	if writeTime(at, time.UTC) != "2026-01-06T00:12:07Z" {
		t.Errorf("UTC is written %q", writeTime(at, time.UTC))
	}
}
