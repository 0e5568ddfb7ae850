package fake_test

import (
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/fake"
	"github.com/rtq-kit/rtq/schemas"
)

// TestEveryFieldValueValidatesAgainstRecordJSON puts one generated value of
// each field type into a minimal Record and validates it with
// schemas/record.json, for many seeds (values vary by seed: optional
// members, "other" options, null images).
func TestEveryFieldValueValidatesAgainstRecordJSON(t *testing.T) {
	set, err := schemas.Compile()
	if err != nil {
		t.Fatal(err)
	}
	for seed := int64(0); seed < 30; seed++ {
		f := fake.New(seed)
		fields := make([]any, 0, len(contract.FieldTypes))
		for i, ft := range contract.FieldTypes {
			fields = append(fields, map[string]any{
				"field_id": float64(i + 1), "field_title": fake.FieldTitle(ft.Name), "field_type": ft.Name,
				"field_value": f.FieldValue(ft.Name),
				"options":     map[string]any{"is_result": false, "is_highlight": false, "is_hidden": false, "is_masked": false},
			})
		}
		if err := set.Validate("record.json", minimalRecord(fields)); err != nil {
			t.Fatalf("seed %d: generated values do not validate:\n%v", seed, err)
		}
	}
}

func minimalRecord(fields []any) map[string]any {
	return map[string]any{
		"record_id": 1.0, "record_number": "R1", "record_code": "rc1",
		"record_url": "https://demo.rtq.example/r/rc1", "submit_at": 1772330400.0,
		"submit_at_iso": contract.ISO(1772330400), "submit_method": "扫码填写",
		"recorder": map[string]any{"auth_id": 1.0, "user_id": 2.0, "name": "张三"},
		"tpl_groups": []any{map[string]any{
			"group_id": 1.0, "group_title": "", "show_group_title": false, "is_page_break_group": false, "fields": fields,
		}},
		"qrcode": map[string]any{"id": 1.0, "name": "码", "type": 0.0, "type_text": "普通码", "template_id": 1.0,
			"qrcode_url": "https://demo.rtq.example/q/1", "number": "Q1"},
		"org":             map[string]any{"id": 1.0, "name": "示例科技有限公司", "code": "demo", "logo_url": "https://demo.rtq.example/logo.png"},
		"record_template": map[string]any{"id": 1.0, "name": "表单", "type": 0.0, "type_text": "普通表单", "number": "F1"},
	}
}
