package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
)

// Paths of the service (docs/contract.md §4).
var (
	pathGetRecord   = contract.GetRecord.Path()
	pathFormList    = contract.GetFormList.Path()
	pathTemplates   = contract.TemplatesList.Path()
	pathListQRCodes = contract.ListQrcodes.Path()
	pathVerify      = contract.Verify.Path()
)

// typicalSize is the size of the getRecord answer the figures were
// taken with (6.7 KB); the record whose answer is closest to it is the one
// the targets, the baseline and the peers use.
const typicalSize = 6700

// mix is one kind of load: a path, a key, and the bodies wrk sends.
type mix struct {
	name   string
	path   string
	script string   // file under bench/lua
	key    string   // API key secret
	bodies []string // post.lua: one; cycle.lua: rotated; walk.lua: first page
	// mixedStatus: some answers are errors by design (verify), so wrk's
	// status error count is reported, not held against the run.
	mixedStatus bool
	about       string
	// answer is the mock's answer to a fixed request (post.lua), which a
	// baseline twin serves so that the mix has a same-size yardstick.
	answer []byte
}

// plan is what the benchmark learned from the scenario and the running
// mock before driving it.
type plan struct {
	readKey, writeKey string
	small, typical    recordSize
	large             recordSize
	typicalBody       []byte // the captured answer the baseline and peers serve
	mixes             []mix
}

type recordSize struct {
	id   int64
	size int
}

// keySecret finds a key of the scenario by secret, or else the first key
// with the wanted write scope, so a renamed default still works.
func keySecret(sc *scenario.Scenario, secret string, write bool) (*scenario.Key, error) {
	for _, k := range sc.Keys {
		if k.Secret == secret {
			return k, nil
		}
	}
	for _, k := range sc.Keys {
		if k.Read && k.Write == write && k.Forms == nil {
			return k, nil
		}
	}
	return nil, fmt.Errorf("scenario has no key %q and no stand-in for it", secret)
}

// measureRecords asks the mock for every record of org (at most 400) and
// returns the answer sizes, smallest first.
func measureRecords(ctx context.Context, base, key string, sc *scenario.Scenario, org *scenario.Org) ([]recordSize, error) {
	var sizes []recordSize
	for _, r := range sc.Records {
		if r.Org != org || len(sizes) >= 400 {
			continue
		}
		body, err := post(ctx, base, pathGetRecord, key, fmt.Sprintf(`{"record_id":%d}`, r.ID))
		if err != nil {
			return nil, err
		}
		sizes = append(sizes, recordSize{r.ID, len(body)})
	}
	if len(sizes) == 0 {
		return nil, fmt.Errorf("the read key's organization has no records")
	}
	sort.Slice(sizes, func(i, j int) bool { return sizes[i].size < sizes[j].size })
	return sizes, nil
}

// closest picks the record whose answer size is nearest to want.
func closest(sizes []recordSize, want int) recordSize {
	best := sizes[0]
	for _, s := range sizes {
		if abs(s.size-want) < abs(best.size-want) {
			best = s
		}
	}
	return best
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// post sends one request and insists on HTTP 200 and a body code of 0.
func post(ctx context.Context, base, path, key, body string) ([]byte, error) {
	status, data, err := send(ctx, base+path, key, body)
	if err != nil {
		return nil, fmt.Errorf("POST %s %s: %w", path, body, err)
	}
	if status != http.StatusOK || bodyCode(data) != 0 {
		return data, fmt.Errorf("POST %s %s: HTTP %d, answer %.200s", path, body, status, data)
	}
	return data, nil
}

// send POSTs body with the key, as a client of the service does, and
// returns the status and the whole answer (10 s at most).
func send(ctx context.Context, url, key, body string) (int, []byte, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, nil, fmt.Errorf("read answer: %w", err)
	}
	return resp.StatusCode, data, nil
}

// bodyCode is the answer's "code" member, -1 when there is none.
func bodyCode(data []byte) int {
	var env struct {
		Code *int `json:"code"`
	}
	if json.Unmarshal(data, &env) != nil || env.Code == nil {
		return -1
	}
	return *env.Code
}
