// tests/record.spec.js
import { test, expect } from '@playwright/test';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    const { startWorker } = await import('/rtq-mock.mjs');
    await startWorker({ fresh: true });
  });
});

test('shows a record', async ({ page }) => {
  await page.goto('/records/110001');
  await expect(page.getByRole('heading')).toHaveText('R110001: 待核验');
});

test('shows a retry button on a 503, and the record after it', async ({ page }) => {
  await page.evaluate(() => fetch('/__admin/faults', {
    method: 'POST', body: JSON.stringify({ endpoint: 'record/getRecord', times: 1, error: { code: 503 } }),
  }));
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
