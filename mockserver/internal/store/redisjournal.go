package store

import (
	"context"
	"encoding/json"

	"github.com/rtq-kit/rtq/internal/redisstore"
	"github.com/rtq-kit/rtq/mockserver/internal/journal"
	"github.com/rtq-kit/rtq/scenario"
)

// redisJournal is one space's journal, a Redis stream every replica
// appends to and reads. An entry is masked here, before it leaves the
// process (journal.Journal.Summarize), and written before the request's
// answer leaves (Add waits for it), so a client that has an answer finds
// its request in the journal through any replica, and a replica killed
// after answering has lost nothing. A credential getRecord's entry is
// not added here: it goes with the status read (redisCerts.Moved).
type redisJournal struct {
	space string
	rs    *redisstore.Store
	w     *writer
	mask  *journal.Journal // holds only the secrets to mask
	logf  func(format string, args ...any)
}

var _ journal.Log = (*redisJournal)(nil)

func (j *redisJournal) Add(x journal.Exchange) {
	entry, err := j.encode(x)
	if err == nil {
		err = j.w.add(j.space, entry)
	}
	if err != nil {
		j.logf("rtq mock: journal entry of %s %s lost: %v", x.Method, x.Path, err)
	}
}

// encode is x's entry as the store keeps it: masked, as JSON.
func (j *redisJournal) encode(x journal.Exchange) (string, error) {
	b, err := json.Marshal(j.mask.Summarize(x))
	return string(b), err
}

func (j *redisJournal) Requests(f journal.RequestFilter) ([]journal.Request, error) {
	entries, err := j.rs.Journal(context.Background(), j.space, 0)
	if err != nil {
		return nil, unreachable(err)
	}
	var out []journal.Request
	for _, e := range entries {
		var r journal.Request
		if json.Unmarshal([]byte(e.Req), &r) != nil || !f.Match(r) {
			continue
		}
		out = append(out, r)
		if f.Limit > 0 && len(out) == f.Limit {
			break
		}
	}
	return out, nil
}

func (j *redisJournal) AppendJSON(dst []byte, f journal.RequestFilter) ([]byte, error) {
	rs, err := j.Requests(f)
	if err != nil {
		return dst, err
	}
	return journal.AppendRequests(dst, rs), nil
}

func (j *redisJournal) Clear() error {
	if err := j.rs.ClearJournal(context.Background(), j.space); err != nil {
		return unreachable(err)
	}
	return nil
}

func (j *redisJournal) Remember(keys []*scenario.Key, more ...string) { j.mask.Remember(keys, more...) }
