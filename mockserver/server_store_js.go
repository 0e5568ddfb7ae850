//go:build js

package mockserver

import (
	"errors"

	"github.com/rtq-kit/rtq/mockserver/internal/store"
	"github.com/rtq-kit/rtq/scenario"
)

// openRedis refuses: the WebAssembly module has no sockets, and keeps its
// state in the page's memory.
func (s *Server) openRedis(*scenario.Scenario, store.Options, StoreAddr) (store.Store, error) {
	return nil, errors.New("the WebAssembly mock has no Redis store; it keeps its state in the page")
}

// StoreUnreachable is false: the WebAssembly mock has no shared store.
func StoreUnreachable(error) bool { return false }

// StoreRefusedAuth is false: the WebAssembly mock has no shared store.
func StoreRefusedAuth(error) bool { return false }
