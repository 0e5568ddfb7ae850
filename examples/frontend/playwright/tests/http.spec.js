// tests/http.spec.js: record.spec.js's cases with no mock in the page:
// a build made without VITE_MOCK, whose /api/ and /__admin/ calls vite
// preview forwards over HTTP (RTQ_API_URL). CI points it at rtq proxy
// in front of rtq mock, and holds the proxy's report to no violation.
import { test, expect } from '@playwright/test';

const admin = (page, path, body) => page.evaluate(async ([path, body]) => {
  const res = await fetch(path, { method: 'POST', body: body && JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
}, [path, body]);

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await admin(page, '/__admin/reset');
});

test('shows a record', async ({ page }) => {
  await page.goto('/records/110001');
  await expect(page.getByRole('heading')).toHaveText('R110001: 待核验');
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
});

test('shows a retry button on a 503, and the record after it', async ({ page }) => {
  await admin(page, '/__admin/faults', { endpoint: 'record/getRecord', times: 1, error: { code: 503 } });
  await page.goto('/records/110001');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading')).toHaveText('R110001: 待核验');
});

test('shows a credential verified through the API as verified', async ({ page }) => {
  const status = await page.evaluate(async () => (await fetch('/api/v2/rpc/certificates/verify', {
    method: 'POST',
    headers: { Authorization: 'Bearer rtq-demo-write', 'Content-Type': 'application/json' },
    body: JSON.stringify({ certificate_code: 'demo-cert-a-pending-01', action_type: 'set_certificate_status', to_certificate_status: '已核验' }),
  })).status);
  expect(status).toBe(200);
  await page.goto('/records/110001');
  await expect(page.getByRole('heading')).toHaveText('R110001: 已核验');
});
