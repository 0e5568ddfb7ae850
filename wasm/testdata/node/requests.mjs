// The fixed request set of the equality tests (Node and browser): every
// endpoint, every getRecord format, errors, a verify then getRecord, a
// fault rule, a namespace, reset, the admin API. Order matters: each
// request sees the state the ones before it left.
const read = "Bearer rtq-demo-read";
const write = "Bearer rtq-demo-write";
const json = (auth, body) => ({
  method: "POST",
  headers: { ...(auth ? { Authorization: auth } : {}), "Content-Type": "application/json" },
  body: typeof body === "string" ? body : JSON.stringify(body),
});
const rpc = "/api/v2/rpc";
const cert = "demo-cert-a-pending-01";
const verify = { certificate_code: cert, action_type: "set_certificate_status", to_certificate_status: "已核验" };

export const requests = [
  { name: "getRecord json", path: `${rpc}/record/getRecord`, init: json(read, { record_id: 100001 }) },
  { name: "getRecord json-ld", path: `${rpc}/record/getRecord`, init: json(read, { record_id: 100001, format: "json-ld" }) },
  { name: "getRecord markdown", path: `${rpc}/record/getRecord`, init: json(read, { record_id: 100001, format: "markdown" }) },
  { name: "getRecord without a form", path: `${rpc}/record/getRecord`, init: json(read, { record_id: 100011 }) },
  { name: "getRecord not found", path: `${rpc}/record/getRecord`, init: json(read, { record_id: 190001 }) },
  { name: "getRecord bad format", path: `${rpc}/record/getRecord`, init: json(read, { record_id: 100001, format: "xml" }) },
  { name: "getRecord no key", path: `${rpc}/record/getRecord`, init: json(null, { record_id: 100001 }) },
  { name: "getRecord wrong key", path: `${rpc}/record/getRecord`, init: json("Bearer nope", { record_id: 100001 }) },
  { name: "getRecord not JSON", path: `${rpc}/record/getRecord`, init: json(read, "{not json") },
  { name: "getRecord GET", path: `${rpc}/record/getRecord`, init: { method: "GET", headers: { Authorization: read } } },
  { name: "getFormList", path: `${rpc}/record/getFormList`, init: json(read, {}) },
  { name: "getFormList page 2", path: `${rpc}/record/getFormList`, init: json(read, { page: 2, page_size: 2 }) },
  { name: "templates list", path: `${rpc}/templates/list`, init: json(read, { page_size: 3 }) },
  { name: "templates listQrcodes", path: `${rpc}/templates/listQrcodes`, init: json(read, {}) },
  { name: "unknown path", path: `${rpc}/record/nothing`, init: json(read, {}) },
  { name: "verify read-only key", path: `${rpc}/certificates/verify`, init: json(read, verify) },
  { name: "verify", path: `${rpc}/certificates/verify`, init: json(write, verify) },
  { name: "verify again", path: `${rpc}/certificates/verify`, init: json(write, verify) },
  { name: "getRecord after verify", path: `${rpc}/record/getRecord`, init: json(read, { record_id: 110001 }) },
  { name: "namespace getRecord", path: `/s/team-a${rpc}/record/getRecord`, init: json(read, { record_id: 110002 }) },
  { name: "root getRecord beside the namespace", path: `${rpc}/record/getRecord`, init: json(read, { record_id: 110002 }) },
  { name: "fault rule added", path: "/__admin/faults", init: json(null, { endpoint: "record/getFormList", times: 1, error: { code: 429, error_code: 100429, message: "Too many requests", retry_after: 2 } }) },
  { name: "fault rule hits", path: `${rpc}/record/getFormList`, init: json(read, {}) },
  { name: "fault rule expired", path: `${rpc}/record/getFormList`, init: json(read, {}) },
  { name: "fault rules listed", path: "/__admin/faults", init: { method: "GET" } },
  { name: "namespace verify", path: `/s/team-a${rpc}/certificates/verify`, init: json(write, { certificate_code: "demo-cert-a-pending-02", action_type: "set_next_certificate_status" }) },
  { name: "namespace journal", path: "/s/team-a/__admin/requests", init: { method: "GET" } },
  { name: "root journal", path: "/__admin/requests?limit=30", init: { method: "GET" } },
  { name: "reset", path: "/__admin/reset", init: { method: "POST" } },
  { name: "verify after reset", path: `${rpc}/certificates/verify`, init: json(write, verify) },
  { name: "faults deleted", path: "/__admin/faults", init: { method: "DELETE" } },
  { name: "journal emptied", path: "/__admin/requests", init: { method: "DELETE" } },
  { name: "health", path: "/__admin/health", init: { method: "GET" } },
  { name: "profile", path: "/__admin/profile", init: { method: "GET" } },
  { name: "admin page", path: "/__admin/", init: { method: "GET" } },
  { name: "a slow body", path: "/__admin/faults", init: json(null, { endpoint: "templates/listQrcodes", body: "dribble", delay_ms: 90, times: 1 }) },
  { name: "slowed", path: `${rpc}/templates/listQrcodes`, init: json(read, {}) },
  { name: "a delay", path: "/__admin/faults", init: json(null, { endpoint: "templates/listQrcodes", delay_ms: 50, times: 1 }) },
  { name: "delayed", path: `${rpc}/templates/listQrcodes`, init: json(read, {}) },
  { name: "a dropped connection", path: "/__admin/faults", init: json(null, { endpoint: "templates/list", drop: true, times: 1 }) },
  { name: "dropped", path: `${rpc}/templates/list`, init: json(read, {}) },
  { name: "a cut body", path: "/__admin/faults", init: json(null, { endpoint: "templates/list", body: "truncated", times: 1 }) },
  { name: "cut", path: `${rpc}/templates/list`, init: json(read, {}) },
  { name: "no Content-Type, a key in the query", path: `${rpc}/record/getFormList?api_key=rtq-demo-read`, init: { method: "POST", body: '{"page_size":50,"pgae":2}' } },
  { name: "the root's coverage", path: "/__admin/coverage", init: { method: "GET" } },
  { name: "the coverage of every namespace", path: "/__admin/coverage?namespace=*", init: { method: "GET" } },
  { name: "a namespace's coverage", path: "/s/team-a/__admin/coverage", init: { method: "GET" } },
];

// normalize blanks what differs between two runs of the same requests:
// the journal's times and durations. It takes and gives a Uint8Array,
// the same one when nothing was blanked.
export function normalize(r, body) {
  if (!r.path.includes("/__admin/requests") || r.init.method !== "GET") return body;
  const text = new TextDecoder().decode(body)
    .replace(/"time":"[^"]*"/g, '"time":"T"')
    .replace(/"duration_ms":[0-9.]+/g, '"duration_ms":0');
  return new TextEncoder().encode(text);
}
