package scenario

import (
	"os"
	"testing"
)

// BenchmarkLoad100k loads 100,000 generated records and 10,000 generated
// templates (5 sub-codes each); docs/performance.md sets < 1 s on a 2-core machine.
func BenchmarkLoad100k(b *testing.B) {
	data, err := os.ReadFile("testdata/bench.yaml")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := loadStructure(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sc, err := Parse("bench.yaml", data)
		if err != nil {
			b.Fatal(err)
		}
		if len(sc.Records) != 100000 || len(sc.Templates) != 10000 {
			b.Fatalf("got %d records, %d templates", len(sc.Records), len(sc.Templates))
		}
	}
}

// BenchmarkLoadDefault loads the embedded default scenario, what rtq mock
// does at start-up and on every reset of a changed scenario.
func BenchmarkLoadDefault(b *testing.B) {
	data, err := os.ReadFile("../scenarios/default.yaml")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := loadStructure(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Parse("default.yaml", data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFieldGroups makes the values of one deferred generated record
// (the default field types), what a first rendering of it adds.
func BenchmarkFieldGroups(b *testing.B) {
	sc, err := Parse("gen.yaml", []byte("orgs: [{id: 1, name: a, code: a, host: a.example}]\ngenerate:\n  records:\n    - {count: 1000}\n"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if g := sc.Records[i%1000].FieldGroups(); len(g[0].Fields) != 5 {
			b.Fatal("want the 5 default fields")
		}
	}
}
