package scenario

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/goccy/go-yaml/lexer"
)

// allocated is the memory f allocates (runtime.MemStats.TotalAlloc), a
// measure of work that does not depend on the machine's speed.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func manyKeys(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "k%07d: v\n", i)
	}
	return b.String()
}

// The documents that cost the parser hundreds of megabytes
// to gigabytes, and others of the same kinds, are refused while they
// are read, naming the bound passed, for a bounded cost: the YAML parser
// never builds their tree. Before: 40 KB nested 20,000 deep allocated
// 620 MB; 400 KB ran for 30 s past 8 GB; 100,000 keys in one mapping
// loaded for minutes (the parser copies a block mapping's keys once per
// key); a long key is copied into the path of every value under it.
func TestHostileYAMLIsRefusedAtABoundedCost(t *testing.T) {
	for _, c := range []struct {
		name, doc, want string
		mb              uint64
	}{
		{"40 KB nested 20,000 deep", strings.Repeat("[", 20000) + strings.Repeat("]", 20000), "nests more than 64 levels", 40},
		{"40 KB of nested mappings", "a: " + strings.Repeat("{a: ", 8000) + strings.Repeat("}", 8000), "nests more than 64 levels", 40},
		{"400 KB nested 200,000 deep", strings.Repeat("[", 200000) + strings.Repeat("]", 200000), "nests more than 64 levels", 200},
		{"240 KB of 20,000 keys", manyKeys(20000), "mapping holds more than 1000 keys", 40},
		{"a 128 KB key above 2,000 values", strings.Repeat("k", 128<<10) + ": [" + strings.Repeat("1,", 2000) + "]", "paths of the document's values add up", 40},
		{"16 MB of commas", "a: [" + strings.Repeat(",", 16<<20-6) + "]", "words and YAML indicators", 60},
		{"16 MB of words", "a: " + strings.Repeat("a ", 8<<20-2), "words and YAML indicators", 60},
		{"17 MB", "a: " + strings.Repeat("a", 17<<20), "more than the 16777216 one scenario document may be", 60},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc := []byte(c.doc)
			var err error
			n := allocated(func() { _, err = Parse("hostile.yaml", doc) })
			var le *LoadError
			if !errors.As(err, &le) || len(le.Problems) != 1 || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %.300v, want one problem saying %q", err, c.want)
			}
			if n > c.mb<<20 {
				t.Errorf("refusing it allocated %d MB, want at most %d", n>>20, c.mb)
			}
		})
	}
}

// Each bound holds at its figure and is refused one past it, at the
// token that passes it, naming the flag that raises it.
func TestYAMLBoundsAtTheirEdges(t *testing.T) {
	nested := func(n int) string { return "x: " + strings.Repeat("[", n-1) + strings.Repeat("]", n-1) + "\n" }
	small := WithLimits(Limits{MaxTokens: 100})
	for _, c := range []struct {
		name    string
		ok, bad string
		opts    []Option
		flag    string
		at      string
	}{
		{"depth", nested(64), nested(65), nil, "--max-yaml-depth", ":1:67:"},
		{"keys", manyKeys(1000), manyKeys(1001), nil, "--max-yaml-keys", ":1001:1:"},
		{"tokens", strings.Repeat("- a\n", 50), strings.Repeat("- a\n", 51), []Option{small}, "--max-yaml-tokens", ":51:1:"},
		{"path bytes", strings.Repeat("k", 100) + ": [1, 2]", strings.Repeat("k", 3000) + ": [1, 2, 3]", []Option{small}, "--max-yaml-tokens", ":1:"},
		{"file bytes", "a: b", "a: bc", []Option{WithLimits(Limits{MaxBytes: 4})}, "--max-scenario-bytes", ":1:1:"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("edge.yaml", []byte(c.ok), c.opts...)
			if err != nil && strings.Contains(err.Error(), c.flag) {
				t.Errorf("at the bound: %v", err)
			}
			_, err = Parse("edge.yaml", []byte(c.bad), c.opts...)
			if err == nil || !strings.Contains(err.Error(), c.flag) || !strings.Contains(err.Error(), "edge.yaml"+c.at) {
				t.Errorf("past the bound: %v, want a problem at edge.yaml%s naming %s", err, c.at, c.flag)
			}
		})
	}
}

// tokenCeiling may refuse a document before the lexer runs only because
// it is an upper bound of the lexer's tokens: on random YAML-like text,
// whenever the lexer makes more than ceilingFactor*max tokens, the
// ceiling refuses max.
func TestTokenCeilingNeverCountsFewerThanTheLexer(t *testing.T) {
	alphabet := []byte("ab1é \n\t-:?,[]{}#&*!|>'\"%@`.\\=~")
	state := uint64(1)
	next := func(n int) int {
		state = state*6364136223846793005 + 1442695040888963407
		return int((state >> 33) % uint64(n))
	}
	for range 5000 {
		unit := make([]byte, 1+next(10))
		for i := range unit {
			unit[i] = alphabet[next(len(alphabet))]
		}
		doc := []byte(strings.Repeat(string(unit), 1+next(40)))
		tokens := len(lexer.Tokenize(string(doc)))
		max := (tokens - 1) / ceilingFactor
		if max > 0 && tokenCeiling(doc, max) == nil {
			t.Fatalf("%q: the lexer makes %d tokens, the ceiling passes %d", doc, tokens, ceilingFactor*max)
		}
	}
}
