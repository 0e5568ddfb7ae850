package mockserver

import (
	"github.com/rtq-kit/rtq/mockserver/internal/store"
	"github.com/rtq-kit/rtq/scenario"
)

// openStore makes the store Options.Store names: this process's memory
// (the zero value, or StoreMemory), or a Redis the replicas share
// (server_store_redis.go; not in the WebAssembly module, which has no
// sockets and would carry the Redis client for nothing).
func (s *Server) openStore(sc *scenario.Scenario) (store.Store, error) {
	o := s.opts
	so := store.Options{Seed: o.Seed, JournalSize: o.JournalSize,
		MaxNamespaces: o.MaxNamespaces, NamespaceIdle: o.NamespaceIdle,
		Secrets: []string{o.AdminToken}, Faults: o.Faults, MaxFaultRules: o.MaxFaultRules}
	if a := o.Store; !a.Memory && a.Network != "" {
		return s.openRedis(sc, so, a)
	}
	return store.NewMemory(sc, so)
}
