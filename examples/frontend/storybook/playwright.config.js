// playwright.config.js: the stories twice, in the system's Chromium: the
// static Storybook (storybook build) served by vite preview, and
// storybook dev. Both listen on loopback only.
import { defineConfig } from '@playwright/test';

const built = Number(process.env.PORT || 6007);
const dev = Number(process.env.DEV_PORT || 6006);

export default defineConfig({
  testDir: 'tests',
  // A fresh worker compiles the 12 MB module first: seconds on a busy machine.
  timeout: 90_000,
  expect: { timeout: 30_000 },
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      // Only the loopback servers: Chromium looks up no other host (its sign-in's).
      args: ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
    },
  },
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
      command: `storybook dev --ci --no-open --no-version-updates --disable-telemetry --host 127.0.0.1 --port ${dev}`,
      url: `http://127.0.0.1:${dev}/iframe.html`,
      timeout: 120_000,
    },
  ],
});
