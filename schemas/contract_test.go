package schemas

import (
	"encoding/json"
	"math/big"
	"slices"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/rtq-kit/rtq/contract"
)

// The schemas repeat some nouns of package contract (they must stay plain
// JSON); these tests keep the two from drifting apart.

func enumInts(t *testing.T, sch *jsonschema.Schema) []any {
	t.Helper()
	if sch == nil || sch.Enum == nil {
		t.Fatal("no enum")
	}
	out := make([]any, 0, len(sch.Enum.Values))
	for _, v := range sch.Enum.Values {
		if n, ok := v.(json.Number); ok {
			i, err := n.Int64()
			if err != nil {
				t.Fatalf("enum value %v: %v", n, err)
			}
			v = int(i)
		}
		out = append(out, v)
	}
	return out
}

func schemaOf(t *testing.T, s *Set, loc string) *jsonschema.Schema {
	t.Helper()
	sch, ok := s.Schema(loc)
	if !ok {
		t.Fatalf("no schema %s", loc)
	}
	return sch
}

func intsAnd(ints []int, extra ...any) []any {
	out := make([]any, 0, len(ints)+len(extra))
	for _, i := range ints {
		out = append(out, i)
	}
	return append(out, extra...)
}

func TestEnumsMatchContract(t *testing.T) {
	s := compiled(t)
	cases := []struct {
		name string
		sch  *jsonschema.Schema
		want []any
	}{
		{"record_template.type", schemaOf(t, s, "record.json#/$defs/RecordTemplate").Properties["type"], intsAnd(contract.RecordTemplateTypes, nil)},
		{"audit.status", schemaOf(t, s, "record.json#/$defs/Audit").Properties["status"], intsAnd(contract.AuditStatuses, nil)},
		{"ai_audit_result.audit_status", schemaOf(t, s, "record.json#/$defs/AiAuditResult").Properties["audit_status"], intsAnd(contract.AIAuditStatuses)},
		{"verify action_type", schemaOf(t, s, "certificates/verify.request.json").Properties["action_type"], []any{contract.ActionSetStatus, contract.ActionNextStatus}},
	}
	for _, c := range cases {
		if got := enumInts(t, c.sch); !slices.Equal(got, c.want) {
			t.Errorf("%s enum = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestIsoPatternIsContracts(t *testing.T) {
	s := compiled(t)
	if got := schemaOf(t, s, "common.json#/$defs/IsoTime").Pattern.String(); got != contract.ISOPattern {
		t.Errorf("IsoTime pattern = %s, want contract.ISOPattern %s", got, contract.ISOPattern)
	}
	if err := s.Validate("common.json#/$defs/IsoTime", contract.ISO(1767319445)); err != nil {
		t.Errorf("contract.ISO output rejected: %v", err)
	}
}

func TestFormatsAndContentTypesMatchContract(t *testing.T) {
	s := compiled(t)
	env := schemaOf(t, s, "record/getRecord.response.json#/$defs/Envelope")
	var names []any
	for _, f := range contract.Formats {
		names = append(names, f.Name)
	}
	if got := env.Properties["format"].Enum.Values; !slices.Equal(got, names) {
		t.Errorf("format enum = %v, want %v", got, names)
	}
	for i, f := range contract.Formats {
		then := env.AllOf[i].Then
		if got := *then.Properties["content_type"].Const; got != f.ContentType {
			t.Errorf("content_type for %s = %v, want %s", f.Name, got, f.ContentType)
		}
	}
}

func TestPageSizeMaximaMatchContract(t *testing.T) {
	s := compiled(t)
	cases := map[string]int{
		"record/getFormList.request.json":    contract.FormListMaxPageSize,
		"templates/list.request.json":        contract.TemplatesMaxPageSize,
		"templates/listQrcodes.request.json": contract.TemplatesMaxPageSize,
	}
	for file, want := range cases {
		max := schemaOf(t, s, file).Properties["page_size"].Maximum
		if max == nil || max.Cmp(big.NewRat(int64(want), 1)) != 0 {
			t.Errorf("%s page_size maximum = %v, want %d", file, max, want)
		}
	}
}
