package main

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/testkit/redistest"
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

// A Redis that cannot be reached stops the mock at once with exit 1 and
// "store unreachable": a user who asked for shared state never gets this
// process's memory instead.
func TestMockRedisStoreUnreachableNeverMemory(t *testing.T) {
	code, _, stderr := runCLI(t, "mock", "--addr", "127.0.0.1:0", "--store", "unix:///nonexistent/rtq-test-redis.sock")
	if code != 1 || !strings.Contains(stderr, "store unreachable") {
		t.Errorf("exit %d:\n%s", code, stderr)
	}
}

// --store unix:///... on a real redis-server serves, and a second mock
// with another scenario on the same store is refused with exit 2,
// saying which scenario the store holds.
func TestMockRedisStoreServesAndRefusesAnotherScenario(t *testing.T) {
	srv := redistest.Start(t)
	url, stop := startCLIMock(t, "--store", srv.URL())
	if url == "" {
		t.Fatal("no URL")
	}
	if _, log := stop(); !strings.Contains(log, "state kept in "+srv.URL()) {
		t.Errorf("the log does not say where the state is kept:\n%s", log)
	}
	t.Setenv("RTQ_STORE", srv.URL()) // a second replica, told by the environment
	if url, _ := startCLIMock(t); url == "" {
		t.Fatal("no URL with RTQ_STORE")
	}
	code, _, stderr := runCLI(t, "mock", "--addr", "127.0.0.1:0", "--store", srv.URL(), "--seed", "7")
	if code != 2 || !strings.Contains(stderr, "the store holds scenario") || !strings.Contains(stderr, "this replica serves") {
		t.Errorf("a replica of another scenario: exit %d:\n%s", code, stderr)
	}
}

// rtq health says "store unreachable" and exits 1 while the mock's Redis
// is down, and 0 again once it is back, the mock never restarted.
func TestHealthSaysStoreUnreachable(t *testing.T) {
	srv := redistest.Start(t)
	url, _ := startCLIMock(t, "--store", srv.URL())
	srv.Stop(t)
	if code, out, errOut := runCLI(t, "health", url); code != 1 || !strings.Contains(out+errOut, "store unreachable") {
		t.Errorf("Redis down: rtq health = %d, %q %q; want 1 and store unreachable", code, out, errOut)
	}
	srv.Restart(t)
	if code, out, errOut := runCLI(t, "health", url); code != 0 {
		t.Errorf("Redis back: rtq health = %d, %q %q; want 0", code, out, errOut)
	}
}

// A Redis that wants a password is asked for it before anything else, so
// a missing or wrong one is named, exit 2, whatever the scenario's size:
// Redis drops an unauthenticated client whose first command is large, and
// the embedded scenario's was, so a missing password read "store
// unreachable: ... broken pipe", exit 1 (try again), which no retry
// mends. The right password serves.
func TestMockRedisStoreNamesAMissingOrWrongPassword(t *testing.T) {
	srv := redistest.StartWithPassword(t, "s3cret-pw")
	withPassword := func(pw string) string { return "unix://:" + pw + "@" + srv.Socket() }
	for _, c := range []struct{ store, want string }{
		{srv.URL(), "wants a password"},
		{withPassword("wrong"), "refused the password"},
	} {
		code, _, stderr := runCLI(t, "mock", "--addr", "127.0.0.1:0", "--store", c.store)
		if code != 2 || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, "RTQ_STORE") || strings.Contains(stderr, "broken pipe") {
			t.Errorf("--store %s: exit %d:\n%s\nwant exit 2 saying %q and naming RTQ_STORE", c.store, code, stderr, c.want)
		}
	}
	t.Setenv("RTQ_STORE", withPassword("s3cret-pw"))
	if url, _ := startCLIMock(t); url == "" {
		t.Fatal("no URL with the right password in RTQ_STORE")
	}
}

// A password in --store is visible in the process list: the mock says so
// and points to RTQ_STORE, which is not; given there, nothing is said.
func TestMockWarnsOfAPasswordOnTheCommandLine(t *testing.T) {
	srv := redistest.StartWithPassword(t, "s3cret-pw")
	store := "unix://:s3cret-pw@" + srv.Socket()
	_, stop := startCLIMock(t, "--store", store)
	if _, log := stop(); !strings.Contains(log, "WARNING: --store carries a password") || !strings.Contains(log, "RTQ_STORE") || strings.Contains(log, "s3cret-pw") {
		t.Errorf("--store with a password: no warning pointing to RTQ_STORE, or the password shown:\n%s", log)
	}
	t.Setenv("RTQ_STORE", store)
	_, stop = startCLIMock(t)
	if _, log := stop(); strings.Contains(log, "WARNING: --store") {
		t.Errorf("RTQ_STORE with a password: warned all the same:\n%s", log)
	}
}
