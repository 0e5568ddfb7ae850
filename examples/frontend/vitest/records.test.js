// records.test.js: the app's data layer against the mock in Node, with
// no process and no network. rtq-mock is the npm pack tarball of
// `rtq wasm --out` (npm install ./rtq-mock-0.0.0.tgz).
import { test, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import { createMock } from 'rtq-mock';

let mock;
beforeAll(async () => { mock = await createMock({ seed: 7 }); });
afterAll(() => mock.close());
beforeEach(() => mock.fetch('http://localhost/__admin/reset', { method: 'POST' }));

const call = (path, key, body) => mock.fetch(`http://localhost/api/v2/rpc/${path}`, {
  method: 'POST',
  headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});
const status = async (id) => (await (await call('record/getRecord', 'rtq-demo-read', { record_id: id })).json()).data.data.process_status.text;

test('reads a record', async () => {
  const res = await call('record/getRecord', 'rtq-demo-read', { record_id: 110001 });
  expect(res.status).toBe(200);
  expect((await res.json()).data.data.record_number).toBe('R110001');
});

test('a verified credential reads back verified, until a reset', async () => {
  expect(await status(110001)).toBe('待核验');
  const res = await call('certificates/verify', 'rtq-demo-write', {
    certificate_code: 'demo-cert-a-pending-01', action_type: 'set_certificate_status', to_certificate_status: '已核验',
  });
  expect(res.status).toBe(200);
  expect(await status(110001)).toBe('已核验');
  await mock.fetch('http://localhost/__admin/reset', { method: 'POST' });
  expect(await status(110001)).toBe('待核验');
});

test('a read-only key may not verify', async () => {
  const res = await call('certificates/verify', 'rtq-demo-read', {
    certificate_code: 'demo-cert-a-pending-01', action_type: 'set_certificate_status', to_certificate_status: '已核验',
  });
  expect(res.status).not.toBe(200);
  expect(await status(110001)).toBe('待核验');
});
