package scenario

import (
	"path/filepath"
	"runtime"
	"testing"
)

// The compiled schema is shared while a load holds it and compiled again
// once the collector has taken it; either way a load gets a working schema.
func TestSchemaIsSharedWhileHeldAndRebuiltAfter(t *testing.T) {
	a, err := loadStructure()
	if err != nil {
		t.Fatal(err)
	}
	b, err := loadStructure()
	if err != nil || a != b {
		t.Fatalf("two loads while one holds the schema: %p and %p (%v), want one compile", a, b, err)
	}
	runtime.KeepAlive(a)
	a, b = nil, nil
	runtime.GC()
	runtime.GC()
	if _, err := LoadFiles([]string{filepath.Join("testdata", "valid")}); err != nil {
		t.Fatalf("a load after the schema was collected: %v", err)
	}
}
