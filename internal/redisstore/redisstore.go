// Package redisstore keeps the state that changes while the mock runs in
// a Redis that several rtq mock processes share, so replicas behind one
// load balancer serve one state: certificate statuses and their history,
// the request journal, runtime fault rules, and namespaces that expire
// when idle.
//
// Key layout: every key of a space carries the space as a Redis Cluster
// hash tag, rtq:{root}:... for the root and rtq:{s:NAME}:... for the
// namespace NAME, so one space sits in one slot and one Lua script may
// touch all of its keys:
//
//	rtq:{SPACE}:status   hash, certificate code -> its status (absent: the scenario's)
//	rtq:{SPACE}:changes  hash, certificate code -> the state changes verifies appended (JSON list)
//	rtq:{SPACE}:journal  stream, one entry a request, capped with MAXLEN ~
//	rtq:{SPACE}:faults   hash, rule id -> the runtime fault rule (JSON)
//	rtq:{SPACE}:faultseq string, the last rule id given
//
// A namespace's keys expire together after its idle time; every verify
// renews them in the same script, and Touch renews them on reads.
//
// Failure is loud: an error of the connection (Redis down, a timeout)
// wraps ErrUnreachable, for the server to answer 503 and its health to
// report "store unreachable"; nothing here falls back to memory, and
// since the client's pool dials afresh, the same Store works again when
// Redis returns, without a restart.
//
// The package holds the Redis side only (the operations and their
// scripts, tested on a real redis-server); the mock's Store seam is what
// is to call it, deciding each verify's outcomes from the scenario's flow.
package redisstore

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrUnreachable wraps every failure to reach Redis, as opposed to an
// answer Redis gave: the mock answers it 503, never from memory.
var ErrUnreachable = errors.New("store unreachable")

// Config says where the Redis is and how the store uses it.
type Config struct {
	// Network is "tcp" or "unix"; Addr is HOST:PORT or the socket path.
	Network, Addr string
	// DB is the database number; TLS dials with TLS (rediss://).
	DB  int
	TLS bool
	// Username and Password authenticate (AUTH), when set.
	Username, Password string
	// JournalSize caps the root's journal (XADD MAXLEN ~), and a
	// namespace's unless NamespaceJournalSize is set.
	JournalSize int64
	// NamespaceJournalSize caps each namespace's journal, when not 0.
	NamespaceJournalSize int64
	// MaxChanges caps the state changes verifies append to one
	// certificate, the latest kept.
	MaxChanges int
	// NamespaceIdle is how long a namespace's keys live unused.
	NamespaceIdle time.Duration
	// MaxFaultRules bounds the runtime fault rules of one space.
	MaxFaultRules int
	// Hook, when set, watches every command the store sends (go-redis'
	// hooks), from its first: a test counts with it the round trips a
	// request costs, so that one more fails it.
	Hook redis.Hook
}

// Store is a Redis shared by replicas. It is safe for concurrent use.
type Store struct {
	cfg Config
	rdb *redis.Client
}

// Open makes a store of cfg. It does not dial: Ping says whether Redis
// answers, and each call says so again.
func Open(cfg Config) *Store {
	quietOnce.Do(func() { redis.SetLogger(quiet{}) })
	// No retry of a command (a verify whose answer was lost must not run
	// twice) and one dial a call: while Redis is away a request fails at
	// once, loudly, rather than after seconds of attempts.
	o := &redis.Options{Network: cfg.Network, Addr: cfg.Addr, DB: cfg.DB,
		Username: cfg.Username, Password: cfg.Password, MaxRetries: -1, DialerRetries: 1,
		DialTimeout: 2 * time.Second, ReadTimeout: 2 * time.Second, WriteTimeout: 2 * time.Second}
	if cfg.TLS {
		o.TLSConfig = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	rdb := redis.NewClient(o)
	if cfg.Hook != nil {
		rdb.AddHook(cfg.Hook)
	}
	return &Store{cfg: cfg, rdb: rdb}
}

// quiet drops go-redis' own log lines (a dial failed, a pool emptied):
// each failure reaches the mock as an error value, which answers 503 and
// logs it once, so the library's line for each attempt is noise.
type quiet struct{}

func (quiet) Printf(context.Context, string, ...any) {}

// quietOnce sets go-redis' logger, a variable of that library, once and
// before any client of this package runs.
var quietOnce sync.Once

// ErrAuth wraps Redis' refusal of this client: it wants a password none
// was given for (NOAUTH), or it refused the one given (WRONGPASS). A
// configuration to fix, not a store to wait for: it never wraps
// ErrUnreachable.
var ErrAuth = errors.New("redis refused this client")

// AuthError is ErrAuth with what Redis said.
type AuthError struct {
	// Missing is true when no password was given and Redis wants one.
	Missing bool
	// Where names the server: "unix /path" or "tcp host:port".
	Where string
	// Said is Redis' own answer (it never holds the password).
	Said string
}

func (e *AuthError) Error() string {
	if e.Missing {
		return fmt.Sprintf("redis %s wants a password, and none was given: %s", e.Where, e.Said)
	}
	return fmt.Sprintf("redis %s refused the password given: %s", e.Where, e.Said)
}

func (e *AuthError) Is(target error) bool { return target == ErrAuth }

// Authenticate is the first command a store sends: a PING, after the
// connection's own AUTH when a password is set. A Redis that wants a
// password (requirepass, an ACL user) answers it with NOAUTH or
// WRONGPASS, which it names as an AuthError, whatever comes next; without
// it, the first command would be a scenario of tens of kilobytes, and
// Redis drops an unauthenticated client that sends a large command, which
// read as "broken pipe", a store unreachable, not a password missing.
func (s *Store) Authenticate(ctx context.Context) error {
	err := s.rdb.Ping(ctx).Err()
	if err == nil {
		return nil
	}
	for _, c := range authRefusals {
		if strings.Contains(err.Error(), c.said) {
			missing := c.missing && s.cfg.Password == ""
			return &AuthError{Missing: missing, Where: s.cfg.Network + " " + s.cfg.Addr, Said: redisSaid(err)}
		}
	}
	return s.check(err)
}

// authRefusals are Redis' answers that refuse a client its credentials,
// and whether each says that none was given.
var authRefusals = []struct {
	said    string
	missing bool
}{
	{"NOAUTH", true},
	{"WRONGPASS", false},
	{"invalid password", false},
	{"without any password configured", false},
}

// redisSaid is Redis' own error in err, without the client's wrapping.
func redisSaid(err error) string {
	var rerr redis.Error
	if errors.As(err, &rerr) {
		return rerr.Error()
	}
	return err.Error()
}

// Close releases the connections.
func (s *Store) Close() error { return s.rdb.Close() }

// Ping says whether Redis answers; its error wraps ErrUnreachable.
func (s *Store) Ping(ctx context.Context) error { return s.check(s.rdb.Ping(ctx).Err()) }

// check wraps an error of the connection in ErrUnreachable, and leaves
// Redis' own answers (redis.Nil, a script's error) as they are.
func (s *Store) check(err error) error {
	var rerr redis.Error
	if err == nil || errors.Is(err, redis.Nil) || errors.As(err, &rerr) {
		return err
	}
	return fmt.Errorf("%w: redis %s %s: %v", ErrUnreachable, s.cfg.Network, s.cfg.Addr, plainDial(err))
}

// plainDial words the common failures to connect without Go's wording
// ("dial tcp 127.0.0.1:6379: connect: connection refused"); others are
// left as they are.
func plainDial(err error) string {
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused: nothing listens there"
	case errors.Is(err, syscall.ENOENT):
		return "no such socket"
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return "no answer in time"
	}
	return err.Error()
}

// space is the hash-tagged key prefix of a space: "" is the root.
func space(name string) string {
	if name == "" {
		return "rtq:{root}:"
	}
	return "rtq:{s:" + name + "}:"
}

// keys are a space's keys, in the order the scripts take them.
func keys(name string) []string {
	p := space(name)
	return []string{p + "status", p + "changes", p + "journal", p + "faults", p + "faultseq"}
}

// ttl is how long a space's keys live unused, in milliseconds: 0 for
// the root, which never expires.
func (s *Store) ttl(name string) int64 {
	if name == "" {
		return 0
	}
	return s.cfg.NamespaceIdle.Milliseconds()
}

// journalCap is the cap of a space's journal.
func (s *Store) journalCap(name string) int64 {
	if name != "" && s.cfg.NamespaceJournalSize > 0 {
		return s.cfg.NamespaceJournalSize
	}
	return s.cfg.JournalSize
}

// Touch renews a namespace's keys, so a namespace read but not written
// is not taken for idle.
func (s *Store) Touch(ctx context.Context, name string) error {
	ms := s.ttl(name)
	if ms == 0 {
		return nil
	}
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for _, k := range keys(name) {
			p.PExpire(ctx, k, msDuration(ms))
		}
		return nil
	})
	return s.check(err)
}

// Reset puts a space back to its scenario: every verify undone, its
// journal and fault rules kept.
func (s *Store) Reset(ctx context.Context, name string) error {
	k := keys(name)
	return s.check(s.rdb.Del(ctx, k[0], k[1]).Err())
}

// Drop removes every key of a space (a scenario replaced drops the
// namespaces; their next use starts afresh).
func (s *Store) Drop(ctx context.Context, name string) error {
	return s.check(s.rdb.Del(ctx, keys(name)...).Err())
}
