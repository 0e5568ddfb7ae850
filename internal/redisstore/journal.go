package redisstore

import (
	"context"
	"encoding/json"

	"github.com/redis/go-redis/v9"
)

// Entry is one journal entry as the store holds it: the request's entry
// (JSON) and, for a verify, what the script decided.
type Entry struct {
	ID, Req          string
	Verify, From, To string
}

// Append adds a request's entry to a space's journal (MAXLEN ~) and
// renews the space's TTL, in one round trip.
func (s *Store) Append(ctx context.Context, space, entry string) error {
	k := keys(space)
	_, err := s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.XAdd(ctx, &redis.XAddArgs{Stream: k[2], MaxLen: s.journalCap(space), Approx: true, Values: []string{"req", entry}})
		if ms := s.ttl(space); ms > 0 {
			for _, key := range k {
				p.PExpire(ctx, key, msDuration(ms))
			}
		}
		return nil
	})
	return s.check(err)
}

// Journal is a space's journal, newest first, at most limit entries (0:
// all kept).
func (s *Store) Journal(ctx context.Context, space string, limit int64) ([]Entry, error) {
	k := keys(space)[2]
	var msgs []redis.XMessage
	var err error
	if limit > 0 {
		msgs, err = s.rdb.XRevRangeN(ctx, k, "+", "-", limit).Result()
	} else {
		msgs, err = s.rdb.XRevRange(ctx, k, "+", "-").Result()
	}
	if err = s.check(err); err != nil {
		return nil, err
	}
	out := make([]Entry, len(msgs))
	for i, m := range msgs {
		str := func(f string) string { v, _ := m.Values[f].(string); return v }
		out[i] = Entry{ID: m.ID, Req: str("req"), Verify: str("verify"), From: str("from"), To: str("to")}
	}
	return out, nil
}

// ClearJournal empties a space's journal.
func (s *Store) ClearJournal(ctx context.Context, space string) error {
	return s.check(s.rdb.Del(ctx, keys(space)[2]).Err())
}

func decodeList(raw string) ([]string, error) {
	var list []json.RawMessage
	if err := json.Unmarshal([]byte(raw), &list); err != nil {
		return nil, err
	}
	out := make([]string, len(list))
	for i, v := range list {
		var s string
		if json.Unmarshal(v, &s) == nil {
			out[i] = s
		} else {
			out[i] = string(v)
		}
	}
	return out, nil
}

// Appended is one entry of AppendBatch: a space's request entry (JSON).
type Appended struct{ Space, Entry string }

// AppendBatch adds many entries, of any spaces, in one round trip (a
// pipeline, not a transaction: each entry lands whole, in order), each
// capped (MAXLEN ~) and its namespace's TTL renewed.
func (s *Store) AppendBatch(ctx context.Context, batch []Appended) error {
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for _, a := range batch {
			s.appendTo(ctx, p, a.Space, a.Entry)
		}
		return nil
	})
	return s.check(err)
}

// appendTo queues on p a request's entry to a space's journal (MAXLEN ~)
// and the renewal of the space's TTL; the XADD's command is returned.
func (s *Store) appendTo(ctx context.Context, p redis.Pipeliner, space, entry string) *redis.StringCmd {
	k := keys(space)
	add := p.XAdd(ctx, &redis.XAddArgs{Stream: k[2], MaxLen: s.journalCap(space), Approx: true, Values: []string{"req", entry}})
	if ms := s.ttl(space); ms > 0 {
		for _, key := range k {
			p.PExpire(ctx, key, msDuration(ms))
		}
	}
	return add
}
