package redisstore_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/internal/redisstore"
	"github.com/rtq-kit/rtq/testkit/redistest"
)

// StatusAppend reads a status as StatusRaw does and journals the entry
// with it (a namespace's TTL renewed); Unappend takes the entry back;
// with Redis down it says store unreachable and no entry id.
func TestStatusAppend(t *testing.T) {
	srv := redistest.Start(t)
	s := open(t, srv, func(c *redisstore.Config) { c.NamespaceIdle = time.Minute })
	ctx := context.Background()
	status, raw, ok, id, err := s.StatusAppend(ctx, "n", "cert-1", `{"n":1}`)
	if err != nil || ok || status != "" || raw != "" || id == "" {
		t.Fatalf("at the scenario's values: %q %q %v %q %v", status, raw, ok, id, err)
	}
	if ttl := srv.Client(t).PTTL(ctx, "rtq:{s:n}:journal").Val(); ttl <= 0 {
		t.Errorf("the entry left the journal with PTTL %v", ttl)
	}
	if _, err := s.Verify(ctx, call("n", 2)); err != nil {
		t.Fatal(err)
	}
	status, raw, ok, id, err = s.StatusAppend(ctx, "n", "cert-1", `{"n":3}`)
	if err != nil || !ok || status != "done" || raw == "" || id == "" {
		t.Fatalf("after a verify: %q %q %v %q %v", status, raw, ok, id, err)
	}
	if j, _ := s.Journal(ctx, "n", 0); len(j) != 3 || j[0].ID != id || j[0].Req != `{"n":3}` {
		t.Fatalf("journal: %+v, want 3 entries, the newest %s", j, id)
	}
	if err := s.Unappend(ctx, "n", id); err != nil {
		t.Fatal(err)
	}
	if j, _ := s.Journal(ctx, "n", 0); len(j) != 2 || j[0].Req == `{"n":3}` {
		t.Errorf("after Unappend: %+v", j)
	}
	srv.Stop(t)
	if _, _, _, id, err := s.StatusAppend(ctx, "n", "cert-1", `{"n":4}`); !errors.Is(err, redisstore.ErrUnreachable) || id != "" {
		t.Errorf("while down: id %q, %v", id, err)
	}
}
