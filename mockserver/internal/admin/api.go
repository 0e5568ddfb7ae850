// Package admin is the mock's admin API under /__admin (docs/mock.md):
// health, profile, reset and the journal (admin.go), scenario uploads
// (load.go), fault rules (faults.go) and the admin page with the scenario
// summary it shows (page.go; its files are in mockserver/adminpage).
package admin

import (
	"context"
	"sync/atomic"

	"github.com/rtq-kit/rtq/covreport"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/journal"
	"github.com/rtq-kit/rtq/mockserver/internal/namespace"
	"github.com/rtq-kit/rtq/scenario"
)

// Config is what the admin API needs of the server it runs in: its
// options, and how it reaches the state, journal and fault rules of the
// call's namespace (or the root's). The server fills it; the admin API
// never imports it.
type Config struct {
	// AdminToken, when set, protects /__admin/* (Auth).
	AdminToken string
	// ParseScenario loads the YAML of POST /__admin/scenario.
	ParseScenario func(filename string, data []byte) (*scenario.Scenario, error)
	// MaxGenerated is the bound ParseScenario keeps, named in its refusal.
	MaxGenerated int64
	// Replace serves a new scenario; an error when the store refused it.
	Replace func(sc *scenario.Scenario) error
	// Reset puts back the state the call addresses.
	Reset func(c *chain.Call) error
	// Journal is the journal the call addresses.
	Journal func(c *chain.Call) journal.Log
	// Faults are the fault rules the call addresses.
	Faults func(c *chain.Call) namespace.Rules
	// Health says whether the store answers (GET /__admin/health).
	Health func(ctx context.Context) error
	// Coverage is the consumer coverage of a namespace ("" the root,
	// "*" every one joined).
	Coverage func(namespace string) covreport.Report
	// ResetCoverage forgets the consumer coverage of a namespace.
	ResetCoverage func(namespace string)
}

// API is the admin API of one server. One scenario upload runs at a time.
type API struct {
	opts Config
	// Loading is held while a POST /__admin/scenario is loaded; a test
	// holds it to act as an upload in progress.
	Loading atomic.Bool
}

// New is the admin API over cfg.
func New(cfg Config) *API { return &API{opts: cfg} }

// Replace serves sc from now on.
func (s *API) Replace(sc *scenario.Scenario) error { return s.opts.Replace(sc) }

func (s *API) resetOf(c *chain.Call) error            { return s.opts.Reset(c) }
func (s *API) journalOf(c *chain.Call) journal.Log    { return s.opts.Journal(c) }
func (s *API) faultsOf(c *chain.Call) namespace.Rules { return s.opts.Faults(c) }
