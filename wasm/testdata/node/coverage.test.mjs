// mock.coverage() is GET /__admin/coverage: the same report, and it counts
// what the client did exactly (wasm/wasm_test.go runs it; the native
// mock's equality is the fixed set's, requests.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createMock } from "rtq-mock";

const call = (mock, path, body, headers = { Authorization: "Bearer rtq-demo-read", "Content-Type": "application/json" }) =>
  mock.fetch(`http://localhost/api/v2/rpc/${path}`, { method: "POST", headers, body: JSON.stringify(body) });
const count = (r, dim, id) => r.dimensions[dim].entries.find((e) => e.id === id)?.count;

test("mock.coverage() counts the client's calls, as GET /__admin/coverage says", async () => {
  const mock = await createMock({});
  try {
    await call(mock, "record/getRecord", { record_id: 100001, format: "markdown" });
    await call(mock, "record/getRecord", { record_id: 190001 });
    await call(mock, "templates/list", { page_size: 100 });
    await call(mock, "record/getFormList", {}, { Authorization: "Bearer rtq-demo-read" }); // no Content-Type
    await mock.fetch("http://localhost/__admin/reset", { method: "POST" }); // admin: not counted, forgets nothing
    const r = mock.coverage();
    assert.equal(r.calls, 4);
    assert.equal(r.excluded.admin, 1);
    assert.equal(count(r, "endpoints", "record/getRecord"), 2);
    assert.equal(count(r, "parameters", "record/getRecord format=markdown"), 1);
    assert.equal(count(r, "parameters", "templates/list page_size=100 (the maximum)"), 1);
    assert.equal(count(r, "errors", "record/getRecord 100404/404"), 1);
    assert.equal(count(r, "errors", "record/getRecord 100401/401"), 0);
    assert.ok(r.dimensions.endpoints.missing.includes("certificates/verify"));
    const f = r.findings.find((x) => x.duty === "content_type");
    assert.equal(f?.count, 1);
    assert.equal(f.request.path, "/api/v2/rpc/record/getFormList");
    const admin = await (await mock.fetch("http://localhost/__admin/coverage")).json();
    assert.deepEqual(admin, r);
    const all = mock.coverage({ namespace: "*" }); // before the admin call, which counts once answered
    assert.deepEqual(await (await mock.fetch("http://localhost/__admin/coverage?namespace=*")).json(), all);
    await mock.fetch("http://localhost/__admin/coverage/reset", { method: "POST" });
    assert.equal(mock.coverage().calls, 0);
  } finally {
    await mock.close();
  }
  assert.throws(() => mock.coverage(), /after close/);
});
