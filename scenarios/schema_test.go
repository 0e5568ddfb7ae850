package scenarios

import (
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/schemas"
)

// TestDefaultFieldValuesValidateAgainstRecordJSON puts every group of every
// record of the default scenario (written and generated values alike) into
// a minimal Record and validates it with schemas/record.json.
func TestDefaultFieldValuesValidateAgainstRecordJSON(t *testing.T) {
	set, err := schemas.Compile()
	if err != nil {
		t.Fatal(err)
	}
	sc := load(t)
	for _, r := range sc.Records {
		fg := r.FieldGroups() // generated values are made on demand
		groups := make([]any, 0, len(fg))
		for _, g := range fg {
			fields := make([]any, 0, len(g.Fields))
			for _, f := range g.Fields {
				fields = append(fields, map[string]any{
					"field_id": float64(f.ID), "field_title": f.Title, "field_type": f.Type, "field_value": f.Value,
					"options": map[string]any{"is_result": f.Result, "is_highlight": f.Highlight, "is_hidden": f.Hidden, "is_masked": f.Masked},
				})
			}
			groups = append(groups, map[string]any{
				"group_id": float64(g.ID), "group_title": g.Title, "show_group_title": g.ShowTitle,
				"is_page_break_group": g.PageBreak, "fields": fields,
			})
		}
		doc := map[string]any{
			"record_id": float64(r.ID), "record_number": r.Number, "record_code": r.Code, "record_url": r.URL,
			"submit_at": float64(r.SubmitAt), "submit_at_iso": contract.ISO(r.SubmitAt), "submit_method": r.SubmitMethod,
			"recorder":   map[string]any{"auth_id": float64(r.Recorder.AuthID), "user_id": float64(r.Recorder.UserID), "name": r.Recorder.Name},
			"tpl_groups": groups,
			"qrcode": map[string]any{"id": float64(r.QRCode.ID), "name": r.QRCode.Name, "type": float64(r.QRCode.Type),
				"type_text": r.QRCode.TypeText, "template_id": 0.0, "qrcode_url": r.QRCode.URL, "number": r.QRCode.Number},
			"org":             map[string]any{"id": float64(r.Org.ID), "name": r.Org.Name, "code": r.Org.Code, "logo_url": r.Org.LogoURL},
			"record_template": map[string]any{"id": nil, "name": nil, "type": nil, "type_text": nil, "number": nil},
		}
		if err := set.Validate("record.json", doc); err != nil {
			t.Fatalf("record %d (%s):\n%v", r.ID, r.Code, err)
		}
	}
}
