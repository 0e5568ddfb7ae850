// Must not compile: an address has no values member (a checkbox has), and
// a record (a closed object) has no fields member. Compiled with
// noPropertyAccessFromIndexSignature, so the index signature of an open
// object (it admits other members) does not stand for a declared one.
// scripts/check-clients.sh wants tsc to refuse both lines.
import type { components } from "./rtq.js";

type Schemas = components["schemas"];

export function values(f: Schemas["record.Field.address"]): unknown {
  return f.field_value.values;
}

export function fields(r: Schemas["record"]): unknown {
  return r.fields;
}
