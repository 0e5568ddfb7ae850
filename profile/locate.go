package profile

import (
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// locator maps JSON pointers to line:column in the source. JSON is a subset
// of YAML, so one YAML syntax tree serves both formats.
type locator struct {
	file *ast.File
}

func newLocator(data []byte) locator {
	f, err := parser.ParseBytes(data, 0)
	if err != nil {
		return locator{}
	}
	return locator{file: f}
}

// position finds the deepest node on the pointer's path that exists (a
// missing member is reported at its parent). 0, 0 when unknown.
func (l locator) position(pointer string) (int, int) {
	if l.file == nil {
		return 0, 0
	}
	segs := splitPointer(pointer)
	for n := len(segs); n >= 0; n-- {
		node := l.find(segs[:n])
		if node == nil || node.GetToken() == nil {
			continue
		}
		pos := node.GetToken().Position
		return pos.Line, pos.Column
	}
	return 0, 0
}

func (l locator) find(segs []string) ast.Node {
	b := (&yaml.PathBuilder{}).Root()
	for _, s := range segs {
		if i, err := strconv.ParseUint(s, 10, 32); err == nil {
			b = b.Index(uint(i))
		} else {
			b = b.Child(s)
		}
	}
	node, err := b.Build().FilterFile(l.file)
	if err != nil {
		return nil
	}
	return node
}

func splitPointer(p string) []string {
	p = strings.TrimPrefix(p, "/")
	if p == "" {
		return nil
	}
	parts := strings.Split(p, "/")
	for i, s := range parts {
		parts[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(s)
	}
	return parts
}
