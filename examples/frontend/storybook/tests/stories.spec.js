// tests/stories.spec.js: the Storybook's stories, each opened on
// its own in the system's Chromium, render what the mock answered.
import { test, expect } from '@playwright/test';

const story = (id) => `/iframe.html?id=${id}&viewMode=story`;

test('Pending shows the record', async ({ page }) => {
  await page.goto(story('record--pending'));
  await expect(page.getByRole('heading')).toHaveText('R110001: 待核验');
});

test('ServiceDown shows the retry button', async ({ page }) => {
  await page.goto(story('record--service-down'));
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByText('getRecord answered 503')).toBeVisible();
});
