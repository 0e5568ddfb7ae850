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

// protocol is the version of the calls between this file and rtq.wasm;
// wasm/module/main.go holds the same number.
const protocol = 3;

const compiled = new Map(); // URL → Promise<WebAssembly.Module>
let mocks = 0;
let requests = 0;

async function readAsset(url) {
  if (isNode && url.protocol === "file:") {
    const fs = await import("node:fs/promises");
    try {
      return new Uint8Array(await fs.readFile(url));
    } catch (err) {
      throw new Error(`rtq-mock: cannot read ${url.pathname} (${err.code || err.message}): ${whereFiles}`);
    }
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`rtq-mock: ${url} answered ${res.status}: ${whereFiles}`);
  return new Uint8Array(await res.arrayBuffer());
}

// whereFiles says where the module looks for its files, for a message
// saying one is not there.
const whereFiles = "createMock's baseURL (default: beside rtq-mock.mjs) must name the directory `rtq wasm --out DIR` wrote; " +
  "a relative baseURL resolves against rtq-mock.mjs's own URL, not the working directory (in Node: pathToFileURL(dir + \"/\"))";

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
    p.catch(() => compiled.delete(url.href)); // a file put there later is read then
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
 * createMock starts a mock. options: scenario (YAML text or a file's
 * bytes, loaded at start:
 * slower than the scenario rtq wasm resolved; refused as rtq mock refuses
 * the same text in a file, an empty one included), seed (number), faults
 * (fault rules as POST /__admin/faults takes them), log (true: the mock's
 * log to the console), baseURL (where rtq.wasm and its files are; default:
 * beside this module), store (where the requests it answered are kept, to
 * answer with the same state after a restart: memoryStore(),
 * indexedDBStore(), or any {load(identity), append(entry), clear()}),
 * and the bounds on a scenario given as text or posted to
 * /__admin/scenario, rtq mock's flags of the same names: maxGenerated
 * (items generated, default 50000), maxScenarioBytes, maxYamlTokens,
 * maxYamlDepth, maxYamlKeys. An option it does not know is refused.
 */
export function createMock(options = {}) {
  const started = start(options);
  // A test that forgot `await` calls fetch on the promise: say so, rather
  // than "mock.fetch is not a function".
  for (const name of ["fetch", "close", "coverage"]) {
    Object.defineProperty(started, name, {
      value: () => { throw new TypeError(`rtq-mock: createMock returns a promise: write \`const mock = await createMock(...)\`, then mock.${name}()`); },
    });
  }
  return started;
}

async function start(options) {
  const goOptions = checkOptions(options);
  await goRuntime();
  const base = options.baseURL ? new URL(options.baseURL, here) : new URL(here);
  const [module, snapshot] = await Promise.all([compile(new URL(files.wasm, base)), snapshotBytes({ ...options, baseURL: base })]);
  const go = new globalThis.Go();
  const key = `__rtqBridge${++mocks}`;
  go.env = { RTQ_BRIDGE: key };
  go.argv = ["rtq-mock"];
  const exit = go.exit;
  go.exit = (code) => {
    stopTimers(go);
    exit.call(go, code);
  };
  goOptions.snapshot = snapshot || undefined;
  let exited;
  const api = await new Promise((resolve, reject) => {
    globalThis[key] = { options: goOptions, ready: resolve, failed: (m) => reject(new Error(`rtq-mock: ${m}`)) };
    exited = WebAssembly.instantiate(module, go.importObject).then((inst) => go.run(inst));
    exited.then(() => reject(new Error("rtq-mock: the module exited before it was ready")), reject);
  }).finally(() => delete globalThis[key]);
  const mock = new Mock(guarded(api, go), exited.catch(() => {}), options.store || null);
  if (options.store) await mock.replay(identity(goOptions));
  return mock;
}

// bounds are the createMock options that stand for rtq mock's flags
// bounding a scenario (--max-generated, --max-scenario-bytes, ...).
const bounds = ["maxGenerated", "maxScenarioBytes", "maxYamlTokens", "maxYamlDepth", "maxYamlKeys"];

// optionNames are every option createMock reads (snapshot: the bytes of
// rtq-scenario.json, for a page that fetched them itself).
const optionNames = ["scenario", "seed", "faults", "log", "baseURL", "store", "snapshot", ...bounds];

// checkOptions refuses an option of the wrong type with a message naming
// it, and an option createMock does not know with the likeliest meant,
// before anything is loaded, and returns what the module reads.
function checkOptions(options) {
  if (options === null || typeof options !== "object") {
    throw new TypeError(`rtq-mock: createMock takes an object of options, like createMock({ seed: 7 }), got ${shown(options)}`);
  }
  for (const name of Object.keys(options)) {
    if (!optionNames.includes(name)) {
      const near = closest(name, optionNames);
      throw new TypeError(`rtq-mock: createMock has no option ${JSON.stringify(name)}${near ? `: did you mean ${JSON.stringify(near)}?` : ""} (its options: ${optionNames.join(", ")})`);
    }
  }
  const refuse = (name, want, v, hint = "") => {
    throw new TypeError(`rtq-mock: createMock's ${name} option must be ${want}, got ${shown(v)}${hint}`);
  };
  const scenario = scenarioText(options.scenario, refuse);
  if (options.seed != null && !Number.isSafeInteger(options.seed)) refuse("seed", "a whole number", options.seed);
  const out = {
    scenario,
    seed: options.seed == null ? undefined : options.seed,
    faults: options.faults == null ? undefined : JSON.stringify(options.faults),
    log: !!options.log,
    protocol, // the module refuses a JS side of another rtq version
  };
  for (const name of bounds) {
    const v = options[name];
    if (v == null) continue;
    if (!Number.isSafeInteger(v) || v < 1 || v > 2 ** 31 - 1) refuse(name, "a whole number from 1 to 2147483647", v);
    out[name] = v;
  }
  return out;
}

// scenarioText is the scenario option as the module reads it: YAML text,
// or the bytes of a file (a Buffer of readFileSync, a Uint8Array, an
// ArrayBuffer), read as rtq mock reads the file.
function scenarioText(v, refuse) {
  if (v == null || typeof v === "string") return v ?? undefined;
  if (v instanceof Uint8Array) return new Uint8Array(v);
  if (v instanceof ArrayBuffer) return new Uint8Array(v.slice(0));
  const hint = typeof v === "object"
    ? ": give its YAML text, e.g. readFileSync(\"my.yaml\", \"utf8\"), or JSON.stringify(scenario), JSON being YAML"
    : "";
  return refuse("scenario", "YAML text (a string, or a file's bytes)", v, hint);
}

// shown is a value as a message quotes it: its type and its start.
function shown(v) {
  if (v === null) return "null";
  let text;
  try {
    text = JSON.stringify(v) ?? String(v);
  } catch {
    text = String(v);
  }
  return `${typeof v} ${text.length > 80 ? `${text.slice(0, 77)}...` : text}`;
}

// closest is the name of names nearest to got, when near enough to be
// the one meant (an edit distance of at most a third of its length).
function closest(got, names) {
  let best = "";
  let bestD = Infinity;
  for (const n of names) {
    const d = distance(got.toLowerCase(), n.toLowerCase());
    if (d < bestD) [best, bestD] = [n, d];
  }
  return bestD <= Math.max(2, Math.floor(best.length / 3)) ? best : "";
}

// distance is the Levenshtein distance of a and b.
function distance(a, b) {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

// stopTimers clears the timers Go's runtime scheduled in wasm_exec.js
// once the program has exited: one left to fire would resume an exited
// program and throw "Go program has already exited" from a timer, an
// uncaught exception that ends Node (and fails whatever test ran then).
function stopTimers(go) {
  const timers = go._scheduledTimeouts;
  if (!(timers instanceof Map)) return;
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
}

// guarded is the module's api that no longer calls into the module once
// it has exited: an abort or a stream's cancel after close() is a no-op.
function guarded(api, go) {
  return {
    serve: (req, sink) => api.serve(req, sink), // Mock checks it is open

    abort: (id) => { if (!go.exited) api.abort(id); },
    coverage: (namespace) => api.coverage(namespace),
    close: () => { if (!go.exited) api.close(); },
  };
}

// identity names what a stored log was made against: another scenario,
// seed or rule set makes the log meaningless, and it is dropped.
function identity(o) {
  let h = 0x811c9dc5; // FNV-1a over the snapshot and the options
  const mix = (bytes) => { for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0; };
  if (o.snapshot) mix(o.snapshot);
  const scenario = o.scenario instanceof Uint8Array ? new TextDecoder().decode(o.scenario) : o.scenario;
  mix(new TextEncoder().encode(JSON.stringify([scenario, o.seed, o.faults])));
  return `rtq-mock/${h.toString(16)}`;
}

// nullBody are the statuses a Response may not carry a body with.
const nullBody = new Set([101, 103, 204, 205, 304]);

// pageBase is what a relative URL resolves against, as fetch resolves it
// there: the page's or worker's location; in Node, which has none,
// http://localhost/.
function pageBase() {
  return globalThis.location && globalThis.location.href ? globalThis.location.href : "http://localhost/";
}

// absolute is fetch's first argument with a relative URL resolved.
function absolute(input) {
  if (input instanceof Request) return input;
  const s = input instanceof URL ? input.href : String(input);
  try {
    return new URL(s).href;
  } catch {
    return new URL(s, pageBase()).href;
  }
}

// isPlainObject: an object literal or Object.create(null), not one of the
// bodies fetch takes (Blob, FormData, URLSearchParams, a buffer, a stream).
function isPlainObject(v) {
  if (v === null || typeof v !== "object") return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null || Array.isArray(v);
}

class Mock {
  #api;
  #store;
  #closed = false;
  #exited;
  #pending = new Set(); // fail(err) of each request not yet answered whole
  constructor(api, exited, store) {
    // Bound, so that `globalThis.fetch = mock.fetch` and
    // `const { close } = mock` work as they read.
    this.fetch = this.fetch.bind(this);
    this.coverage = this.coverage.bind(this);
    this.close = this.close.bind(this);
    this.#api = api;
    this.#store = store;
    this.#exited = exited.then(() => {
      this.#closed = true;
      this.#failPending("the mock was closed before it answered");
    });
  }

  /**
   * fetch answers a WHATWG Request (or fetch's arguments) with a Response.
   * A relative URL resolves as in a page: against the page's location,
   * or http://localhost/ in Node.
   */
  async fetch(input, init) {
    if (this.#closed) throw new TypeError("rtq-mock: fetch after close()");
    if (input == null) throw new TypeError("rtq-mock: fetch needs a URL (\"/api/v2/rpc/...\") or a Request, as fetch does");
    if (init && isPlainObject(init.body)) {
      // fetch would send the text "[object Object]", and the mock answer
      // 400 "not valid JSON": name the mistake instead.
      throw new TypeError("rtq-mock: fetch's body is a plain object, which fetch sends as the text \"[object Object]\": send JSON.stringify(body)");
    }
    const req = input instanceof Request && init === undefined ? input : new Request(absolute(input), init);
    const body = req.method === "GET" || req.method === "HEAD" ? null : new Uint8Array(await req.arrayBuffer());
    return this.#serve({ method: req.method, url: req.url, headers: [...req.headers], body }, req.signal, false);
  }

  // replay answers the stored requests again, in the order they were
  // answered, with their own times: the mock's state, journal included,
  // is then what it was. Fault delays do not wait in a replay.
  async replay(id) {
    for (const e of await this.#store.load(id)) {
      try {
        const res = await this.#serve(e, null, true);
        await res.arrayBuffer();
      } catch {
        // a dropped or cut answer was one the first time too
      }
    }
  }

  // serve hands one request to the module. An answer that arrives whole
  // is given out once the request is stored, so that a worker stopped
  // right after cannot lose it; a streamed one as soon as its head is
  // there, stored when it ends.
  #serve(entry, signal, replaying) {
    const id = ++requests;
    const api = this.#api;
    const store = replaying ? null : this.#store;
    return new Promise((resolve, reject) => {
      let stream = null;
      let outcome = null; // () => settle the promise, once the answer is complete
      const respond = (status, statusText, headers, bodyInit) =>
        new Response(nullBody.has(status) ? null : bodyInit, { status, statusText, headers });
      const sink = {
        whole: (status, statusText, headers, bytes) => {
          const res = respond(status, statusText, headers, bytes);
          outcome = () => resolve(res);
        },
        head: (status, statusText, headers) => {
          const rs = new ReadableStream({ start(c) { stream = c; }, cancel() { api.abort(id); } });
          resolve(respond(status, statusText, headers, rs));
        },
        chunk: (bytes) => stream && stream.enqueue(bytes),
        end: () => stream && stream.close(),
        fail: (reason) => {
          const err = new TypeError(`rtq-mock: network error: ${reason}`);
          if (stream) stream.error(err);
          else outcome = () => reject(err);
        },
        done: (at, dur) => {
          const settle = () => outcome && outcome();
          if (!store) return settle();
          store.append({ ...entry, at, dur }).then(settle, settle);
        },
      };
      if (signal) {
        if (signal.aborted) return reject(signal.reason);
        signal.addEventListener("abort", () => { api.abort(id); reject(signal.reason); }, { once: true });
      }
      const pending = (reason) => {
        if (outcome && !stream) return; // answered whole: settles once stored
        sink.fail(reason);
        if (!stream) outcome();
      };
      this.#pending.add(pending);
      const settled = sink.done;
      sink.done = (at, dur) => { this.#pending.delete(pending); settled(at, dur); };
      const req = { id, method: entry.method, url: entry.url, headers: entry.headers, body: entry.body };
      if (replaying) Object.assign(req, { at: entry.at, dur: entry.dur });
      if (this.#closed) { // closed while the request's body was read
        this.#pending.delete(pending);
        return reject(new TypeError("rtq-mock: network error: the mock was closed before it answered"));
      }
      api.serve(req, sink);
    });
  }

  // failPending fails every request the module will not answer now.
  #failPending(reason) {
    for (const fail of this.#pending) fail(reason);
    this.#pending.clear();
  }

  /**
   * coverage is the consumer coverage of the calls the mock answered so
   * far: the same JSON as GET /__admin/coverage (docs/mock.md, "Consumer
   * coverage"). options.namespace: "" the root (the default), a state
   * namespace's name, or "*" every namespace joined.
   */
  coverage(options = {}) {
    if (this.#closed) throw new TypeError("rtq-mock: coverage() after close()");
    if (options === null || typeof options !== "object") {
      throw new TypeError(`rtq-mock: coverage takes options: coverage({ namespace: ${JSON.stringify(String(options))} }) for a namespace, coverage() for the root`);
    }
    const ns = options.namespace == null ? "" : String(options.namespace);
    return JSON.parse(this.#api.coverage(ns));
  }

  /**
   * close stops the mock and resolves once its module has exited, with
   * nothing of it left to run: Node ends as if it had never started.
   * fetch fails after it, and so does any request it had not answered.
   * Calling it again is harmless.
   */
  close() {
    if (!this.#closed) {
      this.#closed = true;
      this.#api.close();
      this.#failPending("the mock was closed before it answered");
    }
    return this.#exited;
  }
}

/**
 * memoryStore keeps the requests a mock answered in memory: a second
 * createMock given the same store starts with the first one's state.
 */
export function memoryStore() {
  let id = null;
  let entries = [];
  return {
    async load(identity) {
      if (identity !== id) { id = identity; entries = []; }
      return entries.slice();
    },
    async append(entry) { entries.push(entry); },
    async clear() { entries = []; },
  };
}

/**
 * indexedDBStore keeps the requests a mock answered in IndexedDB, so a
 * service worker the browser stopped starts again with the same state.
 * name separates mocks of one origin (rtq-sw.js uses its scope).
 */
export function indexedDBStore(name = "rtq-mock") {
  const open = () => new Promise((resolve, reject) => {
    const r = indexedDB.open(name, 1);
    r.onupgradeneeded = () => {
      r.result.createObjectStore("meta");
      r.result.createObjectStore("log", { autoIncrement: true });
    };
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  let db = null;
  const tx = async (mode, fn) => {
    db ??= await open();
    return new Promise((resolve, reject) => {
      const t = db.transaction(["meta", "log"], mode);
      const out = fn(t);
      t.oncomplete = () => resolve(out.result);
      t.onerror = t.onabort = () => reject(t.error);
    });
  };
  return {
    async load(identity) {
      const got = await tx("readonly", (t) => t.objectStore("meta").get("identity"));
      if (got !== identity) {
        await tx("readwrite", (t) => { t.objectStore("log").clear(); return t.objectStore("meta").put(identity, "identity"); });
        return [];
      }
      return tx("readonly", (t) => t.objectStore("log").getAll());
    },
    append(entry) { return tx("readwrite", (t) => t.objectStore("log").add(entry)); },
    clear() { return tx("readwrite", (t) => t.objectStore("log").clear()); },
  };
}

/**
 * startWorker registers rtq-sw.js, which answers this origin's requests
 * under paths (default /api/v2/rpc/ and /__admin/, each also under a
 * /s/{name} namespace) from the mock, and resolves once it controls the
 * page, a hard-reloaded one included. options: scope (default "/"),
 * paths, url (of rtq-sw.js; default: beside this module), seed, log,
 * fresh (true: forget the state kept from earlier visits and start from
 * the scenario). Browser only.
 */
export async function startWorker(options = {}) {
  if (typeof navigator === "undefined" || !navigator.serviceWorker) {
    throw new Error("rtq-mock: startWorker needs a browser page with service workers (a secure context: https or localhost)");
  }
  const url = new URL(options.url || files.worker, here);
  for (const p of options.paths || []) url.searchParams.append("path", p);
  if (typeof options.seed === "number") url.searchParams.set("seed", String(options.seed));
  if (options.log) url.searchParams.set("log", "1");
  const sw = navigator.serviceWorker;
  const reg = await sw.register(url.href, { type: "module", scope: options.scope || "/" });
  await sw.ready;
  if (!sw.controller) {
    const changed = new Promise((resolve) => sw.addEventListener("controllerchange", resolve, { once: true }));
    reg.active.postMessage("claim");
    await changed;
  }
  if (options.fresh) await ask(sw.controller, "forget");
  return reg;
}

// ask posts a message to the worker and waits for its answer.
function ask(worker, message) {
  return new Promise((resolve) => {
    const onMessage = (event) => {
      if (event.data && event.data.rtq === message) {
        navigator.serviceWorker.removeEventListener("message", onMessage);
        resolve();
      }
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    worker.postMessage(message);
  });
}
