// rtq-mock.mjs: the rtq mock compiled to WebAssembly, answering fetch
// requests in a page, a service worker or Node 18+ with no process and
// no network. Written by `rtq wasm --out DIR` beside rtq.wasm,
// wasm_exec.js (Go's, of the Go version that built rtq.wasm),
// rtq-scenario.json (the scenario resolved at build time) and rtq-sw.js
// (the service worker). docs/frontend.md shows how to use it.

const here = import.meta.url;
const isNode = typeof process !== "undefined" && !!(process.versions && process.versions.node);

// Files rtq wasm writes beside this module.
export const files = { wasm: "rtq.wasm", snapshot: "rtq-scenario.json", worker: "rtq-sw.js", goRuntime: "wasm_exec.js" };

const compiled = new Map(); // URL → Promise<WebAssembly.Module>
let mocks = 0;
let requests = 0;

async function readAsset(url) {
  if (isNode && url.protocol === "file:") {
    const fs = await import("node:fs/promises");
    return new Uint8Array(await fs.readFile(url));
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`rtq-mock: ${url} answered ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

async function goRuntime() {
  if (globalThis.Go) return; // a service worker imports wasm_exec.js itself: import() is refused there
  if (isNode && !globalThis.crypto) {
    globalThis.crypto = (await import("node:crypto")).webcrypto; // Node 18
  }
  await import(new URL(files.goRuntime, here).href);
}

function compile(url) {
  let p = compiled.get(url.href);
  if (!p) {
    p = readAsset(url).then((bytes) => WebAssembly.compile(bytes));
    compiled.set(url.href, p);
  }
  return p;
}

async function snapshotBytes(options) {
  if (options.scenario != null) return null; // YAML given: loaded instead
  if (options.snapshot !== undefined) return options.snapshot;
  try {
    return await readAsset(new URL(files.snapshot, options.baseURL || here));
  } catch {
    return null; // no snapshot: the module's embedded default scenario
  }
}

/**
 * createMock starts a mock. options: scenario (YAML text, loaded at start:
 * slower than the scenario rtq wasm resolved), seed (number), faults (fault
 * rules as POST /__admin/faults takes them), log (true: the mock's log to
 * the console), baseURL (where rtq.wasm and its files are; default: beside
 * this module).
 */
export async function createMock(options = {}) {
  await goRuntime();
  const base = options.baseURL ? new URL(options.baseURL, here) : new URL(here);
  const [module, snapshot] = await Promise.all([compile(new URL(files.wasm, base)), snapshotBytes({ ...options, baseURL: base })]);
  const go = new globalThis.Go();
  const key = `__rtqBridge${++mocks}`;
  go.env = { RTQ_BRIDGE: key };
  go.argv = ["rtq-mock"];
  const goOptions = {
    scenario: options.scenario == null ? undefined : String(options.scenario),
    snapshot: snapshot || undefined,
    seed: typeof options.seed === "number" ? options.seed : undefined,
    faults: options.faults == null ? undefined : JSON.stringify(options.faults),
    log: !!options.log,
  };
  const api = await new Promise((resolve, reject) => {
    globalThis[key] = { options: goOptions, ready: resolve, failed: (m) => reject(new Error(`rtq-mock: ${m}`)) };
    WebAssembly.instantiate(module, go.importObject)
      .then((inst) => go.run(inst))
      .then(() => reject(new Error("rtq-mock: the module exited before it was ready")), reject);
  }).finally(() => delete globalThis[key]);
  return new Mock(api);
}

// nullBody are the statuses a Response may not carry a body with.
const nullBody = new Set([101, 103, 204, 205, 304]);

class Mock {
  #api;
  #closed = false;
  constructor(api) { this.#api = api; }

  /** fetch answers a WHATWG Request (or fetch's arguments) with a Response. */
  async fetch(input, init) {
    if (this.#closed) throw new TypeError("rtq-mock: fetch after close()");
    const req = input instanceof Request && init === undefined ? input : new Request(input, init);
    const body = req.method === "GET" || req.method === "HEAD" ? null : new Uint8Array(await req.arrayBuffer());
    const id = ++requests;
    const api = this.#api;
    return new Promise((resolve, reject) => {
      let stream = null;
      const respond = (status, statusText, headers, bodyInit) =>
        resolve(new Response(nullBody.has(status) ? null : bodyInit, { status, statusText, headers }));
      const sink = {
        whole: (status, statusText, headers, bytes) => respond(status, statusText, headers, bytes),
        head: (status, statusText, headers) => {
          const rs = new ReadableStream({ start(c) { stream = c; }, cancel() { api.abort(id); } });
          respond(status, statusText, headers, rs);
        },
        chunk: (bytes) => stream && stream.enqueue(bytes),
        end: () => stream && stream.close(),
        fail: (reason) => {
          const err = new TypeError(`rtq-mock: network error: ${reason}`);
          if (stream) stream.error(err);
          else reject(err);
        },
      };
      if (req.signal) {
        if (req.signal.aborted) return reject(req.signal.reason);
        req.signal.addEventListener("abort", () => { api.abort(id); reject(req.signal.reason); }, { once: true });
      }
      api.serve({ id, method: req.method, url: req.url, headers: [...req.headers], body }, sink);
    });
  }

  /** close stops the mock; fetch fails after it. */
  close() {
    if (this.#closed) return;
    this.#closed = true;
    this.#api.close();
  }
}

/**
 * startWorker registers rtq-sw.js, which answers this origin's requests
 * under paths (default /api/v2/rpc/ and /__admin/, each also under a
 * /s/{name} namespace) from the mock, and resolves once it controls the
 * page. options: scope (default "/"), paths, url (of rtq-sw.js; default:
 * beside this module). Browser only.
 */
export async function startWorker(options = {}) {
  if (typeof navigator === "undefined" || !navigator.serviceWorker) {
    throw new Error("rtq-mock: startWorker needs a browser page with service workers (a secure context: https or localhost)");
  }
  const url = new URL(options.url || files.worker, here);
  for (const p of options.paths || []) url.searchParams.append("path", p);
  const reg = await navigator.serviceWorker.register(url.href, { type: "module", scope: options.scope || "/" });
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  }
  return reg;
}
