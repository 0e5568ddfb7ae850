package store

import "github.com/rtq-kit/rtq/fault"

// memRules are the fault rules of one process: a fault.Set, with the
// answers of namespace.Rules (this memory never fails).
type memRules struct{ *fault.Set }

func (r memRules) List() ([]fault.Status, error)  { return r.Set.List(), nil }
func (r memRules) Remove(id string) (bool, error) { return r.Set.Remove(id), nil }
func (r memRules) Clear() error                   { r.Set.Clear(); return nil }
func (r memRules) Reset() error                   { r.Set.Reset(); return nil }
