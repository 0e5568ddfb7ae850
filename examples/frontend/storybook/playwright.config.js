// playwright.config.js: the stories twice, in the system's Chromium: the
// static Storybook (storybook build) served by vite preview, and
// storybook dev. Both listen on loopback only.
import { defineConfig } from '@playwright/test';

const built = Number(process.env.PORT || 6007);
const dev = Number(process.env.DEV_PORT || 6006);

export default defineConfig({
  testDir: 'tests',
  use: { launchOptions: { executablePath: process.env.CHROMIUM || '/usr/bin/chromium' } },
  projects: [
    { name: 'build', use: { baseURL: `http://127.0.0.1:${built}` } },
    { name: 'dev', use: { baseURL: `http://127.0.0.1:${dev}` } },
  ],
  webServer: [
    {
      command: `vite preview --outDir storybook-static --host 127.0.0.1 --port ${built} --strictPort`,
      url: `http://127.0.0.1:${built}/iframe.html`,
    },
    {
      command: `storybook dev --ci --no-open --host 127.0.0.1 --port ${dev}`,
      url: `http://127.0.0.1:${dev}/iframe.html`,
      timeout: 120_000,
    },
  ],
});
