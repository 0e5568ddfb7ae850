package redisstore_test

import (
	"context"
	"testing"

	"github.com/rtq-kit/rtq/internal/redisstore"
	"github.com/rtq-kit/rtq/testkit/redistest"
)

// BenchmarkVerify is one verify script round trip on a local redis-server
// over a Unix socket, a cycling flow so every call moves: the floor of a
// verify through the Redis store.
func BenchmarkVerify(b *testing.B) {
	srv := redistest.Start(b)
	s := open(b, srv, nil)
	c := call("", 0)
	c.Outcomes = map[string]redisstore.Outcome{
		"pending": {To: "done", Change: `"p-d"`},
		"done":    {To: "pending", Change: `"d-p"`},
	}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if v, err := s.Verify(ctx, c); err != nil || !v.Moved {
			b.Fatalf("%+v %v", v, err)
		}
	}
}

// BenchmarkStatus is the read of one certificate's status and changes:
// one pipelined round trip.
func BenchmarkStatus(b *testing.B) {
	srv := redistest.Start(b)
	s := open(b, srv, nil)
	ctx := context.Background()
	if _, err := s.Verify(ctx, call("", 0)); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, ok, err := s.Status(ctx, "", "cert-1"); err != nil || !ok {
			b.Fatal(ok, err)
		}
	}
}
