// component.test.js: the app's own code, which calls the global
// fetch('/api/v2/rpc/...') with a relative URL, tested against the mock
// by pointing the global fetch at it for the test.
import { test, expect, beforeAll, afterAll } from 'vitest';
import { createMock } from 'rtq-mock';
import { getRecord } from '../vite/src/record.js';

let mock;
const networkFetch = globalThis.fetch;
beforeAll(async () => {
  mock = await createMock({ seed: 7 });
  globalThis.fetch = (input, init) => mock.fetch(input, init);
});
afterAll(async () => {
  globalThis.fetch = networkFetch;
  await mock.close();
});

test('the component reads its record through the global fetch', async () => {
  const record = await getRecord(110001);
  expect(record.record_number).toBe('R110001');
  expect(record.process_status.text).toBe('待核验');
});

test('a failing service reaches the component as an error', async () => {
  await mock.fetch('/__admin/faults', {
    method: 'POST',
    body: JSON.stringify({ endpoint: 'record/getRecord', times: 1, error: { code: 503 } }),
  });
  await expect(getRecord(110001)).rejects.toThrow('getRecord answered 503');
});
