// rtq-sw.js: the service worker startWorker() registers. It answers the
// page's own requests under the mock's paths with the rtq mock running
// in the worker (rtq.wasm), and lets every other request go to the
// network. Written by `rtq wasm`; registered as a module worker:
//   navigator.serviceWorker.register("/rtq-sw.js?path=/api/v2/rpc/", { type: "module" })
// Query parameters: path (repeatable; default /api/v2/rpc/ and /__admin/),
// seed, log=1.
import "./wasm_exec.js"; // a service worker may not import() it later
import { createMock, indexedDBStore } from "./rtq-mock.mjs";

const params = new URL(self.location.href).searchParams;
const paths = params.getAll("path").length > 0 ? params.getAll("path") : ["/api/v2/rpc/", "/__admin/"];
// The requests answered are kept in IndexedDB and replayed when the
// browser starts the worker again, so its state (verifies, fault rules,
// the journal, namespaces) survives the worker: docs/frontend.md.
const options = { log: params.get("log") === "1", store: indexedDBStore(`rtq-mock ${self.registration.scope}`) };
if (params.has("seed")) options.seed = Number(params.get("seed"));

let mock = null;
const started = Date.now(); // this worker's start, for tests that stop it
// getMock starts the mock on first use. A start that fails (rtq.wasm not
// served, a module of another version) is said on the worker's console
// and tried again by the next request, rather than kept.
const getMock = () => (mock ??= createMock(options).catch((err) => {
  console.error("rtq-sw:", err);
  mock = null;
  throw err;
}));

// namespace is a state namespace's prefix, /s/{name}, which any path may
// carry in front.
const namespace = /^\/s\/[A-Za-z0-9._-]{1,64}(?=\/)/;

function handled(url) {
  if (url.origin !== self.location.origin) return false; // only the page's own origin
  const p = url.pathname.replace(namespace, "");
  return paths.some((x) => p.startsWith(x) || p === x.replace(/\/$/, ""));
}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// Messages from startWorker: "claim" takes control of a page loaded
// around the worker (a hard reload); "forget" drops the stored requests
// and the running mock, so the next request starts from the scenario.
self.addEventListener("message", (event) => {
  const done = (p) => event.waitUntil(p.then(() => event.source && event.source.postMessage({ rtq: event.data, ok: true })));
  if (event.data === "claim") done(self.clients.claim());
  if (event.data === "hello" && event.source) event.source.postMessage({ rtq: "hello", started });
  if (event.data === "forget") {
    const old = mock;
    mock = null;
    done(options.store.clear().then(() => old && old.then((m) => m.close(), () => {})));
  }
});
self.addEventListener("fetch", (event) => {
  if (!handled(new URL(event.request.url))) return;
  event.respondWith(getMock().then((m) => m.fetch(event.request)).catch(() => Response.error()));
});
