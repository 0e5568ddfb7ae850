package main

import (
	"strings"
	"testing"
)

// --store memory (the default, from the flag or RTQ_STORE) serves.
func TestMockStoreMemoryServes(t *testing.T) {
	url, _ := startCLIMock(t, "--store", "memory")
	if url == "" {
		t.Fatal("no URL")
	}
	t.Setenv("RTQ_STORE", "memory")
	if url, _ = startCLIMock(t); url == "" {
		t.Fatal("no URL with RTQ_STORE=memory")
	}
}

// A --store that is not memory or a Redis URL is a usage error naming the
// flag and the accepted forms; from RTQ_STORE too; a password is never
// printed back.
func TestMockBadStoreExits2NamingTheFlag(t *testing.T) {
	for _, bad := range []string{"localhost:6379", "memcached://h:1", "redis://u:s3cret@h:6379/x", "unix://relative.sock"} {
		code, _, stderr := runCLI(t, "mock", "--addr", "127.0.0.1:0", "--store", bad)
		if code != 2 || !strings.Contains(stderr, "--store") || !strings.Contains(stderr, "redis://HOST:PORT/DB") || strings.Contains(stderr, "s3cret") {
			t.Errorf("--store %q: exit %d:\n%s", bad, code, stderr)
		}
	}
	t.Setenv("RTQ_STORE", "redis:6379")
	code, _, stderr := runCLI(t, "mock", "--addr", "127.0.0.1:0")
	if code != 2 || !strings.Contains(stderr, "--store") || !strings.Contains(stderr, `"redis:6379"`) {
		t.Errorf("RTQ_STORE=redis:6379: exit %d:\n%s", code, stderr)
	}
}

// A Redis URL is refused loudly until the Redis store exists: a user who
// asked for shared state must never get this process's memory instead.
func TestMockRedisStoreRefusedNeverMemory(t *testing.T) {
	code, _, stderr := runCLI(t, "mock", "--addr", "127.0.0.1:0", "--store", "redis://127.0.0.1:6379/0")
	if code != 2 || !strings.Contains(stderr, "--store redis://127.0.0.1:6379/0") || !strings.Contains(stderr, "never falls back to memory") {
		t.Errorf("exit %d:\n%s", code, stderr)
	}
}
