// The admin page of rtq mock: plain JavaScript, no build step, no network
// beyond this origin. Every value from the server is written with
// textContent, never as HTML.
"use strict";

const tokenKey = "rtq-admin-token";
const callTimeoutMs = 10000;
const $ = (sel) => document.querySelector(sel);

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

function say(text, isError) {
  const m = $("#message");
  m.textContent = text;
  m.className = isError ? "error" : "";
}

// api calls the admin API with the token of this tab, if any. A 401 asks
// for the token once; the call is not retried by itself.
async function api(method, path, body, type) {
  const headers = {};
  const token = sessionStorage.getItem(tokenKey);
  if (token) headers["Authorization"] = "Bearer " + token;
  if (body !== undefined) headers["Content-Type"] = type || "application/json";
  // A call that hangs (a delay fault, a stalled connection) is given up
  // after callTimeoutMs, so it cannot hold the live journal forever.
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), callTimeoutMs);
  let resp;
  try {
    resp = await fetch(path, { method, headers, body, credentials: "same-origin", cache: "no-store", signal: ctl.signal });
  } catch (e) {
    throw new Error(e.name === "AbortError" ? method + " " + path + ": no answer in " + callTimeoutMs / 1000 + " s" : e.message);
  } finally {
    clearTimeout(timer);
  }
  let doc = null;
  try { doc = await resp.json(); } catch (e) { doc = null; }
  if (resp.status === 401) {
    // Ask for the token only if this call was sent with the tab's current
    // one: a 401 of a call sent before the user entered it must not bring
    // the form back (and stop the live journal) once the token is kept.
    if (sessionStorage.getItem(tokenKey) === token) $("#token-form").hidden = false;
    throw new Error("the admin API needs the admin token (--admin-token): enter it above");
  }
  if (!resp.ok) {
    const err = new Error((doc && doc.error) || ("HTTP " + resp.status));
    err.doc = doc;
    throw err;
  }
  return doc;
}

// Journal: polled every second with the filters of the form. Loads can
// overlap (a poll and an action); only the newest one may paint, so a slow
// older answer never puts back rows the user just cleared.
let journalSeq = 0;
async function loadJournal() {
  const seq = ++journalSeq;
  const q = new URLSearchParams({ limit: "100" });
  for (const [name, id] of [["path", "#filter-path"], ["key", "#filter-key"], ["status", "#filter-status"]]) {
    const v = $(id).value.trim();
    if (v) q.set(name, v);
  }
  const doc = await api("GET", "requests?" + q.toString());
  if (seq !== journalSeq) return;
  const body = $("#journal tbody");
  const rows = doc.requests.map((r) => {
    const tr = el("tr");
    if (r.status === 0) tr.className = "drop";
    else if (r.status >= 400 || r.code !== 0) tr.className = "fail";
    tr.append(el("td", r.time.slice(11, 23)), el("td", r.method), el("td", r.path), el("td", r.key),
      el("td", r.status === 0 ? "dropped" : r.status), el("td", r.code), el("td", r.duration_ms),
      el("td", r.body, "body"));
    return tr;
  });
  body.replaceChildren(...rows);
}

function describeMatch(f) {
  const parts = [];
  for (const k of ["endpoint", "key", "record_id", "record_url", "certificate_code"]) if (f[k]) parts.push(k + "=" + f[k]);
  if (f.rate) parts.push("rate " + f.rate);
  if (f.times) parts.push("times " + f.times);
  return parts.join(", ") || "every request";
}

function describeAction(f) {
  const parts = [];
  if (f.delay_ms || f.jitter_ms) parts.push("delay " + (f.delay_ms || 0) + (f.jitter_ms ? "±" + f.jitter_ms : "") + " ms");
  if (f.error) parts.push("error " + (f.error.code || f.error.http_status) + (f.error.retry_after ? " Retry-After " + f.error.retry_after : ""));
  if (f.drop) parts.push("drop");
  if (f.body) parts.push("body " + f.body);
  return parts.join(", ");
}

async function loadFaults() {
  const doc = await api("GET", "faults");
  const rows = doc.faults.map((f) => {
    const tr = el("tr", undefined, f.expired ? "expired" : "");
    tr.dataset.id = f.id;
    const rm = el("button", "Remove", "remove");
    rm.type = "button";
    rm.addEventListener("click", () => act(async () => {
      await api("DELETE", "faults/" + encodeURIComponent(f.id));
      say("removed rule " + f.id);
      await loadFaults();
    }));
    const cell = el("td");
    cell.append(rm);
    tr.append(el("td", f.id), el("td", f.source), el("td", describeMatch(f)), el("td", describeAction(f)),
      el("td", f.hits + (f.expired ? " (spent)" : "")), cell);
    return tr;
  });
  $("#faults tbody").replaceChildren(...rows);
}

// numberFields are the form's numeric members: the input, the member the
// server names in its problems, and whether it takes whole numbers only.
const numberFields = [
  ["#fault-record", "record_id", true], ["#fault-delay", "delay_ms", true], ["#fault-jitter", "jitter_ms", true],
  ["#fault-rate", "rate", false], ["#fault-times", "times", true],
  ["#fault-error", "error.code", true], ["#fault-retry", "error.retry_after", true],
];

// ruleFromForm builds a rule of the members filled in; the server checks
// it, so that every problem is worded once, by the server. A field that is
// not a number is sent as -1, which every numeric member refuses: the
// server then names it with the others in one answer (nothing is added),
// and bad says what was typed there.
function ruleFromForm() {
  const rule = {};
  const bad = {};
  const nums = {};
  for (const [id, member, whole] of numberFields) {
    const v = $(id).value.trim();
    if (v === "") continue;
    const n = Number(v);
    if (!Number.isFinite(n) || (whole && !Number.isInteger(n))) {
      bad[member] = JSON.stringify(v) + " is not " + (whole ? "a whole number" : "a number");
      nums[member] = -1;
    } else {
      nums[member] = n;
    }
  }
  const str = (id) => $(id).value.trim() || undefined;
  rule.endpoint = str("#fault-endpoint");
  rule.key = str("#fault-key");
  rule.record_id = nums.record_id;
  rule.certificate_code = str("#fault-cert");
  rule.delay_ms = nums.delay_ms;
  rule.jitter_ms = nums.jitter_ms;
  rule.rate = nums.rate;
  rule.times = nums.times;
  rule.body = str("#fault-body");
  if ($("#fault-drop").checked) rule.drop = true;
  if (nums["error.code"] !== undefined || nums["error.retry_after"] !== undefined) { // a retry_after alone: the server asks for the code
    rule.error = { code: nums["error.code"], retry_after: nums["error.retry_after"] };
  }
  return { rule, bad };
}

// showFaultProblems lists, next to the form, every problem of the rule it
// tried to add, each naming its member; a member typed as something that
// is not a number is said so, with what was typed. The server numbers the
// rules of its body ("rule 1"); the form sends one, the new rule, so that
// name is left out.
function showFaultProblems(message, bad) {
  const box = $("#fault-problems");
  const items = message ? message.replace(/^rule 1: /, "").split("; ").map((p) => {
    const i = p.indexOf(": ");
    const member = i > 0 ? p.slice(0, i) : "";
    return bad[member] ? member + ": " + bad[member] : p;
  }) : [];
  box.querySelector("ul").replaceChildren(...items.map((p) => el("li", p)));
  box.hidden = items.length === 0;
}

function chips(list) {
  const d = el("span", undefined, "chips");
  for (const x of list) d.append(el("span", x));
  return d;
}

function table(headers, rows) {
  const t = el("table");
  const head = el("tr");
  for (const h of headers) head.append(el("th", h));
  t.append(head);
  for (const r of rows) {
    const tr = el("tr");
    for (const v of r) {
      const td = el("td");
      if (v instanceof Node) td.append(v); else td.textContent = v === undefined ? "" : String(v);
      tr.append(td);
    }
    t.append(tr);
  }
  return t;
}

// Consumer coverage: one row a dimension with its missing entries (those
// the scenario cannot produce marked), then the client's findings.
async function loadCoverage() {
  const r = await api("GET", "coverage");
  $("#coverage-summary").textContent = r.calls + " calls counted (not counted: " + r.excluded.admin + " admin, " + r.excluded.kit + " by rtq's own tools)";
  const rows = [];
  for (const [name, d] of Object.entries(r.dimensions)) {
    const unreachable = new Set(d.unreachable || []);
    const missing = d.missing.map((m) => unreachable.has(m) ? m + " (the scenario cannot produce it)" : m);
    const tr = el("tr", undefined, d.missing.length > 0 ? "gap" : "");
    tr.append(el("td", name), el("td", d.covered + "/" + d.total));
    const td = el("td");
    td.append(chips(missing));
    tr.append(td);
    rows.push(tr);
  }
  $("#coverage tbody").replaceChildren(...rows);
  $("#findings tbody").replaceChildren(...r.findings.map((f) => {
    const tr = el("tr", undefined, "fail");
    const q = f.request;
    tr.append(el("td", f.duty), el("td", f.count), el("td", f.message),
      el("td", q.method + " " + q.path + " (Content-Type " + JSON.stringify(q.content_type) + ") " + q.body, "body"));
    return tr;
  }));
}

async function loadScenario() {
  const sc = await api("GET", "scenario");
  $("#scenario-name").textContent = "· " + sc.name + " (seed " + sc.seed + ")";
  const box = $("#scenario");
  box.replaceChildren(
    el("h3", "Organizations"), table(["id", "name", "code", "host"], sc.orgs.map((o) => [o.id, o.name, o.code, o.host])),
    el("h3", "API keys (names and scopes; secrets are never shown)"),
    table(["name", "org", "scopes", "forms"], sc.keys.map((k) => [k.name, k.org, k.scopes.join(", "), (k.forms || []).join(", ")])),
    el("h3", "Forms"),
    table(["id", "name", "org", "credential", "statuses"], sc.forms.map((f) => [f.id, f.name, f.org,
      f.credential ? (f.verification ? "yes, verifiable" : "yes, verification off") : "", chips(f.statuses || [])])),
    el("h3", "Records (" + sc.records.length + " of " + sc.records_total + ")"),
    table(["id", "code", "org", "form", "status", "fields (title: type)"], sc.records.map((r) => [r.id, r.code, r.org,
      r.form || "", r.status || "", chips(r.fields)])),
  );
}

function showProblems(doc) {
  const list = $("#problems");
  const problems = (doc && doc.problems) || [];
  list.replaceChildren(...problems.map((p) => el("li", p.line + ":" + p.column + ": " + (p.path ? p.path + ": " : "") + p.message)));
  list.hidden = problems.length === 0;
}

// act runs a user action and says how it went. Problems listed on their
// own (a scenario's, line by line) are not repeated in the message: it
// keeps only its first line, what happened.
async function act(fn) {
  try {
    await fn();
  } catch (e) {
    const listed = e.doc && e.doc.problems && e.doc.problems.length > 0;
    say(listed ? e.message.split("\n")[0] : e.message, true);
    if (e.doc) showProblems(e.doc);
  }
}

async function refresh() {
  await act(async () => { await Promise.all([loadScenario(), loadFaults(), loadJournal(), loadCoverage()]); });
}

function wire() {
  $("#token-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    sessionStorage.setItem(tokenKey, $("#token").value);
    $("#token").value = "";
    $("#token-form").hidden = true;
    say("token kept in this tab");
    refresh();
  });
  $("#reset").addEventListener("click", () => act(async () => {
    await api("POST", "reset");
    say("state reset to the loaded scenario (runtime fault rules kept)");
    await Promise.all([loadFaults(), loadJournal()]);
  }));
  $("#journal-clear").addEventListener("click", () => act(async () => {
    await api("DELETE", "requests");
    await loadJournal();
  }));
  $("#filters").addEventListener("submit", (ev) => { ev.preventDefault(); act(loadJournal); });
  $("#fault-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const { rule, bad } = ruleFromForm();
    let doc;
    try {
      doc = await api("POST", "faults", JSON.stringify(rule));
    } catch (e) {
      showFaultProblems(e.message, bad); // next to the form, not at the top of the page
      return;
    }
    showFaultProblems("", {});
    say("added rule " + doc.faults.map((f) => f.id).join(", "));
    await act(loadFaults);
  });
  $("#coverage-reset").addEventListener("click", () => act(async () => {
    await api("POST", "coverage/reset");
    say("consumer coverage forgotten (the state is kept)");
    await loadCoverage();
  }));
  $("#faults-clear").addEventListener("click", () => act(async () => {
    await api("DELETE", "faults");
    say("runtime fault rules removed");
    await loadFaults();
  }));
  $("#scenario-file").addEventListener("change", (ev) => act(async () => {
    const file = ev.target.files[0];
    if (!file) return;
    showProblems(null);
    const doc = await api("POST", "scenario", await file.text(), "application/yaml");
    ev.target.value = "";
    say("loaded scenario " + doc.scenario + " from " + file.name);
    await refresh();
  }));
}

let polling = false;
async function poll() {
  setTimeout(poll, 1000);
  if (!polling && $("#token-form").hidden) {
    polling = true;
    try { await Promise.all([loadJournal(), loadFaults(), loadCoverage()]); } catch (e) { /* shown on the next action */ } finally { polling = false; }
  }
}

wire();
refresh();
setTimeout(poll, 1000); // independent of refresh: a first load that fails or hangs never stops the live view
