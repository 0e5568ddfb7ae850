package scenario

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/token"
)

// Reading a document within Limits happens in two passes before the YAML
// parser runs. The first looks at the bytes only: their number, and an
// upper bound of the tokens the lexer will make of them, so that the lexer
// (about 250 bytes of memory a token) never runs on more than a bounded
// number. The second walks the lexer's tokens, knowing their nesting from
// brackets and columns, and stops at the first token past a bound: too
// deep, too many keys in one mapping, too many tokens, or paths too long
// in total. Only then does the parser build its tree, from those tokens.

// boundError is a document refused by a bound, at the token or byte
// where the bound was passed.
type boundError struct {
	line, column int
	msg          string
}

func (e *boundError) Error() string { return e.msg }

// lexBounded returns the tokens of data, or the first bound data passes.
func lexBounded(data []byte, lim Limits) (token.Tokens, *boundError) {
	if int64(len(data)) > lim.MaxBytes {
		return nil, &boundError{1, 1, fmt.Sprintf("the document is %d bytes, more than the %d one scenario document may be: split it into files, or raise the bound with --max-scenario-bytes", len(data), lim.MaxBytes)}
	}
	if err := tokenCeiling(data, lim.MaxTokens); err != nil {
		return nil, err
	}
	tokens := lexer.Tokenize(string(data))
	if err := walkTokens(tokens, lim); err != nil {
		return nil, err
	}
	return tokens, nil
}

// tooManyTokens is the message of a document over MaxTokens.
func tooManyTokens(max int) string {
	return fmt.Sprintf("the document holds more than %d YAML tokens (keys, values, dashes, brackets, commas): split it into files, use a generate: block, or raise the bound with --max-yaml-tokens", max)
}

// tokenCeiling counts, in one pass over the bytes, a bound of the tokens
// the lexer makes of them, and fails where it passes ceilingFactor*max:
// the lexer starts a token only after a blank or at an indicator
// ("[", ":", "*", ...), so every word counts once and every indicator
// twice (itself and what follows it). Prose over-counts (each word of a
// comment counts), hence the factor; walkTokens then counts exactly.
func tokenCeiling(data []byte, max int) *boundError {
	n, line, lineStart, prev := 0, 1, 0, byte('\n')
	for i, b := range data {
		switch {
		case b == '\n':
			line, lineStart = line+1, i+1
		case isIndicator(b):
			n += 2
		case isBreak(prev):
			n++
		}
		prev = b
		if n > ceilingFactor*max {
			return &boundError{line, i - lineStart + 1, fmt.Sprintf("the document holds more than %d words and YAML indicators, %d times --max-yaml-tokens %d: split it into files, use a generate: block, or raise the bound", ceilingFactor*max, ceilingFactor, max)}
		}
	}
	return nil
}

// ceilingFactor is how many words and indicators a document may hold a
// token: a scenario holds about 1.5 (docs/reliability.md).
const ceilingFactor = 4

func isBreak(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\n' }

// isIndicator reports whether b is a YAML indicator, where the lexer may
// end a token and start another without a blank.
func isIndicator(b byte) bool {
	return strings.IndexByte("[]{},:-?#&*!|>'\"%@`", b) >= 0
}

// frameKind is what a level of nesting is.
type frameKind uint8

const (
	blockEntry frameKind = iota // a block key or "-" entry, closed by a token at its column or left of it
	flowColl                    // a [ or {, closed by its bracket
	flowKey                     // a key inside a flow mapping, closed by "," or the bracket
)

// frame is one level of nesting while the tokens are walked.
type frame struct {
	kind  frameKind
	col   int // column of a block entry
	cost  int // bytes this level adds to the path of what is inside it
	keys  int // keys directly inside
	items int // list items directly inside
}

// tokenWalk follows the nesting of a token stream.
type tokenWalk struct {
	lim      Limits
	stack    []frame
	depth    int // frames other than the root and flow keys
	pathLen  int // the sum of the frames' costs
	work     int64
	maxWork  int64
	nTokens  int
	tokens   token.Tokens
	position int
}

// walkTokens checks the tokens against the depth, key, token and path
// bounds, stopping at the first token past one.
func walkTokens(tokens token.Tokens, lim Limits) *boundError {
	w := &tokenWalk{lim: lim, tokens: tokens, stack: []frame{{kind: blockEntry, col: -1, cost: 1}}, pathLen: 1,
		maxWork: int64(lim.MaxTokens) * PathBytesPerToken}
	for i, tk := range tokens {
		if tk.Type == token.CommentType {
			continue
		}
		w.position = i
		if msg := w.step(tk); msg != "" {
			return &boundError{tk.Position.Line, tk.Position.Column, msg}
		}
	}
	return nil
}

// step takes one token: closes the levels it ends, opens the one it
// starts, and checks every bound.
func (w *tokenWalk) step(tk *token.Token) string {
	w.nTokens++
	if w.nTokens > w.lim.MaxTokens {
		return tooManyTokens(w.lim.MaxTokens)
	}
	if w.top().kind == blockEntry {
		for len(w.stack) > 1 && w.top().kind == blockEntry && w.top().col >= tk.Position.Column {
			w.pop()
		}
	}
	if msg := w.open(tk); msg != "" {
		return msg
	}
	w.work += int64(w.pathLen)
	if w.work > w.maxWork {
		return fmt.Sprintf("the paths of the document's values add up to more than %d bytes (%d a token): shorten the keys that have many values under them, or raise --max-yaml-tokens", w.maxWork, PathBytesPerToken)
	}
	return ""
}

// open changes the nesting for tk and checks the depth and keys bounds.
func (w *tokenWalk) open(tk *token.Token) string {
	inFlow := w.top().kind != blockEntry
	switch {
	case tk.Type == token.SequenceStartType || tk.Type == token.MappingStartType:
		cost := 0
		if tk.Type == token.SequenceStartType {
			cost = len("[2147483647]") // every item's index
		}
		return w.push(frame{kind: flowColl, cost: cost})
	case tk.Type == token.SequenceEndType || tk.Type == token.MappingEndType:
		w.closeFlowKeys()
		if w.top().kind == flowColl {
			w.pop()
		}
	case tk.Type == token.CollectEntryType:
		w.closeFlowKeys()
	case tk.Type == token.SequenceEntryType && !inFlow:
		parent := w.top()
		parent.items++
		return w.push(frame{kind: blockEntry, col: tk.Position.Column, cost: len(strconv.Itoa(parent.items)) + 2})
	case w.isKey():
		return w.openKey(tk, inFlow)
	}
	return ""
}

// openKey counts a key in its mapping and opens its level.
func (w *tokenWalk) openKey(tk *token.Token, inFlow bool) string {
	parent := w.top()
	parent.keys++
	if parent.keys > w.lim.MaxKeys {
		return fmt.Sprintf("a mapping holds more than %d keys: use a list, or raise the bound with --max-yaml-keys", w.lim.MaxKeys)
	}
	f := frame{kind: blockEntry, col: tk.Position.Column, cost: len(tk.Value) + 3}
	if inFlow {
		f.kind = flowKey
	}
	return w.push(f)
}

// isKey reports whether the current token is a mapping key: the next
// token that is not a comment is ":", or the token is "?".
func (w *tokenWalk) isKey() bool {
	tk := w.tokens[w.position]
	if tk.Type == token.MappingKeyType {
		return true
	}
	if tk.Type == token.MappingValueType {
		return false
	}
	for _, next := range w.tokens[w.position+1:] {
		if next.Type != token.CommentType {
			return next.Type == token.MappingValueType
		}
	}
	return false
}

func (w *tokenWalk) top() *frame { return &w.stack[len(w.stack)-1] }

func (w *tokenWalk) push(f frame) string {
	if f.kind != flowKey {
		w.depth++
	}
	w.stack = append(w.stack, f)
	w.pathLen += f.cost
	if w.depth > w.lim.MaxDepth {
		return fmt.Sprintf("the document nests more than %d levels deep (mappings and lists inside one another): flatten it, or raise the bound with --max-yaml-depth", w.lim.MaxDepth)
	}
	return ""
}

func (w *tokenWalk) pop() {
	f := w.top()
	if f.kind != flowKey {
		w.depth--
	}
	w.pathLen -= f.cost
	w.stack = w.stack[:len(w.stack)-1]
}

// closeFlowKeys ends the keys of the innermost flow collection.
func (w *tokenWalk) closeFlowKeys() {
	for len(w.stack) > 1 && w.top().kind == flowKey {
		w.pop()
	}
}
