package store_test

import (
	"testing"

	"github.com/rtq-kit/rtq/mockserver/internal/store"
	"github.com/rtq-kit/rtq/mockserver/internal/store/storetest"
	"github.com/rtq-kit/rtq/scenario"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

func TestMemoryStorePassesTheSuite(t *testing.T) {
	other := ts.Build()
	other.Name = "other"
	fx := storetest.Fixture{Scenario: ts.Build(), Other: other, WriteSecret: ts.WriteSecret, Cert: ts.CertOK}
	storetest.Run(t, fx, func(t *testing.T, sc *scenario.Scenario, c storetest.Config) store.Store {
		m, err := store.NewMemory(sc, store.Options{JournalSize: 100, MaxNamespaces: c.MaxNamespaces, NamespaceIdle: c.Idle})
		if err != nil {
			t.Fatal(err)
		}
		m.Table().Now = c.Now
		return m
	})
}
