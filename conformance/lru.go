package conformance

import "container/list"

// lru is a map of at most max entries that forgets the least recently
// used one when full: what the relations of live traffic remember stays
// bounded however long the traffic runs.
type lru[K comparable, V any] struct {
	max   int
	order *list.List // of *lruEntry, the most recently used first
	byKey map[K]*list.Element
}

type lruEntry[K comparable, V any] struct {
	key K
	val V
}

func newLRU[K comparable, V any](max int) *lru[K, V] {
	return &lru[K, V]{max: max, order: list.New(), byKey: map[K]*list.Element{}}
}

// get returns the value of k and marks it used.
func (l *lru[K, V]) get(k K) (V, bool) {
	e, ok := l.byKey[k]
	if !ok {
		var zero V
		return zero, false
	}
	l.order.MoveToFront(e)
	return e.Value.(*lruEntry[K, V]).val, true
}

// put sets the value of k, forgetting the least recently used entry
// when the map is full.
func (l *lru[K, V]) put(k K, v V) {
	if e, ok := l.byKey[k]; ok {
		e.Value.(*lruEntry[K, V]).val = v
		l.order.MoveToFront(e)
		return
	}
	l.byKey[k] = l.order.PushFront(&lruEntry[K, V]{key: k, val: v})
	if l.order.Len() > l.max {
		last := l.order.Back()
		l.order.Remove(last)
		delete(l.byKey, last.Value.(*lruEntry[K, V]).key)
	}
}

// remove forgets k.
func (l *lru[K, V]) remove(k K) {
	if e, ok := l.byKey[k]; ok {
		l.order.Remove(e)
		delete(l.byKey, k)
	}
}

// removeIf forgets every entry whose value drop says so.
func (l *lru[K, V]) removeIf(drop func(V) bool) {
	for e := l.order.Front(); e != nil; {
		next := e.Next()
		if ent := e.Value.(*lruEntry[K, V]); drop(ent.val) {
			l.order.Remove(e)
			delete(l.byKey, ent.key)
		}
		e = next
	}
}

// update sets every value to what f makes of it, keeping the order of
// use.
func (l *lru[K, V]) update(f func(V) V) {
	for e := l.order.Front(); e != nil; e = e.Next() {
		ent := e.Value.(*lruEntry[K, V])
		ent.val = f(ent.val)
	}
}
