package redisstore_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/internal/redisstore"
	"github.com/rtq-kit/rtq/testkit/redistest"
)

// A Redis with requirepass: Authenticate names a password missing or
// refused, as ErrAuth and never ErrUnreachable, and passes the right one.
// Without it, a large first command (a scenario of 64 KB) is dropped by
// Redis as from an unauthenticated client: a broken pipe, unreachable.
func TestAuthenticateNamesAMissingOrWrongPassword(t *testing.T) {
	srv := redistest.StartWithPassword(t, "s3cret-pw")
	ctx := context.Background()
	for _, c := range []struct {
		password string
		missing  bool
		want     string
	}{
		{"", true, "NOAUTH"},
		{"wrong", false, "WRONGPASS"},
	} {
		s := open(t, srv, func(cfg *redisstore.Config) { cfg.Password = c.password })
		err := s.Authenticate(ctx)
		var ae *redisstore.AuthError
		if !errors.As(err, &ae) || !errors.Is(err, redisstore.ErrAuth) || errors.Is(err, redisstore.ErrUnreachable) ||
			ae.Missing != c.missing || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "s3cret-pw") {
			t.Errorf("password %q: Authenticate = %v; want an AuthError (missing %v) saying %s", c.password, err, c.missing, c.want)
		}
	}
	big := redisstore.Scenario{Digest: "d", Name: "big", YAML: []byte(strings.Repeat("x", 64<<10))}
	if _, err := open(t, srv, nil).Join(ctx, big); err == nil {
		t.Fatal("a large Join without the password was served: the test's Redis wants none")
	}
	s := open(t, srv, func(cfg *redisstore.Config) { cfg.Password = "s3cret-pw" })
	if err := s.Authenticate(ctx); err != nil {
		t.Fatalf("the right password: %v", err)
	}
	if _, err := s.Join(ctx, big); err != nil {
		t.Fatalf("a large scenario with the right password: %v", err)
	}
}
