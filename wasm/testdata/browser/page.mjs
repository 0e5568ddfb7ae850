// Scripts of the browser test (wasm/browser_test.go), run in a page the
// rtq-sw.js worker controls.
import { startWorker } from "/rtq-mock.mjs";
import { requests, normalize } from "/requests.mjs";

// Headers a cross-origin page can read of the native mock's answers (the
// CORS-safelisted ones and Allow, which the mock exposes); the Node test
// compares the rest.
const compared = ["content-type", "content-length", "allow", "cache-control"];

async function outcome(url, init) {
  try {
    const res = await fetch(url, init);
    const headers = {};
    for (const name of compared) if (res.headers.get(name) !== null) headers[name] = res.headers.get(name);
    return { status: res.status, headers, body: new Uint8Array(await res.arrayBuffer()) };
  } catch {
    return { networkError: true };
  }
}

const text = (bytes) => new TextDecoder().decode(bytes);

// equalSet sends the fixed request set through the worker and to the
// native mock at native, in step, and lists every answer that differs.
export async function equalSet(native) {
  await startWorker({ fresh: true });
  const diffs = [];
  for (const r of requests) {
    const want = await outcome(native + r.path, { ...r.init, mode: "cors" });
    const got = await outcome(r.path, r.init);
    if (r.name === "dropped") {
      // Chromium sends a request again when a kept-alive connection closes
      // before any answer, so the native mock's drop reaches this page only
      // sometimes; the worker's is a network error every time.
      if (!got.networkError) diffs.push(`${r.name}: answered through the worker, want a network error`);
      continue;
    }
    if (r.path.includes("/__admin/coverage")) {
      // The native mock counted Chromium's resend of the dropped request
      // (above) as the client's call it is; the worker never sees one.
      // Node sends no resend: equal.test.mjs compares the coverage.
      if (got.status !== 200) diffs.push(`${r.name}: status ${got.status} through the worker`);
      continue;
    }
    if (!!want.networkError !== !!got.networkError) {
      diffs.push(`${r.name}: network error ${!!got.networkError}, native ${!!want.networkError}`);
      continue;
    }
    if (want.networkError) continue;
    const [wb, gb] = [normalize(r, want.body), normalize(r, got.body)];
    if (wb !== want.body) { delete want.headers["content-length"]; delete got.headers["content-length"]; }
    if (got.status !== want.status) diffs.push(`${r.name}: status ${got.status}, native ${want.status}`);
    if (JSON.stringify(got.headers) !== JSON.stringify(want.headers)) diffs.push(`${r.name}: headers ${JSON.stringify(got.headers)}, native ${JSON.stringify(want.headers)}`);
    if (text(gb) !== text(wb)) diffs.push(`${r.name}: body ${text(gb).slice(0, 200)}, native ${text(wb).slice(0, 200)}`);
  }
  return diffs;
}

// state reads what a restart must keep, in an order that journals the
// same requests whichever side of a restart it runs on: the journal and
// the fault rules before the getRecord that adds to the journal (after
// one, before one).
export async function state(readFirst) {
  const read = { method: "POST", headers: { Authorization: "Bearer rtq-demo-read", "Content-Type": "application/json" }, body: JSON.stringify({ record_id: 110001 }) };
  const record = async () => text((await outcome("/api/v2/rpc/record/getRecord", read)).body);
  const out = {};
  if (readFirst) out.record = await record();
  out.journal = text((await outcome("/__admin/requests")).body);
  out.faults = text((await outcome("/__admin/faults")).body);
  out.namespace = text((await outcome("/s/team-a/__admin/requests")).body);
  if (!readFirst) out.record = await record();
  return out;
}

// started asks the controlling worker when it started: a worker stopped
// and started again answers a later time.
export function started() {
  return new Promise((resolve) => {
    navigator.serviceWorker.addEventListener("message", (e) => { if (e.data && e.data.rtq === "hello") resolve(e.data.started); }, { once: true });
    navigator.serviceWorker.controller.postMessage("hello");
  });
}
