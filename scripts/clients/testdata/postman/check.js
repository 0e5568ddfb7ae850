// check.js RUN.json: every request of a newman run (its JSON report) got a
// 200 from the mock. Prints one line; exits 1 naming each that did not.
const fs = require("fs");
const run = JSON.parse(fs.readFileSync(process.argv[2], "utf8")).run;
const bad = [];
for (const x of run.executions) {
  const code = x.response ? x.response.code : "no answer";
  if (code !== 200) {
    const body = x.response && x.response.stream ? Buffer.from(x.response.stream.data || []).toString() : "";
    bad.push(`${x.item.name}: ${code} ${body}`);
  }
}
if (bad.length || run.executions.length === 0) {
  console.log(`postman collection: ${bad.length} of ${run.executions.length} requests failed:\n  ${bad.join("\n  ")}`);
  process.exit(1);
}
console.log(`postman collection: ${run.executions.length} requests as imported, every one a 200`);
