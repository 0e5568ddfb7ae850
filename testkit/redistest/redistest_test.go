package redistest_test

import (
	"context"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/testkit/redistest"
)

// The server answers on its socket with persistence off and no TCP port,
// so tests leave nothing on disk and take no port from each other.
func TestStartServesWithPersistenceOff(t *testing.T) {
	srv := redistest.Start(t)
	c := srv.Client(t)
	ctx := context.Background()
	if !strings.HasPrefix(srv.URL(), "unix:///") {
		t.Errorf("URL() = %q, want unix:///...", srv.URL())
	}
	for key, want := range map[string]string{"save": "", "appendonly": "no", "port": "0"} {
		got, err := c.ConfigGet(ctx, key).Result()
		if err != nil {
			t.Fatalf("CONFIG GET %s: %v", key, err)
		}
		if got[key] != want {
			t.Errorf("CONFIG GET %s = %q, want %q", key, got[key], want)
		}
	}
}

// Stop takes the server away (a client sees an error), and Restart gives
// an empty one back on the same socket: what an outage looks like.
func TestStopAndRestart(t *testing.T) {
	srv := redistest.Start(t)
	c := srv.Client(t)
	ctx := context.Background()
	if err := c.Set(ctx, "k", "v", 0).Err(); err != nil {
		t.Fatalf("SET: %v", err)
	}
	srv.Stop(t)
	if err := c.Ping(ctx).Err(); err == nil {
		t.Fatal("PING answered after Stop")
	}
	srv.Restart(t)
	if err := c.Ping(ctx).Err(); err != nil {
		t.Fatalf("PING after Restart: %v", err)
	}
	if n, err := c.Exists(ctx, "k").Result(); err != nil || n != 0 {
		t.Errorf("EXISTS k after Restart = %d, %v; want 0 (persistence off)", n, err)
	}
}
