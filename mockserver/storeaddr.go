package mockserver

import (
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
)

// StoreMemory is the store of one process, the default: what `rtq mock
// --store` names when it is not given.
const StoreMemory = "memory"

// StoreAddr is where the mock keeps what changes while it runs, as `rtq
// mock --store` (or RTQ_STORE) names it: this process's memory, or a
// Redis that replicas share. It is parsed once, where the flag is read,
// so a mistyped URL stops the command before anything listens.
type StoreAddr struct {
	// Memory is true for the default store, this process's memory; the
	// other members are then empty.
	Memory bool
	// Network is "tcp" (redis://, rediss://) or "unix" (unix://).
	Network string
	// Addr is HOST:PORT for tcp, the socket's path for unix.
	Addr string
	// DB is the Redis database number (the URL's path, or ?db= for unix).
	DB int
	// TLS is true for rediss://.
	TLS bool
	// Username and Password are the URL's user information, for AUTH.
	Username, Password string
}

// ParseStoreAddr reads a --store value: "memory" (or empty),
// redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://... (TLS) or
// unix:///PATH[?db=N]. Its error says which forms are accepted and never
// repeats a password.
func ParseStoreAddr(raw string) (StoreAddr, error) {
	if raw == "" || raw == StoreMemory {
		return StoreAddr{Memory: true}, nil
	}
	u, err := url.Parse(raw)
	if err != nil || u.Opaque != "" {
		return StoreAddr{}, storeAddrError(raw, "not a URL")
	}
	parse, ok := storeSchemes[u.Scheme]
	if !ok {
		return StoreAddr{}, storeAddrError(raw, fmt.Sprintf("unknown scheme %q", u.Scheme))
	}
	a, why := parse(u)
	if why != "" {
		return StoreAddr{}, storeAddrError(raw, why)
	}
	a.Username = u.User.Username()
	a.Password, _ = u.User.Password()
	return a, nil
}

// storeSchemes parse the URL of each scheme a store may have; the string
// is what is wrong, empty when nothing is.
var storeSchemes = map[string]func(*url.URL) (StoreAddr, string){
	"redis":  func(u *url.URL) (StoreAddr, string) { return redisTCP(u, false) },
	"rediss": func(u *url.URL) (StoreAddr, string) { return redisTCP(u, true) },
	"unix":   redisUnix,
}

func redisTCP(u *url.URL, tls bool) (StoreAddr, string) {
	if u.Hostname() == "" {
		return StoreAddr{}, "no host"
	}
	port := u.Port()
	if port == "" {
		port = "6379"
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return StoreAddr{}, fmt.Sprintf("port %q is not a number from 1 to 65535", port)
	}
	if u.RawQuery != "" {
		return StoreAddr{}, "a redis:// URL takes no query; the database is its path, /DB"
	}
	db, why := storeDB(strings.TrimPrefix(u.Path, "/"))
	return StoreAddr{Network: "tcp", Addr: net.JoinHostPort(u.Hostname(), port), DB: db, TLS: tls}, why
}

func redisUnix(u *url.URL) (StoreAddr, string) {
	if u.Host != "" || !strings.HasPrefix(u.Path, "/") {
		return StoreAddr{}, "a socket path must be absolute: unix:///PATH (three slashes)"
	}
	q := u.Query()
	for k := range q {
		if k != "db" {
			return StoreAddr{}, fmt.Sprintf("unknown query parameter %q (only db)", k)
		}
	}
	db, why := storeDB(q.Get("db"))
	return StoreAddr{Network: "unix", Addr: u.Path, DB: db}, why
}

// storeDB reads a database number; empty is 0.
func storeDB(s string) (int, string) {
	if s == "" {
		return 0, ""
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 1<<16 {
		return 0, fmt.Sprintf("database %q is not a number from 0", s)
	}
	return n, ""
}

// storeAddrError names what was given (its password hidden) and the forms
// accepted.
func storeAddrError(raw, why string) error {
	shown := raw
	if u, err := url.Parse(raw); err == nil && u.User != nil {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "xxxxx")
		}
		shown = u.String()
	}
	return fmt.Errorf("%q: %s; give memory, redis://HOST:PORT/DB, rediss://HOST:PORT/DB or unix:///PATH", shown, why)
}

// String is the store as a log line may show it: its password hidden.
func (a StoreAddr) String() string {
	switch {
	case a.Memory:
		return StoreMemory
	case a.Network == "unix":
		return fmt.Sprintf("unix://%s?db=%d", a.Addr, a.DB)
	}
	scheme := "redis"
	if a.TLS {
		scheme = "rediss"
	}
	user := ""
	if a.Username != "" || a.Password != "" {
		user = a.Username
		if a.Password != "" {
			user += ":xxxxx"
		}
		user += "@"
	}
	return fmt.Sprintf("%s://%s%s/%d", scheme, user, a.Addr, a.DB)
}
