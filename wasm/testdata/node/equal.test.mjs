// The module's answers equal the native mock's, byte for byte: the same
// fixed sequence of requests goes to `rtq mock` (RTQ_NATIVE_URL, started
// by the Go test) and to createMock() from the installed rtq-mock package,
// and every answer's status, body and meaningful headers must be equal.
// Run by wasm/node_test.go: node --test, from the npm pack tarball.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createMock } from "rtq-mock";
import { requests, normalize } from "./requests.mjs";

const native = process.env.RTQ_NATIVE_URL;
const headersCompared = ["content-type", "content-length", "retry-after", "allow", "cache-control", "x-content-type-options", "www-authenticate", "connection"];

async function answer(res) {
  const h = {};
  for (const name of headersCompared) {
    const v = res.headers.get(name);
    if (v !== null && !(name === "connection" && v === "keep-alive")) h[name] = v;
  }
  return { status: res.status, headers: h, body: new Uint8Array(await res.arrayBuffer()) };
}

async function outcome(fetcher, r) {
  try {
    return await answer(await fetcher(r));
  } catch (e) {
    return { networkError: true };
  }
}

test("every request of the fixed set: the module answers as rtq mock does", { skip: !native && "RTQ_NATIVE_URL not set: run through go test ./wasm" }, async (t) => {
  const mock = await createMock({});
  try {
    for (const r of requests) {
      const want = await outcome((x) => fetch(native + x.path, x.init), r);
      const got = await outcome((x) => mock.fetch(new Request("http://localhost" + x.path, x.init)), r);
      for (const a of [want, got]) {
        if (!a.body) continue;
        const body = normalize(r, a.body);
        if (body !== a.body) delete a.headers["content-length"]; // times and durations vary in length
        a.body = body;
      }
      if (got.networkError || want.networkError) {
        assert.deepEqual(got, want, `${r.name}: one side failed as a network error`);
        continue;
      }
      assert.equal(got.status, want.status, `${r.name}: status`);
      assert.deepEqual(got.headers, want.headers, `${r.name}: headers`);
      if (Buffer.compare(Buffer.from(got.body), Buffer.from(want.body)) !== 0) {
        assert.equal(Buffer.from(got.body).toString("utf8"), Buffer.from(want.body).toString("utf8"), `${r.name}: body bytes`);
        assert.fail(`${r.name}: body bytes differ`);
      }
    }
  } finally {
    mock.close();
  }
});

test("a dribbled body streams: it arrives in slices, through a ReadableStream", async () => {
  const mock = await createMock({ faults: [{ endpoint: "record/getRecord", body: "dribble", delay_ms: 90 }] });
  try {
    const res = await mock.fetch(new Request("http://localhost/api/v2/rpc/record/getRecord", {
      method: "POST",
      headers: { Authorization: "Bearer rtq-demo-read", "Content-Type": "application/json" },
      body: JSON.stringify({ record_id: 100001 }),
    }));
    assert.equal(res.status, 200);
    const reader = res.body.getReader();
    let slices = 0;
    let bytes = 0;
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      slices++;
      bytes += r.value.length;
    }
    assert.ok(slices > 1, `the body came in ${slices} slice(s)`);
    assert.equal(bytes, Number(res.headers.get("content-length")));
  } finally {
    mock.close();
  }
});
