package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
	"github.com/rtq-kit/rtq/schemas"
)

// plan is what the traffic is made of: the default scenario's objects,
// split by organization, and the schemas answers are checked against.
type plan struct {
	seed                 int64
	read, write, other   string
	own, foreign, certs  []*scenario.Record
	ownTpls, foreignTpls []*scenario.Template
	searchKeys           []string
	yaml                 []byte // the default scenario, for admin replaces
	schemas              *schemas.Set
	weights              []weighted
	totalWeight          int
}

// request is one call and what its answer must be.
type request struct {
	kind   string
	method string
	path   string
	key    string
	body   string
	ep     *contract.Endpoint // nil for admin calls
	codes  []int64            // accepted body codes (API) or HTTP statuses (admin)
	errs   []int64            // accepted error_code values when code != 0; nil: any
	follow bool               // templates walk: follow next_page_token
}

type weighted struct {
	weight int
	make   func(p *plan, r *rand.Rand) request
}

func newPlan(seed int64) (*plan, error) {
	sc, err := scenarios.Default()
	if err != nil {
		return nil, err
	}
	set, err := schemas.Compile()
	if err != nil {
		return nil, err
	}
	p := &plan{seed: seed, schemas: set, yaml: scenarios.DefaultYAML(), searchKeys: []string{"巡检", "消防", "电梯", "XJ", "不存在的词"}}
	var demo *scenario.Org
	for _, k := range sc.Keys {
		switch k.Secret { // docs/cli.md fixes these secrets
		case "rtq-demo-read":
			p.read, demo = k.Secret, k.Org
		case "rtq-demo-write":
			p.write = k.Secret
		case "rtq-other-org":
			p.other = k.Secret
		}
	}
	if demo == nil || p.write == "" || p.other == "" {
		return nil, fmt.Errorf("default scenario lacks the rtq-demo-read, rtq-demo-write or rtq-other-org key")
	}
	for _, r := range sc.Records {
		if r.Org.ID == demo.ID {
			p.own = append(p.own, r)
			if r.Cert != nil {
				p.certs = append(p.certs, r)
			}
		} else {
			p.foreign = append(p.foreign, r)
		}
	}
	for _, t := range sc.Templates {
		if t.Org.ID == demo.ID {
			p.ownTpls = append(p.ownTpls, t)
		} else {
			p.foreignTpls = append(p.foreignTpls, t)
		}
	}
	p.weights = mix()
	for _, w := range p.weights {
		p.totalWeight += w.weight
	}
	return p, nil
}

func pick[T any](r *rand.Rand, s []T) T { return s[r.Intn(len(s))] }

func api(kind string, ep contract.Endpoint, key, body string, codes []int64, errs ...int64) request {
	return request{kind: kind, method: http.MethodPost, path: ep.Path(), key: key, body: body, ep: &ep, codes: codes, errs: errs}
}

var ok = []int64{0}

// verifyCodes are the answers a verify of an own credential may get,
// depending on where earlier verifies left it.
var verifyCodes = []int64{100319, 100321, 100322, 100323, 100324, 100325, 100326, 100327, 100329}

// mix is the traffic: weights per kind of request, out of their sum.
func mix() []weighted {
	return []weighted{
		{30, func(p *plan, r *rand.Rand) request {
			rec, f := pick(r, p.own), pick(r, contract.Formats).Name
			body := fmt.Sprintf(`{"record_id":%d,"format":%q}`, rec.ID, f)
			if r.Intn(2) == 0 {
				body = fmt.Sprintf(`{"record_url":%q,"format":%q}`, rec.URL, f)
			}
			return api("record.own", contract.GetRecord, p.read, body, ok)
		}},
		{5, func(p *plan, r *rand.Rand) request {
			return api("record.foreign", contract.GetRecord, p.read, fmt.Sprintf(`{"record_id":%d}`, pick(r, p.foreign).ID), []int64{404}, 100404)
		}},
		{15, func(p *plan, r *rand.Rand) request {
			body := fmt.Sprintf(`{"page":%d,"page_size":%d}`, 1+r.Intn(5), 1+r.Intn(25))
			if r.Intn(3) == 0 {
				body = fmt.Sprintf(`{"search_key":%q}`, pick(r, p.searchKeys))
			}
			return api("formlist", contract.GetFormList, p.read, body, ok)
		}},
		{8, func(p *plan, r *rand.Rand) request {
			q := api("templates.walk", contract.TemplatesList, p.read, fmt.Sprintf(`{"page_size":%d}`, 1+r.Intn(100)), ok)
			q.follow = true
			return q
		}},
		{8, func(p *plan, r *rand.Rand) request {
			if r.Intn(5) == 0 {
				return api("qrcodes.foreign", contract.ListQrcodes, p.read, fmt.Sprintf(`{"template":%q}`, pick(r, p.foreignTpls).Coding), []int64{404})
			}
			return api("qrcodes.own", contract.ListQrcodes, p.read, fmt.Sprintf(`{"template":%q,"page_size":%d}`, pick(r, p.ownTpls).Coding, 1+r.Intn(100)), ok)
		}},
		{8, func(p *plan, r *rand.Rand) request {
			body := fmt.Sprintf(`{"certificate_code":%q,"action_type":"set_next_certificate_status"}`, pick(r, p.certs).Code)
			return api("verify", contract.Verify, p.write, body, []int64{0, 400, 403}, append([]int64{100328}, verifyCodes...)...)
		}},
		{2, func(p *plan, r *rand.Rand) request {
			body := fmt.Sprintf(`{"certificate_code":%q,"action_type":"set_next_certificate_status"}`, pick(r, p.certs).Code)
			return api("verify.readonly", contract.Verify, p.read, body, []int64{403}, 100328)
		}},
		{4, func(p *plan, r *rand.Rand) request {
			return api("bad.json", pick(r, contract.Endpoints), p.write, `{"record_id":`, []int64{400}, 100301)
		}},
		{3, func(p *plan, r *rand.Rand) request {
			return api("bad.key", pick(r, contract.Endpoints), "rtq-soak-no-such-key", `{}`, []int64{401}, 100401)
		}},
		{2, func(p *plan, r *rand.Rand) request {
			q := api("bad.method", pick(r, contract.Endpoints), p.read, "", []int64{405}, 100405)
			q.method = http.MethodGet
			return q
		}},
		{1, func(p *plan, r *rand.Rand) request {
			switch r.Intn(8) {
			case 0, 1:
				return request{kind: "admin.reset", method: http.MethodPost, path: "/__admin/reset", codes: []int64{200}}
			case 2: // a reload of the same scenario: memory must not grow with reloads;
				// 429 when another worker's reload is still loading (one upload at a time, docs/mock.md)
				return request{kind: "admin.replace", method: http.MethodPost, path: "/__admin/scenario", body: string(p.yaml), codes: []int64{200, 429}}
			}
			return request{kind: "admin.journal", method: http.MethodGet, path: "/__admin/requests", codes: []int64{200}}
		}},
	}
}

// next draws the next request of a worker.
func (p *plan) next(r *rand.Rand) request {
	n := r.Intn(p.totalWeight)
	for _, w := range p.weights {
		if n < w.weight {
			return w.make(p, r)
		}
		n -= w.weight
	}
	panic("unreachable: weights do not add up")
}

// drive runs o.workers workers until o.duration has passed.
func drive(ctx context.Context, base string, p *plan, o options, res *result) {
	ctx, cancel := context.WithTimeout(ctx, o.duration)
	defer cancel()
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: o.workers}}
	var wg sync.WaitGroup
	for w := 0; w < o.workers; w++ {
		wg.Add(1)
		go func(r *rand.Rand) {
			defer wg.Done()
			for ctx.Err() == nil {
				q := p.next(r)
				for page := 0; page < 4; page++ {
					next := call(ctx, client, base, p, q, res)
					if !q.follow || next == "" {
						break
					}
					q.body = fmt.Sprintf(`{"page_token":%q}`, next)
				}
			}
		}(rand.New(rand.NewSource(p.seed + int64(w))))
	}
	wg.Wait()
	client.CloseIdleConnections()
}

// call sends one request, checks its answer and returns the
// next_page_token of a templates walk.
func call(ctx context.Context, client *http.Client, base string, p *plan, q request, res *result) string {
	req, err := http.NewRequestWithContext(ctx, q.method, base+q.path, bytes.NewReader([]byte(q.body)))
	if err != nil {
		res.fail("%s: %v", q.kind, err)
		return ""
	}
	req.Header.Set("Content-Type", "application/json")
	if q.key != "" {
		req.Header.Set("Authorization", "Bearer "+q.key)
	}
	resp, err := client.Do(req)
	if err != nil {
		if ctx.Err() == nil {
			res.fail("%s %s: %v", q.kind, q.body, err)
		}
		return ""
	}
	data, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		if ctx.Err() == nil {
			res.fail("%s: read answer: %v", q.kind, err)
		}
		return ""
	}
	res.count(q.kind)
	next, problem := judge(p, q, resp, data)
	if problem != "" {
		res.fail("%s %s %s: %s: %.200s", q.kind, q.path, q.body, problem, data)
	}
	return next
}

// judge returns what is wrong with an answer ("" when nothing).
func judge(p *plan, q request, resp *http.Response, data []byte) (string, string) {
	if resp.StatusCode >= 500 {
		return "", fmt.Sprintf("HTTP %d", resp.StatusCode)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		return "", "Content-Type " + ct
	}
	var doc map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return "", "not a JSON object: " + err.Error()
	}
	if q.ep == nil {
		return "", oneOf("HTTP status", int64(resp.StatusCode), q.codes)
	}
	code := number(doc["code"])
	if msg := oneOf("code", code, q.codes); msg != "" {
		return "", msg
	}
	file := q.ep.Name + ".response.json"
	if code != 0 {
		file = q.ep.Name + ".error.json"
		if _, has := doc["error_code"]; has && q.errs != nil {
			if msg := oneOf("error_code", number(doc["error_code"]), q.errs); msg != "" {
				return "", msg
			}
		}
	}
	if err := p.schemas.ValidateJSON(file, data); err != nil {
		return "", err.Error()
	}
	data2, _ := doc["data"].(map[string]any)
	next, _ := data2["next_page_token"].(string)
	return next, ""
}

func number(v any) int64 {
	n, _ := v.(json.Number)
	i, _ := n.Int64()
	return i
}

func oneOf(what string, got int64, want []int64) string {
	for _, w := range want {
		if got == w {
			return ""
		}
	}
	return fmt.Sprintf("%s %d, want one of %v", what, got, want)
}
