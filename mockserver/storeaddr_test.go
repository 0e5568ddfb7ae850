package mockserver_test

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/mockserver"
)

// Every form --store documents parses to the address a client dials.
func TestParseStoreAddrForms(t *testing.T) {
	for raw, want := range map[string]mockserver.StoreAddr{
		"":                                 {Memory: true},
		"memory":                           {Memory: true},
		"redis://redis:6379/2":             {Network: "tcp", Addr: "redis:6379", DB: 2},
		"redis://10.0.0.5":                 {Network: "tcp", Addr: "10.0.0.5:6379"},
		"redis://[::1]:7000/0":             {Network: "tcp", Addr: "[::1]:7000"},
		"rediss://u:p@cache.example:6380/": {Network: "tcp", Addr: "cache.example:6380", TLS: true, Username: "u", Password: "p"},
		"unix:///run/redis.sock":           {Network: "unix", Addr: "/run/redis.sock"},
		"unix:///run/redis.sock?db=3":      {Network: "unix", Addr: "/run/redis.sock", DB: 3},
	} {
		got, err := mockserver.ParseStoreAddr(raw)
		if err != nil || got != want {
			t.Errorf("ParseStoreAddr(%q) = %+v, %v; want %+v", raw, got, err, want)
		}
	}
}

// A bad value says what is wrong and which forms are accepted, and never
// repeats a password.
func TestParseStoreAddrRefuses(t *testing.T) {
	for raw, want := range map[string]string{
		"redis:6379":                    "not a URL",
		"localhost:6379":                "not a URL",
		"memcached://h:1":               `unknown scheme "memcached"`,
		"redis://":                      "no host",
		"redis://h:99999":               "port",
		"redis://h:6379/x":              `database "x"`,
		"redis://h:6379/-1":             `database "-1"`,
		"redis://h/0?db=1":              "no query",
		"unix://run/redis.sock":         "absolute",
		"unix:///run/redis.sock?pool=1": `"pool"`,
		"redis://u:s3cret@h:6379/nope":  "xxxxx",
	} {
		_, err := mockserver.ParseStoreAddr(raw)
		if err == nil {
			t.Errorf("ParseStoreAddr(%q) accepted it", raw)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, want) || !strings.Contains(msg, "redis://HOST:PORT/DB") || strings.Contains(msg, "s3cret") {
			t.Errorf("ParseStoreAddr(%q) error %q: want it to hold %q and the accepted forms, and no password", raw, msg, want)
		}
	}
}

// String, what a log line shows, hides the password.
func TestStoreAddrStringHidesPassword(t *testing.T) {
	a, err := mockserver.ParseStoreAddr("rediss://u:s3cret@h:6380/1")
	if err != nil {
		t.Fatal(err)
	}
	if got := a.String(); got != "rediss://u:xxxxx@h:6380/1" {
		t.Errorf("String() = %q", got)
	}
}
