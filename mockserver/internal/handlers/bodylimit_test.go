package handlers

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
)

// unread fails the test when the body is read at all.
type unread struct{ t *testing.T }

func (u unread) Read([]byte) (int, error) {
	u.t.Error("a body declared over the limit was read")
	return 0, io.EOF
}

type failing struct{}

func (failing) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

func TestBodyLimitRefusesADeclaredOversizeBodyUnread(t *testing.T) {
	c, w := newCall(t, &contract.GetRecord, unread{t}, "")
	c.R.ContentLength = contract.MaxBodyBytes + 1
	BodyLimit(func(*chain.Call) { t.Error("reached the handler") })(c)
	if w.Code != 413 || w.Header().Get("Connection") != "close" {
		t.Errorf("declared over the limit: %d, Connection %q; want 413 and close", w.Code, w.Header().Get("Connection"))
	}
}

func TestBodyLimitCountsAChunkedBody(t *testing.T) {
	for _, n := range []int{contract.MaxBodyBytes, contract.MaxBodyBytes + 1} {
		c, w := newCall(t, &contract.GetRecord, strings.NewReader(strings.Repeat("x", n)), "")
		c.R.ContentLength = -1 // chunked: the size is learnt by reading
		var got int
		BodyLimit(func(c *chain.Call) { got = len(c.Body) })(c)
		over := n > contract.MaxBodyBytes
		if over && (w.Code != 413 || w.Header().Get("Connection") != "close" || got != 0) {
			t.Errorf("%d bytes chunked: %d, Connection %q, handler saw %d", n, w.Code, w.Header().Get("Connection"), got)
		}
		if !over && (got != n || w.Body.Len() != 0) {
			t.Errorf("exactly the limit: the handler saw %d bytes, answer %q", got, w.Body)
		}
	}
}

func TestBodyLimitAnswersABodyThatCannotBeRead(t *testing.T) {
	c, w := newCall(t, &contract.GetRecord, failing{}, "")
	BodyLimit(func(*chain.Call) { t.Error("reached the handler") })(c)
	if a := decode(t, w); w.Code != 400 || a.ErrorCode != contract.ErrInvalidParams || !strings.Contains(a.Detail, "could not be read") {
		t.Errorf("unreadable body: %d %+v", w.Code, a)
	}
}
