// Package bench holds the cross-package benchmarks of rtq (scale_test.go)
// and the generator of the large scenarios they and bench/run.sh load.
// The load benchmark itself is bench/run.sh with bench/rtqbench.
package bench

import (
	"bytes"
	"fmt"
)

// Size is how big a generated scenario is. Forms and templates grow with
// the records, so that every list the mock pages over grows with the data.
type Size struct {
	Records   int
	Templates int
	Forms     int
	SubCodes  int // per template
}

// SizeFor scales a scenario of records records: one form per 100 records
// (at least 20, a full page), one template per 10, ten sub-codes per
// template (100,000 records give 1,000 forms, 10,000 templates and 100,000
// sub-codes: the 100,000 records and 10,000 templates, with forms
// written out as a user would, so the file is 70 KB).
func SizeFor(records int) Size {
	return Size{Records: records, Templates: records / 10, Forms: max(records/100, 20), SubCodes: 10}
}

// Keys of the generated scenarios, the same secrets as the default one so
// the load scripts need no change.
const (
	ReadKey  = "rtq-demo-read"
	WriteKey = "rtq-demo-write"
)

// recordGenerators is how many generate.records entries the records are
// spread over (one per form, up to this many forms).
const recordGenerators = 100

// ScenarioYAML writes a scenario of size s in the scenario format of
// docs/scenarios.md: one organization, the demo keys, the forms written
// out, and records and templates made by generate: (so the file stays
// small and the load time includes the expansion, as a user's would).
func ScenarioYAML(s Size) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "name: scale-%d\nseed: 7\n", s.Records)
	b.WriteString("orgs:\n  - {id: 1, name: 规模测试有限公司, code: scale, host: scale.example.com}\n")
	fmt.Fprintf(&b, "keys:\n  - {name: demo-read, secret: %s, org: scale, scopes: [read]}\n", ReadKey)
	fmt.Fprintf(&b, "  - {name: demo-write, secret: %s, org: scale, scopes: [read, write]}\n", WriteKey)
	b.WriteString("forms:\n")
	for i := 1; i <= s.Forms; i++ {
		fmt.Fprintf(&b, "  - {id: %d, org: scale, name: 表单%d, note: 规模测试 %d}\n", i, i, i)
	}
	gens := min(s.Forms, recordGenerators)
	b.WriteString("qrcodes:\n")
	for g := 1; g <= gens; g++ {
		fmt.Fprintf(&b, "  - {id: %d, name: 设备码%d, form: %d}\n", 900000+g, g, g)
	}
	b.WriteString("generate:\n  records:\n")
	for g := 0; g < gens; g++ {
		count := s.Records / gens
		if g == gens-1 {
			count = s.Records - count*(gens-1)
		}
		fmt.Fprintf(&b, "    - {count: %d, form: %d, code_prefix: g%d}\n", count, g+1, g)
	}
	if s.Templates > 0 {
		fmt.Fprintf(&b, "  templates:\n    - {count: %d, sub_codes: %d}\n", s.Templates, s.SubCodes)
	}
	return b.Bytes()
}
