// records.test.mjs: a component's data layer tested against the mock in
// Node, no process, no network (node --test; Vitest and Jest the same).
import { test, before, after, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { createMock } from "rtq-mock";

let mock;
before(async () => { mock = await createMock({ seed: 7 }); });
after(() => mock.close());
beforeEach(() => mock.fetch("http://localhost/__admin/reset", { method: "POST" }));

// The app's own fetch wrapper, given the mock's fetch instead of the global one.
async function getRecord(fetch, id) {
  const res = await fetch("http://localhost/api/v2/rpc/record/getRecord", {
    method: "POST",
    headers: { Authorization: "Bearer rtq-demo-read", "Content-Type": "application/json" },
    body: JSON.stringify({ record_id: id }),
  });
  return { status: res.status, body: await res.json() };
}

test("shows a record", async () => {
  const { status, body } = await getRecord(mock.fetch.bind(mock), 100001);
  assert.equal(status, 200);
  assert.equal(body.data.data.record_id, 100001);
});

test("retries after a 429", async () => {
  await mock.fetch("http://localhost/__admin/faults", {
    method: "POST",
    body: JSON.stringify({ endpoint: "record/getRecord", times: 1, error: { code: 429 } }),
  });
  assert.equal((await getRecord(mock.fetch.bind(mock), 100001)).status, 429);
  assert.equal((await getRecord(mock.fetch.bind(mock), 100001)).status, 200);
});
