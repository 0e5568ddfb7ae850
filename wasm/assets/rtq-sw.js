// rtq-sw.js: the service worker startWorker() registers. It answers the
// page's own requests under the mock's paths with the rtq mock running
// in the worker (rtq.wasm), and lets every other request go to the
// network. Written by `rtq wasm`; registered as a module worker:
//   navigator.serviceWorker.register("/rtq-sw.js?path=/api/v2/rpc/", { type: "module" })
// Query parameters: path (repeatable; default /api/v2/rpc/ and /__admin/),
// seed, log=1.
import "./wasm_exec.js"; // a service worker may not import() it later
import { createMock } from "./rtq-mock.mjs";

const params = new URL(self.location.href).searchParams;
const paths = params.getAll("path").length > 0 ? params.getAll("path") : ["/api/v2/rpc/", "/__admin/"];
const options = { log: params.get("log") === "1" };
if (params.has("seed")) options.seed = Number(params.get("seed"));

let mock = null;
const getMock = () => (mock ??= createMock(options));

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
self.addEventListener("fetch", (event) => {
  if (!handled(new URL(event.request.url))) return;
  event.respondWith(getMock().then((m) => m.fetch(event.request)).catch(() => Response.error()));
});
