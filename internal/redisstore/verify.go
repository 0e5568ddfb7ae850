package redisstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/redis/go-redis/v9"
)

// Outcome is what a verify does from one current status, decided by the
// caller from the scenario's flow and the request: move To (with Change,
// the state change getRecord shows from then on, as JSON), or refuse with
// Err (an error code of the contract), when To is empty.
type Outcome struct {
	To, Change string
	Err        string
}

// VerifyCall is one verify of one certificate in one space.
type VerifyCall struct {
	Space, Code string
	// Initial is the scenario's status of the certificate, the current
	// one while no verify has moved it.
	Initial string
	// Outcomes say what happens from each status of the flow.
	Outcomes map[string]Outcome
	// Entry is the request's journal entry (JSON); the script adds what
	// it decided. Empty: the caller journals the request itself.
	Entry string
}

// Verified is what the script did: From the status it read; Moved when it
// wrote To; else Err, the refusal's code.
type Verified struct {
	From, To string
	Moved    bool
	Err      string
}

// verifyScript reads the certificate's status, compares it with the
// outcomes, writes the move and its state change (the latest MaxChanges
// kept), appends the journal entry (MAXLEN ~) and renews the space's TTL:
// one script, so of verifies racing across replicas exactly one moves a
// certificate from one status, and no journal entry is lost. go-redis
// runs it by EVALSHA and falls back to EVAL, so a SCRIPT FLUSH is
// survived.
//
// KEYS: status, changes, journal, faults, faultseq. ARGV: code, initial,
// ttl ms, journal cap, entry, max changes, then (status, to, change or
// error code) triples.
var verifyScript = redis.NewScript(`
local code = ARGV[1]
local cur = redis.call('HGET', KEYS[1], code)
if not cur then cur = ARGV[2] end
local to, detail
for i = 7, #ARGV, 3 do
  if ARGV[i] == cur then to = ARGV[i+1]; detail = ARGV[i+2]; break end
end
local result
if to == nil then
  result = {'refused', cur, 'unknown-status'}
elseif to == '' then
  result = {'refused', cur, detail}
else
  redis.call('HSET', KEYS[1], code, to)
  local raw = redis.call('HGET', KEYS[2], code)
  local list = {}
  if raw then list = cjson.decode(raw) end
  table.insert(list, detail)
  local max = tonumber(ARGV[6])
  while #list > max do table.remove(list, 1) end
  redis.call('HSET', KEYS[2], code, cjson.encode(list))
  result = {'moved', cur, to}
end
if ARGV[5] ~= '' then
  redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[4], '*', 'req', ARGV[5], 'verify', result[1], 'from', cur, 'to', result[3])
end
local ttl = tonumber(ARGV[3])
if ttl > 0 then
  for i = 1, #KEYS do redis.call('PEXPIRE', KEYS[i], ttl) end
end
return result
`)

// Verify runs one verify atomically (verifyScript).
func (s *Store) Verify(ctx context.Context, c VerifyCall) (Verified, error) {
	args := []any{c.Code, c.Initial, s.ttl(c.Space), s.journalCap(c.Space), c.Entry, s.cfg.MaxChanges}
	for from, o := range c.Outcomes {
		detail := o.Change
		if o.To == "" {
			detail = o.Err
		}
		args = append(args, from, o.To, detail)
	}
	res, err := verifyScript.Run(ctx, s.rdb, keys(c.Space), args...).StringSlice()
	if err = s.check(err); err != nil {
		return Verified{}, err
	}
	if len(res) != 3 {
		return Verified{}, fmt.Errorf("redis store: verify script answered %q", res)
	}
	if res[0] == "moved" {
		return Verified{From: res[1], To: res[2], Moved: true}, nil
	}
	return Verified{From: res[1], Err: res[2]}, nil
}

// StatusRaw is a certificate's status in a space and the state changes
// verifies appended, as the JSON list the store holds, in one round
// trip; ok is false while no verify moved it.
func (s *Store) StatusRaw(ctx context.Context, space, code string) (status, changes string, ok bool, err error) {
	k := keys(space)
	var st, ch *redis.StringCmd
	_, err = s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		st, ch = p.HGet(ctx, k[0], code), p.HGet(ctx, k[1], code)
		return nil
	})
	if err != nil && err != redis.Nil {
		return "", "", false, s.check(err)
	}
	if st.Err() == redis.Nil {
		return "", "", false, nil
	}
	return st.Val(), ch.Val(), true, nil
}

// StatusAppend is StatusRaw and Append of a request's journal entry,
// in one pipelined round trip: the entry of a read whose answer is
// decided before the read (a getRecord's), so that the read and the
// entry its answer waits for cost one round trip, not two. id is the
// entry's stream id, "" when Redis refused the entry (an error of its
// own, such as OOM): the caller journals the request another way. err
// is about the read, and wraps ErrUnreachable when Redis cannot be
// reached; whether the entry landed is then unknown, as for any write
// whose answer was lost. id may be set with an err: Redis wrote the
// entry and refused the read.
func (s *Store) StatusAppend(ctx context.Context, space, code, entry string) (status, changes string, ok bool, id string, err error) {
	k := keys(space)
	var st, ch, add *redis.StringCmd
	_, err = s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		st, ch = p.HGet(ctx, k[0], code), p.HGet(ctx, k[1], code)
		add = s.appendTo(ctx, p, space, entry)
		return nil
	})
	var rerr redis.Error
	if err != nil && err != redis.Nil && !errors.As(err, &rerr) {
		return "", "", false, "", s.check(err) // not reached: no command's answer is set
	}
	// Redis answered: err is the first command's that it refused, if
	// any; each is read below.
	if add.Err() == nil {
		id = add.Val()
	}
	for _, c := range []*redis.StringCmd{st, ch} {
		if e := c.Err(); e != nil && e != redis.Nil {
			return "", "", false, id, s.check(e)
		}
	}
	if st.Err() == redis.Nil {
		return "", "", false, id, nil
	}
	return st.Val(), ch.Val(), true, id, nil
}

// Unappend removes an entry StatusAppend wrote, by its id: for a read
// whose answer turned out not to be the one its entry says, which the
// caller then journals as it was answered.
func (s *Store) Unappend(ctx context.Context, space, id string) error {
	return s.check(s.rdb.XDel(ctx, keys(space)[2], id).Err())
}

// Status is a certificate's status in a space and the state changes
// verifies appended (JSON each); ok is false while no verify moved it.
func (s *Store) Status(ctx context.Context, space, code string) (status string, changes []string, ok bool, err error) {
	status, raw, ok, err := s.StatusRaw(ctx, space, code)
	if err != nil || !ok || raw == "" {
		return status, nil, ok, err
	}
	changes, err = decodeList(raw)
	return status, changes, ok, err
}
