// A mock started on the store another one wrote has its state: verifies,
// fault rules with their hits, the journal with its times, namespaces.
// This is what keeps a service worker's state when the browser stops it
// (rtq-sw.js uses indexedDBStore; memoryStore is the same contract).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createMock, memoryStore } from "rtq-mock";

const post = (m, path, key, body) => m.fetch(new Request(`http://localhost${path}`, {
  method: "POST",
  headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), "Content-Type": "application/json" },
  body: JSON.stringify(body),
}));
const text = async (p) => (await p).text();

async function state(m) {
  return {
    journal: await text(m.fetch("http://localhost/__admin/requests")),
    faults: await text(m.fetch("http://localhost/__admin/faults")),
    namespace: await text(m.fetch("http://localhost/s/team-a/__admin/requests")),
  };
}

test("a second mock on the same store starts with the first one's state", async () => {
  const store = memoryStore();
  const a = await createMock({ store });
  const verify = { certificate_code: "demo-cert-a-pending-01", action_type: "set_next_certificate_status" };
  assert.equal((await post(a, "/api/v2/rpc/certificates/verify", "rtq-demo-write", verify)).status, 200);
  await post(a, "/__admin/faults", null, { endpoint: "record/getFormList", times: 3, delay_ms: 50, error: { code: 503 } });
  assert.equal((await post(a, "/api/v2/rpc/record/getFormList", "rtq-demo-read", {})).status, 503);
  await post(a, "/s/team-a/api/v2/rpc/certificates/verify", "rtq-demo-write", verify);
  const before = await state(a);
  a.close();

  const b = await createMock({ store });
  assert.deepEqual(await state(b), before);
  // The verify is in place: moving the same certificate on is refused the
  // same way on both sides of the restart.
  const again = await text(post(b, "/api/v2/rpc/certificates/verify", "rtq-demo-write", verify));
  assert.match(again, /"code":0|100324/);
  // The rule's hits carried over: one more hit, then one left.
  assert.equal((await post(b, "/api/v2/rpc/record/getFormList", "rtq-demo-read", {})).status, 503);
  assert.match(await text(b.fetch("http://localhost/__admin/faults")), /"hits":2/);
  b.close();
});

test("another scenario or seed does not inherit a store's state", async () => {
  const store = memoryStore();
  const a = await createMock({ store });
  await post(a, "/api/v2/rpc/record/getFormList", "rtq-demo-read", {});
  a.close();
  const b = await createMock({ store, seed: 99 });
  assert.equal(await text(b.fetch("http://localhost/__admin/requests")), '{"requests":[]}');
  b.close();
});
