// tests/preview.spec.js: the build made with VITE_MOCK=1 starts the mock
// by itself on a first visit; no test code registers the worker.
import { test, expect } from '@playwright/test';

test('a first visit is answered by the worker the app started', async ({ page }) => {
  await page.goto('/records/110001');
  await expect(page.getByRole('heading')).toHaveText('R110001: 待核验');
  const worker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(worker).toMatch(/\/rtq-sw\.js(\?|$)/);
});
