package scenario

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// source is one parsed scenario file: its generic JSON-shaped tree (for the
// schema and the typed decode) and the position of every node by YAML path.
// The AST is parsed once; positions are read off it in one walk.
type source struct {
	name string
	tree any
	pos  map[string]token.Position
}

// position returns line and column of path, or of its nearest ancestor
// that exists (a missing member is reported where its object is).
func (s *source) position(path string) (int, int) {
	for p := path; ; p = parentPath(p) {
		if pos, ok := s.pos[p]; ok {
			return pos.Line, pos.Column
		}
		if p == "" {
			return 1, 1
		}
	}
}

// parentPath strips the last ".key" or "[i]" of a YAML path.
func parentPath(p string) string {
	for i := len(p) - 1; i >= 0; i-- {
		switch p[i] {
		case '.':
			return p[:i]
		case '[':
			return p[:i]
		}
	}
	return ""
}

// yamlError is what goccy/go-yaml's syntax errors offer.
type yamlError interface {
	GetToken() *token.Token
	GetMessage() string
}

// parseSource parses data within lim; a syntax error or a passed bound
// becomes a problem at its token.
func parseSource(name string, data []byte, lim Limits, ps *problems) (*source, bool) {
	src := &source{name: name, pos: map[string]token.Position{}}
	tokens, berr := lexBounded(data, lim)
	if berr != nil {
		ps.list = append(ps.list, Problem{File: name, Line: berr.line, Column: berr.column, Message: "YAML: " + berr.msg})
		ps.hard = true
		return src, false
	}
	file, err := parser.Parse(tokens, 0)
	if err == nil && len(file.Docs) > 1 {
		err = fmt.Errorf("a scenario file holds one YAML document, this one holds %d: split it into files", len(file.Docs))
	}
	var body ast.Node
	if err == nil && len(file.Docs) == 1 {
		body = file.Docs[0].Body
	}
	if err == nil && body != nil {
		if n := expandedSize(body, map[string]int{}); n > maxNodes {
			err = fmt.Errorf("YAML aliases expand this document to more than %d nodes: write the repeated parts out, or use a generate: block", maxNodes)
		}
	}
	if err == nil && body != nil {
		var v any
		if err = yaml.NodeToValue(body, &v); err == nil {
			src.tree, err = jsonShape(v)
			src.walk(body, "")
		}
	}
	if err != nil {
		line, col := errPosition(err)
		ps.list = append(ps.list, Problem{File: name, Line: line, Column: col, Message: errMessage(err)})
		ps.hard = true
		return src, false
	}
	if src.tree == nil {
		src.tree = map[string]any{}
	}
	return src, true
}

func errPosition(err error) (int, int) {
	if ye, ok := err.(yamlError); ok && ye.GetToken() != nil && ye.GetToken().Position != nil {
		p := ye.GetToken().Position
		return p.Line, p.Column
	}
	return 1, 1
}

func errMessage(err error) string {
	if ye, ok := err.(yamlError); ok {
		return "YAML: " + ye.GetMessage()
	}
	return err.Error()
}

// maxNodes bounds the size of a document once its aliases are expanded, so
// a few hundred bytes of nested aliases ("billion laughs") are refused
// instead of expanded; a hand-written scenario is far smaller.
const maxNodes = 1_000_000

// expandedSize counts the nodes of n with every alias expanded, saturating
// just above maxNodes. Anchors come before their aliases in a document, so
// one walk in order knows each anchor's size when an alias names it.
func expandedSize(n ast.Node, anchors map[string]int) int {
	total := 1
	add := func(c ast.Node) {
		if c != nil && total <= maxNodes {
			total = min(total+expandedSize(c, anchors), maxNodes+1)
		}
	}
	switch n := n.(type) {
	case *ast.MappingNode:
		for _, mv := range n.Values {
			add(mv)
		}
	case *ast.MappingValueNode:
		add(n.Key)
		add(n.Value)
	case *ast.SequenceNode:
		for _, v := range n.Values {
			add(v)
		}
	case *ast.AnchorNode:
		add(n.Value)
		if n.Name != nil {
			anchors[n.Name.GetToken().Value] = total
		}
	case *ast.AliasNode:
		if n.Value != nil {
			total = max(1, anchors[n.Value.GetToken().Value])
		}
	case *ast.TagNode:
		add(n.Value)
	case *ast.MappingKeyNode:
		add(n.Value)
	}
	return total
}

// walk records the position of every mapping key and sequence item.
func (s *source) walk(n ast.Node, path string) {
	switch n := n.(type) {
	case *ast.MappingNode:
		for _, mv := range n.Values {
			s.walk(mv, path)
		}
	case *ast.MappingValueNode:
		p := joinPath(path, keyString(n.Key))
		s.pos[p] = *n.Key.GetToken().Position
		s.walk(n.Value, p)
	case *ast.SequenceNode:
		for i, v := range n.Values {
			p := path + "[" + strconv.Itoa(i) + "]"
			if tk := firstToken(v); tk != nil {
				s.pos[p] = *tk.Position
			}
			s.walk(v, p)
		}
	case *ast.AnchorNode:
		s.walk(n.Value, path)
	case *ast.TagNode:
		s.walk(n.Value, path)
	}
}

// keyString is a mapping key as the decoded tree spells it: the key 01
// decodes to the number 1, so its path is "1".
func keyString(k ast.Node) string {
	if in, ok := k.(*ast.IntegerNode); ok {
		return fmt.Sprint(in.Value)
	}
	return k.GetToken().Value
}

// firstToken is where a node starts as a reader sees it: a block mapping
// starts at its first key, not at its first colon.
func firstToken(n ast.Node) *token.Token {
	switch n := n.(type) {
	case *ast.MappingNode:
		if len(n.Values) > 0 && n.Start != nil && n.Start.Type != token.MappingStartType {
			return n.Values[0].Key.GetToken()
		}
	case *ast.MappingValueNode:
		return n.Key.GetToken()
	case *ast.AnchorNode:
		return n.GetToken()
	}
	return n.GetToken()
}

// jsonShape turns a decoded YAML value into the values a JSON decoder
// gives (map[string]any, []any, json.Number, string, bool, nil).
func jsonShape(v any) (any, error) {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			c, err := jsonShape(e)
			if err != nil {
				return nil, err
			}
			v[k] = c
		}
		return v, nil
	case map[any]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			c, err := jsonShape(e)
			if err != nil {
				return nil, err
			}
			m[fmt.Sprint(k)] = c
		}
		return m, nil
	case []any:
		for i, e := range v {
			c, err := jsonShape(e)
			if err != nil {
				return nil, err
			}
			v[i] = c
		}
		return v, nil
	}
	return jsonScalar(v)
}

func jsonScalar(v any) (any, error) {
	switch v := v.(type) {
	case nil, string, bool:
		return v, nil
	case int:
		return json.Number(strconv.FormatInt(int64(v), 10)), nil
	case int64:
		return json.Number(strconv.FormatInt(v, 10)), nil
	case uint64:
		return json.Number(strconv.FormatUint(v, 10)), nil
	case float64:
		if v != v || v > 1e308 || v < -1e308 {
			return nil, fmt.Errorf("number %v cannot be written as JSON: use a finite number", v)
		}
		return json.Number(strconv.FormatFloat(v, 'g', -1, 64)), nil
	}
	return fmt.Sprint(v), nil
}
