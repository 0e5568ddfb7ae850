// The JS module held to the bar of the binary: close() always ends
// cleanly, the inputs rtq mock refuses are refused with its messages, a
// scenario given as text is bounded as an upload is, and relative URLs
// resolve as in a page. RTQ_REFUSALS (set by wasm_test.go) holds, for
// each refused text, the problem rtq mock's loader prints for it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createMock } from "rtq-mock";

const defaultText = readFileSync(process.env.RTQ_DEFAULT_SCENARIO, "utf8");
const read = { Authorization: "Bearer rtq-demo-read", "Content-Type": "application/json" };
const getRecord = (m, url = "/api/v2/rpc/record/getRecord") =>
  m.fetch(url, { method: "POST", headers: read, body: JSON.stringify({ record_id: 100001 }) });

// timers counts Node's pending timers: a mock closed leaves none behind.
// One left would resume an exited Go program and throw from a timer.
const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;

// runs is how many mocks the loop starts and closes; one in textEvery
// loads the default scenario from its text (the slow start that left a
// timer behind 8 times in 10), the others rtq wasm's snapshot.
const runs = 240;
const textEvery = 12;

test(`close() ends cleanly, ${runs} times over`, async () => {
  const before = timers();
  for (let i = 0; i < runs; i++) {
    const mock = await createMock(i % textEvery === 0 ? { scenario: defaultText } : {});
    const res = await getRecord(mock);
    assert.equal(res.status, 200, `run ${i}`);
    await res.text();
    await mock.close();
    assert.equal(timers(), before, `run ${i}: close() left ${timers() - before} timer(s) of the module running`);
  }
});

test("a refused scenario ends cleanly too", async () => {
  const before = timers();
  for (let i = 0; i < 20; i++) {
    await assert.rejects(createMock({ scenario: "" }));
    assert.equal(timers(), before, `run ${i}: a refused createMock left a timer running`);
  }
});

test("close() fails a request it had not answered, and fetch after it", async () => {
  const mock = await createMock({ faults: [{ endpoint: "record/getRecord", delay_ms: 60000 }] });
  const slow = getRecord(mock);
  const closed = mock.close();
  await assert.rejects(slow, /closed before it answered/);
  await closed;
  await mock.close(); // twice is harmless
  await assert.rejects(getRecord(mock), /fetch after close\(\)/);
});

test("the scenarios rtq mock refuses are refused with its messages, word for word", async () => {
  const refusals = JSON.parse(process.env.RTQ_REFUSALS);
  assert.ok(refusals.length >= 18, `only ${refusals.length} refusals were given`);
  for (const { scenario, want } of refusals) {
    await assert.rejects(createMock({ scenario }), (err) => {
      assert.equal(err.message, `rtq-mock: load scenario: ${want}`, `createMock({scenario: ${JSON.stringify(scenario)}})`);
      return true;
    });
  }
});

test("options of the wrong type are refused, naming the option", async () => {
  await assert.rejects(createMock({ scenario: 42 }), /createMock's scenario option must be YAML text/);
  await assert.rejects(createMock({ seed: "7" }), /createMock's seed option must be a whole number/);
  await assert.rejects(createMock({ maxGenerated: 0 }), /createMock's maxGenerated option/);
});

// What a newcomer writes first, from docs/frontend.md, and gets wrong:
// each mistake is named with what to write instead.
test("an option createMock does not know is refused, with the one meant", async () => {
  await assert.rejects(createMock({ senario: "orgs: []" }), /no option "senario": did you mean "scenario"\?/);
  await assert.rejects(createMock({ fault: [] }), /no option "fault": did you mean "faults"\?/);
  await assert.rejects(createMock({ port: 9000 }), /no option "port" \(its options: scenario, seed/);
  await assert.rejects(createMock("orgs: []"), /createMock takes an object of options/);
});

test("a scenario object is refused saying how to give it; a file's bytes are read as the file", async () => {
  await assert.rejects(createMock({ scenario: { orgs: [] } }), /JSON\.stringify\(scenario\), JSON being YAML/);
  const big = new Array(500).fill("x");
  await assert.rejects(createMock({ scenario: big }), (err) => err.message.length < 400);
  const mock = await createMock({ scenario: readFileSync(process.env.RTQ_DEFAULT_SCENARIO) });
  try {
    assert.equal((await getRecord(mock)).status, 200);
  } finally {
    await mock.close();
  }
  const { scenario, want } = JSON.parse(process.env.RTQ_REFUSALS).at(-1);
  await assert.rejects(createMock({ scenario: new TextEncoder().encode(scenario) }), (err) => err.message === `rtq-mock: load scenario: ${want}`);
});

test("the mock used without await says to await createMock", () => {
  const started = createMock({});
  assert.throws(() => started.fetch("/__admin/health"), /createMock returns a promise: write `const mock = await createMock\(...\)`/);
  assert.throws(() => started.close(), /await createMock/);
  return started.then((m) => m.close());
});

test("a plain object as fetch's body is refused, naming JSON.stringify", async () => {
  const mock = await createMock({});
  try {
    await assert.rejects(mock.fetch("/api/v2/rpc/record/getRecord", { method: "POST", headers: read, body: { record_id: 100001 } }),
      /body is a plain object[\s\S]*JSON\.stringify\(body\)/);
    // what fetch takes as a body still goes through, as fetch sends it
    const blob = await mock.fetch("/api/v2/rpc/record/getRecord", { method: "POST", headers: read, body: new Blob([JSON.stringify({ record_id: 100001 })]) });
    assert.equal(blob.status, 200);
    const form = await mock.fetch("/api/v2/rpc/record/getRecord", { method: "POST", headers: { Authorization: read.Authorization }, body: new URLSearchParams({ record_id: "100001" }) });
    assert.equal(form.status, 400, "a form body is not JSON, as natively");
  } finally {
    await mock.close();
  }
});

test("a baseURL without the module's files says where it looked and what baseURL must name", async () => {
  await assert.rejects(createMock({ baseURL: "file:///nonexistent-rtq-dir/" }),
    /cannot read \/nonexistent-rtq-dir\/rtq\.wasm \(ENOENT\): createMock's baseURL[\s\S]*rtq wasm --out DIR[\s\S]*not the working directory/);
});

test("fetch without a URL, coverage given a name, a fault rule that is not an object: each says what to write", async () => {
  await assert.rejects(createMock({ faults: "drop" }), /faults option: rule 1: a fault rule is a JSON object, got string; such as \{"endpoint"/);
  const mock = await createMock({});
  try {
    await assert.rejects(mock.fetch(), /fetch needs a URL/);
    assert.throws(() => mock.coverage("tenant-a"), /coverage takes options: coverage\(\{ namespace: "tenant-a" \}\)/);
    assert.equal(mock.coverage({ namespace: "tenant-a" }).namespace, "tenant-a");
  } finally {
    await mock.close();
  }
});

test("the mock's methods work unbound: globalThis.fetch = mock.fetch", async () => {
  const mock = await createMock({});
  const saved = globalThis.fetch;
  globalThis.fetch = mock.fetch;
  try {
    assert.equal((await fetch("/__admin/health")).status, 200);
    const { coverage, close } = mock;
    assert.equal(coverage().namespace, "");
    await close();
  } finally {
    globalThis.fetch = saved;
  }
});

// The reproduction of issue 33: 200 bytes asking for 2,000,000 records
// reached 1.2 GB. Counted before any is generated, they are refused as
// POST /__admin/scenario refuses them; maxGenerated raises the bound.
test("a scenario given as text is bounded as an upload is", async () => {
  const big = `name: big
orgs: [{id: 1, name: O, code: o, host: o.example}]
forms: [{id: 10, org: o, name: F}]
generate: {records: [{count: 2000000, form: 10, field_types: [name, tel], masked: [name, tel]}]}
`;
  const rss = process.memoryUsage().rss;
  await assert.rejects(createMock({ scenario: big }), /more than the 50000 one scenario may hold[\s\S]*maxGenerated/);
  const grew = (process.memoryUsage().rss - rss) / 2 ** 20;
  assert.ok(grew < 300, `refusing it grew the process by ${grew.toFixed(0)} MB`);
  await assert.rejects(createMock({ scenario: big.replace("2000000", "60000") }), /50000/);
  const raised = await createMock({ scenario: big.replace("2000000", "60000"), maxGenerated: 100000 });
  await raised.close();
  const small = await createMock({ maxGenerated: 10 });
  const upload = await small.fetch("/__admin/scenario", { method: "POST", body: big.replace("2000000", "11") });
  assert.equal(upload.status, 413, "an upload over createMock's maxGenerated");
  await small.close();
});

test("relative URLs resolve as in a page", async () => {
  const mock = await createMock({});
  try {
    const rel = await getRecord(mock, "/api/v2/rpc/record/getRecord");
    const abs = await getRecord(mock, "http://localhost/api/v2/rpc/record/getRecord");
    assert.equal(rel.status, 200);
    assert.equal(await rel.text(), await abs.text());
    assert.equal((await mock.fetch(new URL("http://localhost/__admin/health"))).status, 200);
    // The docs' component swaps globalThis.fetch and calls fetch('/api/...').
    const saved = globalThis.fetch;
    globalThis.fetch = mock.fetch.bind(mock);
    try {
      const res = await fetch("/api/v2/rpc/record/getFormList", { method: "POST", headers: read, body: "{}" });
      assert.equal(res.status, 200);
    } finally {
      globalThis.fetch = saved;
    }
  } finally {
    await mock.close();
  }
});
