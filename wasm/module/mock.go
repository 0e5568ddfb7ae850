//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strconv"
	"sync"
	"syscall/js"
	"time"

	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/wasm/bridge"
	"github.com/rtq-kit/rtq/wasm/pagemock"
)

// mock is one running mock and the requests in flight, by the id the JS
// side gave them, so that an aborted fetch cancels its request.
type mock struct {
	srv    *mockserver.Server
	closed chan struct{}
	once   sync.Once
	mu     sync.Mutex
	flight map[int]context.CancelFunc
}

// newMock reads createMock's options and builds the mock.
func newMock(o js.Value) (*mock, error) {
	c := pagemock.Config{
		ScenarioYAML: bytesOf(o.Get("scenario")),
		HasScenario:  o.Get("scenario").Type() == js.TypeString || o.Get("scenario").Type() == js.TypeObject, // text, or a file's bytes
		Snapshot:     bytesOf(o.Get("snapshot")),
		FaultsJSON:   bytesOf(o.Get("faults")),
		MaxGenerated: int64(numberOf(o, "maxGenerated")),
		Limits: scenario.Limits{
			MaxBytes:  int64(numberOf(o, "maxScenarioBytes")),
			MaxTokens: numberOf(o, "maxYamlTokens"),
			MaxDepth:  numberOf(o, "maxYamlDepth"),
			MaxKeys:   numberOf(o, "maxYamlKeys"),
		},
	}
	if s := o.Get("seed"); s.Type() == js.TypeNumber {
		c.Seed, c.HasSeed = int64(s.Float()), true
	}
	if o.Get("log").Truthy() {
		c.Logger = os.Stderr
	}
	srv, err := pagemock.New(c)
	if err != nil {
		return nil, err
	}
	return &mock{srv: srv, closed: make(chan struct{}), flight: map[int]context.CancelFunc{}}, nil
}

// api is the object the JS side calls.
func (m *mock) api() js.Value {
	api := js.Global().Get("Object").New()
	api.Set("serve", js.FuncOf(func(_ js.Value, args []js.Value) any {
		m.serve(args[0], args[1])
		return nil
	}))
	api.Set("abort", js.FuncOf(func(_ js.Value, args []js.Value) any {
		m.abort(args[0].Int())
		return nil
	}))
	api.Set("coverage", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return m.coverage(args)
	}))
	api.Set("close", js.FuncOf(func(js.Value, []js.Value) any {
		m.once.Do(func() { close(m.closed) })
		return nil
	}))
	return api
}

// coverage is the consumer coverage as GET /__admin/coverage answers it
// (JSON text), of the namespace args[0] names ("" the root, "*" all).
func (m *mock) coverage(args []js.Value) any {
	ns := ""
	if len(args) > 0 && args[0].Type() == js.TypeString {
		ns = args[0].String()
	}
	b, err := json.Marshal(m.srv.Coverage(ns))
	if err != nil {
		return js.Null()
	}
	return string(b)
}

// serve answers one request in its own goroutine: a JS callback must
// return before the delays of fault rules can run.
func (m *mock) serve(req, sink js.Value) {
	id := req.Get("id").Int()
	r := bridge.Request{Method: req.Get("method").String(), URL: req.Get("url").String(), Body: bytesOf(req.Get("body"))}
	hs := req.Get("headers")
	for i := range hs.Length() {
		kv := hs.Index(i)
		r.Header = append(r.Header, [2]string{kv.Index(0).String(), kv.Index(1).String()})
	}
	ctx, cancel := context.WithCancel(context.Background())
	m.mu.Lock()
	m.flight[id] = cancel
	m.mu.Unlock()
	t := timingOf(req)
	go func() {
		defer m.abort(id)
		bridge.Serve(mockserver.WithTiming(ctx, t), m.srv, r, jsSink{sink})
		sink.Call("done", strconv.FormatInt(t.At.UnixNano(), 10), t.Dur.Nanoseconds())
	}()
}

// timingOf reads a replayed request's journal time and duration (at: Unix
// nanoseconds as a string, dur: nanoseconds); a live request has none.
func timingOf(req js.Value) *mockserver.Timing {
	at := req.Get("at")
	if at.Type() != js.TypeString {
		return &mockserver.Timing{}
	}
	ns, _ := strconv.ParseInt(at.String(), 10, 64)
	return &mockserver.Timing{At: time.Unix(0, ns), Dur: time.Duration(req.Get("dur").Float()), Replay: true}
}

func (m *mock) abort(id int) {
	m.mu.Lock()
	cancel := m.flight[id]
	delete(m.flight, id)
	m.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// jsSink hands the answer to the JS sink object.
type jsSink struct{ v js.Value }

func (s jsSink) Whole(status int, h http.Header, body []byte) {
	s.v.Call("whole", status, http.StatusText(status), headerPairs(h), toJS(body))
}
func (s jsSink) Head(status int, h http.Header) {
	s.v.Call("head", status, http.StatusText(status), headerPairs(h))
}
func (s jsSink) Chunk(p []byte)     { s.v.Call("chunk", toJS(p)) }
func (s jsSink) End()               { s.v.Call("end") }
func (s jsSink) Fail(reason string) { s.v.Call("fail", reason) }

// headerPairs is h as [[name, value], ...], one pair per value.
func headerPairs(h http.Header) js.Value {
	out := js.Global().Get("Array").New()
	for k, vs := range h {
		for _, v := range vs {
			out.Call("push", js.ValueOf([]any{k, v}))
		}
	}
	return out
}

func toJS(p []byte) js.Value {
	a := js.Global().Get("Uint8Array").New(len(p))
	js.CopyBytesToJS(a, p)
	return a
}

// numberOf reads a whole-number option; 0 (the default) when absent.
// rtq-mock.mjs has checked it is a positive integer.
func numberOf(o js.Value, name string) int {
	if v := o.Get(name); v.Type() == js.TypeNumber {
		return v.Int()
	}
	return 0
}

// bytesOf reads a Uint8Array or a string option; nil when absent.
func bytesOf(v js.Value) []byte {
	switch v.Type() {
	case js.TypeString:
		return []byte(v.String())
	case js.TypeObject:
		p := make([]byte, v.Get("length").Int())
		js.CopyBytesToGo(p, v)
		return p
	}
	return nil
}
