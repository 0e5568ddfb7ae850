// Package yamltest holds what the tests of the kit's two YAML loaders (the
// scenario loader and the profile loader) need alike: hostile documents
// and YAML's own idea of a line. Test support only; no product code
// imports it.
package yamltest

import (
	"bytes"
	"strconv"
	"testing"
	"time"
)

// AliasBomb is a few hundred bytes of YAML whose aliases expand to
// 10^levels strings ("billion laughs"), after head (a first line that
// makes the document look like the loader's own, e.g. "name: bomb\n").
func AliasBomb(head string, levels int) []byte {
	var b bytes.Buffer
	b.WriteString(head)
	b.WriteString("x0: &x0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i <= levels; i++ {
		n, prev := strconv.Itoa(i), strconv.Itoa(i-1)
		b.WriteString("x" + n + ": &x" + n + " [")
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("*x" + prev)
		}
		b.WriteString("]\n")
	}
	return b.Bytes()
}

// RefusedQuickly fails t unless parse returns an error within 10 s: the
// bound is generous (machines are shared); a loader that expands a bomb
// takes minutes.
func RefusedQuickly(t *testing.T, parse func() error) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- parse() }()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("alias bomb accepted")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("alias bomb still loading after 10 s")
	}
}

// LineCount counts lines as YAML does: "\n", "\r\n" and a lone "\r" each
// end one.
func LineCount(data []byte) int {
	return bytes.Count(data, []byte("\n")) + bytes.Count(data, []byte("\r")) - bytes.Count(data, []byte("\r\n")) + 1
}
