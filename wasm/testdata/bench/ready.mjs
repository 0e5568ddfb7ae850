// One cold start of the module in a fresh Node process, for
// BenchmarkNodeReady (wasm/bench_test.go): how long createMock takes to be
// ready (wall clock and CPU), how long after the process began that is,
// the first answer, and
// the median of warm getRecord answers. Prints one JSON line. A second
// argument names a scenario file: its text is given as createMock's
// scenario option (parsed and checked against the schema at start),
// instead of the snapshot rtq wasm resolved.
import { readFileSync } from "node:fs";

const dir = process.argv[2];
const options = process.argv[3] ? { scenario: readFileSync(process.argv[3], "utf8") } : {};
const { createMock } = await import(new URL("rtq-mock.mjs", `file://${dir}/`).href);
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const mock = await createMock(options);
const ready = performance.now();
const cpu = process.cpuUsage(cpu0); // every thread's, V8's compilers included
const getRecord = () => mock.fetch(new Request("http://localhost/api/v2/rpc/record/getRecord", {
  method: "POST",
  headers: { Authorization: "Bearer rtq-demo-read", "Content-Type": "application/json" },
  body: '{"record_id":100001}',
})).then((r) => r.arrayBuffer());
await getRecord();
const first = performance.now();
const times = [];
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  await getRecord();
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
mock.close();
console.log(JSON.stringify({ createMock: ready - t0, createMockCPU: (cpu.user + cpu.system) / 1000, sinceStart: ready, first: first - ready, median: times[100] }));
