// tests/coverage.spec.js: what the app's own requests met in this run,
// from the mock in the page's worker (GET /__admin/coverage). The report
// is kept as this test's output; CI joins the runs' reports with
// `rtq coverage merge` and fails under its thresholds.
import { test, expect } from '@playwright/test';
import { writeFile } from 'node:fs/promises';

const coverage = (page) => page.evaluate(async () => (await fetch('/__admin/coverage')).json());
const count = (report, dimension, id) => report.dimensions[dimension].entries.find((e) => e.id === id)?.count;

test('the record page meets a record and a 503, and never a missing record', async ({ page }, testInfo) => {
  await page.goto('/records/110001');
  await expect(page.getByRole('heading')).toHaveText('R110001: 待核验'); // the first visit's own request answered
  await page.evaluate(async () => {
    const { startWorker } = await import('/rtq-mock.mjs');
    await startWorker({ fresh: true });
    await fetch('/__admin/coverage/reset', { method: 'POST' }); // only what this test does counts
    await fetch('/__admin/faults', {
      method: 'POST', body: JSON.stringify({ endpoint: 'record/getRecord', times: 1, error: { code: 503 } }),
    });
  });
  await page.goto('/records/110001');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading')).toHaveText('R110001: 待核验');

  const report = await coverage(page);
  await writeFile(testInfo.outputPath('consumer-coverage.json'), JSON.stringify(report));
  expect(report.calls).toBe(2); // the admin calls above are not the app's
  expect(count(report, 'endpoints', 'record/getRecord')).toBe(2);
  expect(count(report, 'errors', 'record/getRecord 503')).toBe(1);
  expect(count(report, 'parameters', 'record/getRecord record_id')).toBe(2);
  expect(report.dimensions.errors.missing).toContain('record/getRecord 100404/404');
  expect(report.findings).toEqual([]);
});
