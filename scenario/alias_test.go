package scenario

import (
	"errors"
	"github.com/rtq-kit/rtq/testkit/yamltest"
	"strings"
	"testing"
)

// TestAliasBombIsRefusedQuickly guards the loader (and so POST
// /__admin/scenario) against nested aliases that expand a few hundred
// bytes into ten million nodes.
func TestAliasBombIsRefusedQuickly(t *testing.T) {
	_, err := Parse("bomb.yaml", yamltest.AliasBomb("name: bomb\n", 7))
	var le *LoadError
	if !errors.As(err, &le) || !strings.Contains(le.Error(), "aliases expand") {
		t.Fatalf("error %v, want a problem about alias expansion", err)
	}
}

func TestModestAliasesStillWork(t *testing.T) {
	doc := "orgs: [{id: 1, name: a, code: a, host: a.example}]\n" +
		"base: &base {name: 表单, note: 共用}\n"
	_, err := Parse("x.yaml", []byte(doc))
	if err == nil || !strings.Contains(err.Error(), `unknown field "base"`) {
		t.Fatalf("error %v, want only the unknown top-level key reported", err)
	}
	doc = "orgs: [{id: 1, name: a, code: a, host: a.example}]\n" +
		"forms:\n  - &f {id: 1, name: 表单, note: 共用}\n  - {<<: *f, id: 2}\n"
	sc, err := Parse("x.yaml", []byte(doc))
	if err != nil || len(sc.Forms) != 2 || sc.Forms[1].Note != "共用" {
		t.Fatalf("merge key: %v, %+v", err, sc)
	}
}
