package mockserver

import (
	"errors"

	"github.com/rtq-kit/rtq/internal/redisstore"
	"github.com/rtq-kit/rtq/mockserver/internal/store"
	"github.com/rtq-kit/rtq/scenario"
)

// openStore makes the store Options.Store names: this process's memory
// (the zero value, or StoreMemory), or a Redis the replicas share.
func (s *Server) openStore(sc *scenario.Scenario) (store.Store, error) {
	o := s.opts
	so := store.Options{Seed: o.Seed, JournalSize: o.JournalSize,
		MaxNamespaces: o.MaxNamespaces, NamespaceIdle: o.NamespaceIdle,
		Secrets: []string{o.AdminToken}, Faults: o.Faults, MaxFaultRules: o.MaxFaultRules}
	a := o.Store
	if a.Memory || a.Network == "" {
		return store.NewMemory(sc, so)
	}
	return store.NewRedis(sc, so, store.RedisOptions{
		Config: redisstore.Config{Network: a.Network, Addr: a.Addr, DB: a.DB, TLS: a.TLS, Username: a.Username, Password: a.Password},
		Parse:  o.ParseScenario, Logf: s.logf})
}

// StoreUnreachable tells whether err (of New, say) says the shared store
// could not be reached, as opposed to refusing: a command exits 1 then,
// worth a retry, rather than 2.
func StoreUnreachable(err error) bool { return errors.Is(err, redisstore.ErrUnreachable) }
