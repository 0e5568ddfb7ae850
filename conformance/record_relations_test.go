package conformance

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// recordEdited is a getRecord json success of record 100011
// (testdata/record.json, the mock's) after edit, read with role.
func recordEdited(t *testing.T, role string, edit func(rec map[string]any)) *Exchange {
	t.Helper()
	return answered(contract.GetRecord, role, `{"record_id":100011,"format":"json"}`, recordJSON(t, edit))
}

// firstField is the first field of the record's first group.
func firstField(rec map[string]any) map[string]any {
	return rec["tpl_groups"].([]any)[0].(map[string]any)["fields"].([]any)[0].(map[string]any)
}

// oneFailure fails t unless failures are none (want "") or one naming want.
func oneFailure(t *testing.T, failures []string, want string) {
	t.Helper()
	switch {
	case want == "" && len(failures) > 0:
		t.Fatalf("want no failure, got %v", failures)
	case want != "" && (len(failures) != 1 || !strings.Contains(failures[0], want)):
		t.Fatalf("failures %v, want one naming %q", failures, want)
	}
}

// A moved record may change, add or take away the members that show its
// status or its history (contract.RecordMembers: a notarization of the
// move, a review block, a process status); a member that is the record's
// own changes with no move, and nothing changes on a record no write
// moved.
func TestAMoveChangesOnlyWhatAMoveMay(t *testing.T) {
	notarized := func(rec map[string]any) {
		rec["trusted_notary"] = map[string]any{"tx_hash": "0xfe01", "evidence_url": "https://notary.example/e/1", "notarized_at": 1767229200, "notarized_at_iso": "2026-01-01 09:00:00(UTC+08:00)"}
		rec["process_status"] = map[string]any{"enabled": true, "text": "已核验", "color": "#00aa00"}
		rec["audit"] = map[string]any{"enabled": false}
	}
	for _, c := range []struct {
		name  string
		moved bool
		edit  func(rec map[string]any)
		want  string
	}{
		{"notarized, its status and review shown", true, notarized, ""},
		{"its qrcode rewritten beside the status", true, func(rec map[string]any) {
			notarized(rec)
			rec["qrcode"].(map[string]any)["name"] = "核验后"
		}, "qrcode changed"},
		{"a field's value rewritten beside the status", true, func(rec map[string]any) {
			notarized(rec)
			firstField(rec)["field_value"] = "已核验"
		}, "tpl_groups changed"},
		{"a record no write moved notarized", false, func(rec map[string]any) {
			rec["trusted_notary"] = map[string]any{"tx_hash": "0xfe01"}
		}, "trusted_notary changed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := newRunner(Options{BaseURL: "http://127.0.0.1:1", ReadKey: "k-read-0001"})
			if err != nil {
				t.Fatal(err)
			}
			tk := &T{ctx: t.Context(), r: r, check: Check{ID: "relation.afterWrites"}}
			tk.sameAfter(100011, recordEdited(t, profile.RoleRead, nil), recordEdited(t, profile.RoleRead, c.edit), c.moved, "after the writes")
			oneFailure(t, tk.failures, c.want)
		})
	}
}

// Two keys of one organization read a record alike where both show a
// value; a key may show what the other does not (an audit block with
// enabled false beside none, a field in clear that the other masks), and
// never another value of what both show.
func TestKeysReadAlikeWhatBothShow(t *testing.T) {
	masked := func(rec map[string]any) {
		f := firstField(rec)
		f["field_value"] = "临**录"
		f["options"].(map[string]any)["is_masked"] = true
	}
	for _, c := range []struct {
		name       string
		read, with func(rec map[string]any)
		want       string
	}{
		{"an audit block with enabled false", nil, func(rec map[string]any) { rec["audit"] = map[string]any{"enabled": false} }, ""},
		{"a field in clear the read key masks", masked, nil, ""},
		{"another review status", func(rec map[string]any) { rec["audit"] = map[string]any{"enabled": true, "status": 0} },
			func(rec map[string]any) { rec["audit"] = map[string]any{"enabled": true, "status": 1} }, "reads audit.status otherwise"},
		{"another value of a field both show in clear", nil, func(rec map[string]any) { firstField(rec)["field_value"] = "另一条" },
			"tpl_groups[0].fields[0].field_value"},
		{"a field both mask, another option", masked, func(rec map[string]any) {
			masked(rec)
			firstField(rec)["options"].(map[string]any)["is_hidden"] = true
		}, "options.is_hidden"},
		{"another submission method", nil, func(rec map[string]any) { rec["submit_method"] = "核销" }, "reads submit_method otherwise"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tk := &T{ctx: t.Context(), r: &runner{opts: Options{BaseURL: "http://svc"}}, check: Check{ID: "relation.keys"}}
			k := &keyRead{ep: contract.GetRecord, role: profile.RoleWrite, x: recordEdited(t, profile.RoleWrite, c.with)}
			tk.sameAsRead(100011, recordEdited(t, profile.RoleRead, c.read), k)
			oneFailure(t, tk.failures, c.want)
		})
	}
}
