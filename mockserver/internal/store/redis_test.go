package store_test

import (
	"testing"
	"time"

	"github.com/rtq-kit/rtq/internal/redisstore"
	"github.com/rtq-kit/rtq/mockserver/internal/store"
	"github.com/rtq-kit/rtq/mockserver/internal/store/storetest"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/testkit/redistest"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

// openRedis is a Redis store on a redis-server of the test's own.
func openRedis(t *testing.T, srv *redistest.Server, sc *scenario.Scenario, c storetest.Config) *store.Redis {
	t.Helper()
	r, err := store.NewRedis(sc, store.Options{JournalSize: 100, MaxNamespaces: c.MaxNamespaces, NamespaceIdle: c.Idle},
		store.RedisOptions{Config: redisstore.Config{Network: "unix", Addr: srv.Socket()}, Parse: parseFor(t), Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	if c.Now != nil {
		r.Table().Now = c.Now
	}
	return r
}

func parseFor(*testing.T) func(string, []byte) (*scenario.Scenario, error) {
	return func(name string, data []byte) (*scenario.Scenario, error) { return scenario.Parse(name, data) }
}

func TestRedisStorePassesTheSuite(t *testing.T) {
	other := ts.Build()
	other.Name = "other"
	fx := storetest.Fixture{Scenario: ts.Build(), Other: other, WriteSecret: ts.WriteSecret, Cert: ts.CertOK}
	storetest.Run(t, fx, func(t *testing.T, sc *scenario.Scenario, c storetest.Config) store.Store {
		return openRedis(t, redistest.Start(t), sc, c)
	})
}

// Close twice is harmless: a server closed, then its test's cleanup.
func TestRedisCloseTwice(t *testing.T) {
	r := openRedis(t, redistest.Start(t), ts.Build(), storetest.Config{MaxNamespaces: 1, Idle: time.Minute})
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
}
