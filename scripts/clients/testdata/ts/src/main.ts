// Every endpoint of a running rtq mock ($RTQ_BASE_URL) through
// openapi-fetch and the types openapi-typescript wrote: a typed success
// and a typed error answer from each. Run by scripts/check-clients.sh
// beside the docs/ecosystem.md recipe (recipe.ts), under tsc --strict.
import { readFileSync } from "node:fs";
import createClient from "openapi-fetch";
import type { paths, components } from "./rtq.js";
import { summary } from "./recipe.js";

const baseUrl = process.env.RTQ_BASE_URL ?? "";
const client = (key?: string) =>
  createClient<paths>({ baseUrl, headers: key ? { Authorization: `Bearer ${key}` } : {} });
const read = client("rtq-demo-read");
const write = client("rtq-demo-write");
const none = client();

function want(ok: boolean, what: string, got: unknown): void {
  if (!ok) throw new Error(`${what}: got ${JSON.stringify(got)}`);
}

type Field = components["schemas"]["record.Field"];
// kind returns what a field holds, by field_type, with no cast.
function kind(f: Field): string {
  switch (f.field_type) {
    case "address":
      return `address at ${f.field_value.lat.toFixed(4)},${f.field_value.lng.toFixed(4)}`;
    case "checkbox":
      return `checkbox of ${f.field_value.values.length}`;
    case "number":
      return `number ${f.field_value.value}${f.field_value.unit}`;
    case "image":
    case "signature":
      return `${f.field_value.length} images`;
    default:
      return f.field_type;
  }
}

let calls = 0;

// getRecord: the recipe, every field of a record with every field type the
// document names (its record.Field union's discriminator), the markdown
// payload, and a typed 404.
const doc = JSON.parse(readFileSync(process.env.RTQ_OPENAPI ?? "", "utf8"));
const fieldTypes = Object.keys(doc.components.schemas["record.Field"].discriminator.mapping).length;
const s = await summary(100001);
want(s.points.length > 0 && s.ticked.length > 0, "summary(100001)", s);
const rec = await read.POST("/api/v2/rpc/record/getRecord", { body: { record_id: 100001 } });
want(rec.data?.data.format === "json", "getRecord 100001", rec.error);
if (rec.data?.data.format === "json") {
  const kinds = new Set(rec.data.data.data.tpl_groups.flatMap((g) => g.fields.map((f) => f.field_type)));
  want(kinds.size === fieldTypes, `field types of record 100001 (want ${fieldTypes})`, kinds.size);
  rec.data.data.data.tpl_groups.forEach((g) => g.fields.forEach(kind));
}
const md = await read.POST("/api/v2/rpc/record/getRecord", { body: { record_id: 100001, format: "markdown" } });
want(md.data?.data.format === "markdown" && md.data.data.data.startsWith("---"), "getRecord markdown", md.error);
const other = await read.POST("/api/v2/rpc/record/getRecord", { body: { record_id: 190001 } });
want(other.response.status === 404 && other.error?.code === 404, "getRecord of another organization", other.error);
calls += 4;

// getFormList: a page, and a typed 401.
const forms = await read.POST("/api/v2/rpc/record/getFormList", { body: { page: 1, page_size: 2 } });
want(forms.data?.data.list.length === 2 && forms.data.data.page.total > 0, "getFormList", forms.error);
const noKey = await none.POST("/api/v2/rpc/record/getFormList", { body: {} });
want(noKey.error?.code === 401 && noKey.error.message !== "", "getFormList without a key", noKey.error);

// listTemplates: a page, and a typed 400.
const tpls = await read.POST("/api/v2/rpc/templates/list", { body: { start_time: "2025-01-01", end_time: "2025-12-31", page_size: 2 } });
want((tpls.data?.data.list.length ?? 0) > 0, "listTemplates", tpls.error);
const badTime = await read.POST("/api/v2/rpc/templates/list", { body: { start_time: "yesterday" } });
want(badTime.error?.code === 400, "listTemplates with a bad time", badTime.error);

// listQrcodes: a page, and a typed 404.
const codes = await read.POST("/api/v2/rpc/templates/listQrcodes", { body: { template: "demo-tpl-big", page_size: 2 } });
want(codes.data?.data.list.length === 2, "listQrcodes", codes.error);
const unknown = await read.POST("/api/v2/rpc/templates/listQrcodes", { body: { template: "no-such-template" } });
want(unknown.error?.code === 404, "listQrcodes of an unknown template", unknown.error);

// verifyCertificate: a write, and a typed 403.
const moved = await write.POST("/api/v2/rpc/certificates/verify", {
  body: { certificate_code: "demo-cert-a-pending-01", action_type: "set_next_certificate_status" },
});
want((moved.data?.data.certificate_status ?? "") !== "", "verifyCertificate", moved.error);
const denied = await read.POST("/api/v2/rpc/certificates/verify", {
  body: { certificate_code: "demo-cert-a-pending-02", action_type: "set_next_certificate_status" },
});
want(denied.error?.code === 403, "verifyCertificate with a read key", denied.error);
calls += 8;
console.log(`openapi-typescript client: ${calls} calls, every endpoint, typed successes and errors; all ${fieldTypes} field types narrowed`);
