package scenario

import (
	"strings"
	"testing"
)

const premaskedDoc = `
orgs: [{id: 1, name: 示例, code: demo, host: demo.rtq.example}]
records:
  - id: 1
    recorder: {name: 李*国, name_premasked: true}
    fields:
      - {type: name, value: 张*丰, premasked: true}
`

// premasked (a value recorded already masked) survives load → Marshal →
// load and implies masked.
func TestPremaskedRoundTrips(t *testing.T) {
	sc, err := Parse("p.yaml", []byte(premaskedDoc))
	if err != nil {
		t.Fatal(err)
	}
	out, err := Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Parse("again.yaml", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	f, rc := again.Records[0].Groups[0].Fields[0], again.Records[0].Recorder
	if !f.Masked || !f.Premasked || f.Value != "张*丰" || !rc.NameMasked || !rc.NamePremasked {
		t.Errorf("after a round trip: field %+v, recorder %+v; want premasked kept and masked implied", f, rc)
	}
}

func TestPremaskedNeedsAStringValue(t *testing.T) {
	for _, field := range []string{"{type: name, premasked: true}", "{type: image, value: [], premasked: true}"} {
		doc := strings.Replace(premaskedDoc, "{type: name, value: 张*丰, premasked: true}", field, 1)
		_, err := Parse("p.yaml", []byte(doc))
		if err == nil || !strings.Contains(err.Error(), "premasked needs a string value") {
			t.Errorf("%s: got %v, want a premasked problem", field, err)
		}
	}
}
