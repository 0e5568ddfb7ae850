//go:build js && wasm

// Command module is the mock compiled to WebAssembly: rtq-mock.mjs starts
// it, in a service worker or in Node, and sends it each fetch request.
// It builds the handler `rtq mock` builds (mockserver.New) and answers
// through package bridge, so the answers are the native mock's bytes.
//
// The JS side puts a bridge object at globalThis[$RTQ_BRIDGE] before it
// runs the module: {options, ready(api), failed(message)}. The module
// calls ready with {serve(request, sink), abort(id), coverage(namespace),
// close()} once the
// mock is built, or failed, and runs until close.
package main

import (
	"fmt"
	"os"

	"syscall/js"
)

// protocol is the version of the calls between rtq-mock.mjs and this
// module (the bridge object, serve's request and sink); rtq-mock.mjs holds
// the same number.
const protocol = 3

func main() {
	name := os.Getenv("RTQ_BRIDGE")
	if name == "" {
		name = "__rtqBridge"
	}
	b := js.Global().Get(name)
	if b.IsUndefined() {
		fmt.Fprintf(os.Stderr, "rtq-mock: no bridge object at globalThis.%s: start the module through rtq-mock.mjs\n", name)
		os.Exit(2)
	}
	if p := b.Get("options").Get("protocol"); p.Type() != js.TypeNumber || p.Int() != protocol {
		b.Call("failed", "rtq-mock.mjs and rtq.wasm come from different versions of rtq: write both again with one rtq wasm")
		return
	}
	m, err := newMock(b.Get("options"))
	if err != nil {
		b.Call("failed", err.Error())
		return
	}
	b.Call("ready", m.api())
	<-m.closed
}
