package redisstore

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrTooManyRules is the answer to an AddFaults past MaxFaultRules: no
// rule of the call is added.
var ErrTooManyRules = errors.New("too many fault rules")

// addFaultsScript adds rules all or none, within the bound, each with the
// next id, and renews the space's TTL. KEYS: status, changes, journal,
// faults, faultseq. ARGV: max, ttl ms, then the rules.
var addFaultsScript = redis.NewScript(`
if redis.call('HLEN', KEYS[4]) + #ARGV - 2 > tonumber(ARGV[1]) then return false end
local ids = {}
for i = 3, #ARGV do
  local id = redis.call('INCR', KEYS[5])
  redis.call('HSET', KEYS[4], id, ARGV[i])
  table.insert(ids, tostring(id))
end
local ttl = tonumber(ARGV[2])
if ttl > 0 then
  for i = 1, #KEYS do redis.call('PEXPIRE', KEYS[i], ttl) end
end
return ids
`)

// AddFaults adds runtime fault rules (JSON each) to a space and returns
// their ids, or ErrTooManyRules.
func (s *Store) AddFaults(ctx context.Context, space string, rules []string) ([]string, error) {
	args := []any{s.cfg.MaxFaultRules, s.ttl(space)}
	for _, r := range rules {
		args = append(args, r)
	}
	ids, err := addFaultsScript.Run(ctx, s.rdb, keys(space), args...).StringSlice()
	if errors.Is(err, redis.Nil) {
		return nil, ErrTooManyRules
	}
	return ids, s.check(err)
}

// Faults are a space's runtime fault rules by id.
func (s *Store) Faults(ctx context.Context, space string) (map[string]string, error) {
	m, err := s.rdb.HGetAll(ctx, keys(space)[3]).Result()
	return m, s.check(err)
}

// DeleteFault removes one rule; false when there was none of that id.
func (s *Store) DeleteFault(ctx context.Context, space, id string) (bool, error) {
	if _, err := strconv.ParseUint(id, 10, 64); err != nil {
		return false, nil
	}
	n, err := s.rdb.HDel(ctx, keys(space)[3], id).Result()
	return n == 1, s.check(err)
}

// DeleteFaults removes every runtime rule of a space.
func (s *Store) DeleteFaults(ctx context.Context, space string) error {
	return s.check(s.rdb.Del(ctx, keys(space)[3]).Err())
}

func msDuration(ms int64) time.Duration { return time.Duration(ms) * time.Millisecond }
