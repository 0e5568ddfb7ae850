package redisstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// The scenario every replica of a store serves is kept beside the state:
//
//	rtq:scenario  hash: digest, name, yaml (the resolved scenario), gen
//	rtq:events    pub/sub channel: "scenario <gen>" when it is replaced
//
// A replica joins with Join, which refuses a store serving another
// scenario; Publish replaces it for every replica, which learn it from
// the channel (Events) or, having missed a message while Redis was away,
// from Current on their next subscription.
const (
	scenarioKey = "rtq:scenario"
	eventsChan  = "rtq:events"
)

// Scenario is the scenario a store's replicas serve.
type Scenario struct {
	Digest, Name string
	YAML         []byte
	Gen          int64
}

// ErrOtherScenario is Join's answer when the store serves another
// scenario than the replica joining it.
var ErrOtherScenario = errors.New("the store serves another scenario")

// joinScript sets the scenario when the store has none, and answers the
// one it has: digest, name, gen.
var joinScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('HSET', KEYS[1], 'digest', ARGV[1], 'name', ARGV[2], 'yaml', ARGV[3], 'gen', 1)
end
return redis.call('HMGET', KEYS[1], 'digest', 'name', 'gen')
`)

// Join registers sc as the store's scenario when it has none; when it
// has another, the error wraps ErrOtherScenario and names both.
func (s *Store) Join(ctx context.Context, sc Scenario) (gen int64, err error) {
	res, err := joinScript.Run(ctx, s.rdb, []string{scenarioKey}, sc.Digest, sc.Name, sc.YAML).Slice()
	if err = s.check(err); err != nil {
		return 0, err
	}
	digest, name, genStr := str(res, 0), str(res, 1), str(res, 2)
	if digest != sc.Digest {
		return 0, fmt.Errorf("%w: the store holds scenario %s of %q; this replica serves %s of %q: replicas sharing a store serve one scenario, so start this one with the same scenario files and --seed, or post its scenario to /__admin/scenario of a running replica, or give it another database (redis://HOST:PORT/DB)",
			ErrOtherScenario, short(digest), name, short(sc.Digest), sc.Name)
	}
	fmt.Sscan(genStr, &gen)
	return gen, nil
}

// publishScript replaces the scenario, bumps its generation, drops the
// root's verifies (a Load serves the scenario afresh) and tells every
// replica.
var publishScript = redis.NewScript(`
local gen = redis.call('HINCRBY', KEYS[1], 'gen', 1)
redis.call('HSET', KEYS[1], 'digest', ARGV[1], 'name', ARGV[2], 'yaml', ARGV[3])
redis.call('DEL', KEYS[2], KEYS[3])
redis.call('PUBLISH', ARGV[4], 'scenario ' .. gen)
return gen
`)

// Publish makes sc the scenario of every replica: the root's verifies
// dropped (its journal and fault rules kept), every namespace dropped.
func (s *Store) Publish(ctx context.Context, sc Scenario) (int64, error) {
	root := keys("")
	gen, err := publishScript.Run(ctx, s.rdb, []string{scenarioKey, root[0], root[1]}, sc.Digest, sc.Name, sc.YAML, eventsChan).Int64()
	if err = s.check(err); err != nil {
		return 0, err
	}
	return gen, s.DropNamespaces(ctx)
}

// Current is the scenario the store holds now.
func (s *Store) Current(ctx context.Context) (Scenario, error) {
	m, err := s.rdb.HGetAll(ctx, scenarioKey).Result()
	if err = s.check(err); err != nil {
		return Scenario{}, err
	}
	sc := Scenario{Digest: m["digest"], Name: m["name"], YAML: []byte(m["yaml"])}
	fmt.Sscan(m["gen"], &sc.Gen)
	return sc, nil
}

// Generation is the scenario's generation alone: one small read.
func (s *Store) Generation(ctx context.Context) (int64, error) {
	g, err := s.rdb.HGet(ctx, scenarioKey, "gen").Int64()
	if errors.Is(err, redis.Nil) {
		return 0, nil
	}
	return g, s.check(err)
}

// DropNamespaces removes every namespace's keys (a scenario replaced).
func (s *Store) DropNamespaces(ctx context.Context) error {
	iter := s.rdb.Scan(ctx, 0, "rtq:{s:*", 500).Iterator()
	var batch []string
	for iter.Next(ctx) {
		batch = append(batch, iter.Val())
		if len(batch) == 500 {
			if err := s.rdb.Unlink(ctx, batch...).Err(); err != nil {
				return s.check(err)
			}
			batch = batch[:0]
		}
	}
	if err := iter.Err(); err != nil {
		return s.check(err)
	}
	if len(batch) > 0 {
		return s.check(s.rdb.Unlink(ctx, batch...).Err())
	}
	return nil
}

// Events is a subscription to the store's events; each message is
// "scenario <gen>". Every (re)subscription is sent as "subscribed", so
// the caller checks Current for what it may have missed. Close ends it.
func (s *Store) Events(ctx context.Context) (<-chan string, func() error) {
	ps := s.rdb.Subscribe(ctx, eventsChan)
	out := make(chan string, 16)
	go func() {
		defer close(out)
		for {
			msg, err := ps.Receive(ctx)
			if err != nil {
				if errors.Is(err, redis.ErrClosed) || ctx.Err() != nil {
					return
				}
				select { // go-redis reconnects; the next Subscription says so
				case <-ctx.Done():
					return
				case <-time.After(retryEvents):
				}
				continue
			}
			ev := ""
			switch m := msg.(type) {
			case *redis.Subscription:
				ev = "subscribed"
			case *redis.Message:
				ev = m.Payload
			default:
				continue
			}
			select { // never blocked on a reader that has gone
			case out <- ev:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out, ps.Close
}

// retryEvents is the pause between two attempts to receive events while
// Redis cannot be reached.
const retryEvents = 200 * time.Millisecond

func str(res []any, i int) string {
	if i < len(res) {
		if s, ok := res[i].(string); ok {
			return s
		}
	}
	return ""
}

// short is a digest as a message shows it.
func short(d string) string {
	if len(d) > 12 {
		return d[:12]
	}
	return d
}

// Announce tells every replica something changed (a space's fault rules:
// "faults NAME"), on the channel Events follows.
func (s *Store) Announce(ctx context.Context, msg string) error {
	return s.check(s.rdb.Publish(ctx, eventsChan, msg).Err())
}
