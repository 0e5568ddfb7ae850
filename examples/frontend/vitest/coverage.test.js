// coverage.test.js: what the data layer's tests never met. The mock
// counts every call the app's code made (mock.coverage(), the same JSON
// as GET /__admin/coverage); the team declares what its tests must have
// met, and names what it knowingly leaves out.
import { test, expect, beforeAll, afterAll } from 'vitest';
import { createMock } from 'rtq-mock';

let mock;
beforeAll(async () => { mock = await createMock({ seed: 7 }); });
afterAll(() => mock.close());

// The app's fetch wrapper, as records.test.js uses it.
const call = (path, body) => mock.fetch(`http://localhost/api/v2/rpc/${path}`, {
  method: 'POST',
  headers: { Authorization: 'Bearer rtq-demo-read', 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});
const count = (report, dimension, id) => report.dimensions[dimension].entries.find((e) => e.id === id)?.count;

test('the record page meets a record, a missing record and every format', async () => {
  for (const format of ['json', 'json-ld', 'markdown']) await call('record/getRecord', { record_id: 110001, format });
  expect((await call('record/getRecord', { record_id: 190001 })).status).toBe(404);

  const report = mock.coverage();
  expect(report.calls).toBe(4);
  expect(count(report, 'endpoints', 'record/getRecord')).toBe(4);
  expect(count(report, 'parameters', 'record/getRecord format=markdown')).toBe(1);
  expect(count(report, 'errors', 'record/getRecord 100404/404')).toBe(1);
  // What these tests never met, named: the next tests to write.
  expect(report.dimensions.errors.missing).toContain('record/getRecord 100401/401');
  expect(report.dimensions.endpoints.missing).toEqual(['certificates/verify', 'record/getFormList', 'templates/list', 'templates/listQrcodes']);
  expect(report.findings).toEqual([]);
});
