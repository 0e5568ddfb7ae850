package main

// Finding the rtq command lines of the deployment examples under deploy/:
// in YAML, the command and argument lists of containers and health
// checks, and the command lines in its comments; in Markdown, the lines of
// its shell blocks. Each word keeps its line, so that a bad flag is
// reported where it is written.

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// deployWord is one word of a command line and the line it is on.
type deployWord struct {
	text string
	line int
}

// deployLine is one rtq command line of a file: its words after rtq.
type deployLine struct {
	file  string
	words []deployWord
}

// where names the file and the line of the i-th word (the first when i is
// out of range).
func (d deployLine) where(i int) string {
	if i < 0 || i >= len(d.words) {
		i = 0
	}
	line := 0
	if len(d.words) > 0 {
		line = d.words[i].line
	}
	return fmt.Sprintf("%s:%d", d.file, line)
}

// args are the words as a command line's arguments.
func (d deployLine) args() []string {
	out := make([]string, len(d.words))
	for i, w := range d.words {
		out[i] = w.text
	}
	return out
}

// deployImage is the name of the image rtq's Dockerfiles build: a
// container of it runs /rtq with its command or args as rtq's arguments.
const deployImage = "rtq-mock"

// deployFileLines returns the rtq command lines of one file under deploy/
// and the images its YAML names.
func deployFileLines(path, name string) ([]deployLine, []string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	switch filepath.Ext(path) {
	case ".yaml", ".yml":
		f, err := parser.ParseBytes(data, parser.ParseComments)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", name, err)
		}
		v := &yamlCommands{file: name}
		for _, doc := range f.Docs {
			if doc.Body != nil {
				ast.Walk(v, doc.Body)
			}
		}
		return append(v.lines, shellLines(name, data, true)...), v.images, nil
	case ".md":
		return shellLines(name, data, false), nil, nil
	}
	return nil, nil, nil
}

// yamlCommands walks a YAML document for command lists.
type yamlCommands struct {
	file   string
	lines  []deployLine
	images []string
	seen   map[*ast.MappingValueNode]bool // pairs already read with their whole mapping
}

func (v *yamlCommands) Visit(n ast.Node) ast.Visitor {
	entries := mappingEntries(n)
	if entries == nil || v.seen[entries[0]] {
		return v
	}
	if v.seen == nil {
		v.seen = map[*ast.MappingValueNode]bool{}
	}
	for _, e := range entries {
		v.seen[e] = true
	}
	image := ""
	for _, e := range entries {
		if e.Key.String() == "image" {
			image = strings.Trim(e.Value.String(), `"'`)
			v.images = append(v.images, image)
		}
	}
	for _, e := range entries {
		words := sequenceWords(e.Value)
		if len(words) > 0 && (words[0].text == "CMD" || words[0].text == "CMD-SHELL") {
			words = words[1:] // a compose health check's exec form
		}
		switch {
		case len(words) > 0 && (words[0].text == "rtq" || words[0].text == "/rtq"):
			v.lines = append(v.lines, deployLine{file: v.file, words: words[1:]})
		case len(words) > 0 && isDeployImage(image) && (e.Key.String() == "args" || e.Key.String() == "command"):
			v.lines = append(v.lines, deployLine{file: v.file, words: words}) // arguments of the image's /rtq
		}
	}
	return v
}

// isDeployImage is true for rtq's image, under any registry or tag.
func isDeployImage(image string) bool {
	name := image[strings.LastIndex(image, "/")+1:]
	name, _, _ = strings.Cut(name, ":")
	return name == deployImage
}

// mappingEntries are the key-value pairs of a mapping node (goccy's
// parser makes a one-pair mapping a lone MappingValueNode), nil for other
// nodes.
func mappingEntries(n ast.Node) []*ast.MappingValueNode {
	switch m := n.(type) {
	case *ast.MappingNode:
		return m.Values
	case *ast.MappingValueNode:
		return []*ast.MappingValueNode{m}
	}
	return nil
}

// sequenceWords are the scalar items of a sequence with their lines; nil
// when n is not a sequence of scalars.
func sequenceWords(n ast.Node) []deployWord {
	seq, ok := n.(*ast.SequenceNode)
	if !ok {
		return nil
	}
	words := make([]deployWord, 0, len(seq.Values))
	for _, item := range seq.Values {
		s, ok := item.(ast.ScalarNode)
		if !ok {
			return nil
		}
		words = append(words, deployWord{text: fmt.Sprint(s.GetValue()), line: item.GetToken().Position.Line})
	}
	return words
}

// shellLines finds rtq command lines written as shell: in Markdown, the
// lines of fenced sh/bash blocks; in YAML, comment lines. A line ending in
// a backslash goes on; the command ends at a pipe, a list operator, a
// redirection or a comment.
func shellLines(file string, data []byte, comments bool) []deployLine {
	var out []deployLine
	var pending []deployWord
	inFence, inBlock := false, false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if !comments && strings.HasPrefix(text, "```") {
			inFence = !inFence
			inBlock = inFence && (text == "```" || shellInfo[strings.TrimPrefix(text, "```")])
			pending = nil
			continue
		}
		if comments {
			// A command in a comment is indented under the prose:
			// "#   kubectl apply ...".
			body, ok := strings.CutPrefix(text, "#")
			if !ok || (!strings.HasPrefix(body, "  ") && pending == nil) {
				pending = nil
				continue
			}
			text = strings.TrimSpace(body)
		} else if !inBlock {
			continue
		}
		cont := strings.HasSuffix(text, `\`)
		for _, w := range shellSplit(strings.TrimSuffix(text, `\`)) {
			pending = append(pending, deployWord{text: w, line: n})
		}
		if cont {
			continue
		}
		out = append(out, rtqSegments(file, pending)...)
		pending = nil
	}
	return out
}

// shellEnds are the words that end a simple command.
var shellEnds = map[string]bool{"|": true, "||": true, "&&": true, ";": true, "&": true, "#": true}

// rtqSegments cuts a shell line into simple commands and keeps those that
// run rtq.
func rtqSegments(file string, words []deployWord) []deployLine {
	var out []deployLine
	start := true
	for i := 0; i < len(words); i++ {
		w := words[i].text
		if shellEnds[w] || strings.HasPrefix(w, "#") {
			start = true
			continue
		}
		if !start || (w != "rtq" && w != "/rtq") {
			start = false
			continue
		}
		j := i + 1
		for j < len(words) && !shellEnds[words[j].text] && !isRedirect(words[j].text) {
			j++
		}
		out = append(out, deployLine{file: file, words: words[i+1 : j]})
		i, start = j-1, false
	}
	return out
}

// isRedirect is true for a redirection word: >, 2>, >>, 2>&1, <.
func isRedirect(w string) bool {
	w = strings.TrimLeft(w, "0123456789")
	return strings.HasPrefix(w, ">") || strings.HasPrefix(w, "<")
}

// shellSplit splits a line into words as a shell would for these files:
// quotes group (and are kept, so "$TOKEN" stays one word), and the list
// operators stand alone.
func shellSplit(s string) []string {
	var words []string
	var cur strings.Builder
	var quote rune
	flush := func() {
		if cur.Len() > 0 {
			words = append(words, cur.String())
			cur.Reset()
		}
	}
	for _, r := range s {
		switch {
		case quote != 0:
			cur.WriteRune(r)
			if r == quote {
				quote = 0
			}
		case r == '"' || r == '\'':
			quote = r
			cur.WriteRune(r)
		case r == ' ' || r == '\t':
			flush()
		case r == ';' || r == '|' || r == '&':
			if cur.Len() > 0 && !strings.ContainsAny(cur.String()[cur.Len()-1:], ";|&>") {
				flush()
			}
			cur.WriteRune(r)
		default:
			if cur.Len() > 0 && strings.ContainsAny(cur.String()[cur.Len()-1:], ";|") {
				flush()
			}
			cur.WriteRune(r)
		}
	}
	flush()
	return words
}
