package wire

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/scenario"
)

// A value recorded already masked (premasked) is served exactly as the
// recorded service showed it: masking it again would change a service's
// own masking ("张*丰" would become "张**").
func TestPremaskedValuesAreServedAsRecorded(t *testing.T) {
	sc, err := scenario.Parse("premasked.yaml", []byte(`
orgs: [{id: 1, name: 示例, code: demo, host: demo.rtq.example}]
forms: [{id: 2001, name: 表}]
records:
  - id: 1
    form: 2001
    recorder: {name: 李*国, name_premasked: true}
    fields:
      - {type: name, value: 张*丰, premasked: true}
      - {type: name, value: 张三丰, masked: true}
`))
	if err != nil {
		t.Fatal(err)
	}
	body := string(RecordBody(0, "ok", state.RecordView{Rec: sc.Records[0]}))
	for _, want := range []string{`"name":"李*国"`, `"field_value":"张*丰","options":{"is_result":false,"is_highlight":false,"is_hidden":false,"is_masked":true}`, `"field_value":"张**"`} {
		if !strings.Contains(body, want) {
			t.Errorf("answer lacks %s:\n%s", want, body)
		}
	}
}
