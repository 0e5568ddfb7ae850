//go:build !js

package mockserver

import (
	"errors"

	"github.com/rtq-kit/rtq/internal/redisstore"
	"github.com/rtq-kit/rtq/mockserver/internal/store"
	"github.com/rtq-kit/rtq/scenario"
)

// openRedis joins the Redis store at a.
func (s *Server) openRedis(sc *scenario.Scenario, so store.Options, a StoreAddr) (store.Store, error) {
	return store.NewRedis(sc, so, store.RedisOptions{
		Config: redisstore.Config{Network: a.Network, Addr: a.Addr, DB: a.DB, TLS: a.TLS, Username: a.Username, Password: a.Password},
		Parse:  s.opts.ParseScenario, Logf: s.logf})
}

// StoreUnreachable tells whether err (of New, say) says the shared store
// could not be reached, as opposed to refusing: a command exits 1 then,
// worth a retry, rather than 2.
func StoreUnreachable(err error) bool { return errors.Is(err, redisstore.ErrUnreachable) }

// StoreRefusedAuth tells whether err says the shared store refused this
// replica's credentials: a password missing or wrong, for the command to
// say where the password goes.
func StoreRefusedAuth(err error) bool { return errors.Is(err, redisstore.ErrAuth) }
