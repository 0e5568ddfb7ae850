// playwright.config.js: the Vite example twice, in the system's Chromium
// (no Go, no browser download: PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 and
// CHROMIUM=/usr/bin/chromium): its build made with VITE_MOCK=1, served by
// vite preview, and its dev server. Both listen on loopback only.
// With RTQ_API_URL set instead (rtq proxy's URL in CI), one project:
// tests/http.spec.js on the build in dist-http (made without VITE_MOCK),
// its calls forwarded over HTTP by vite preview (vite.config.js).
import { defineConfig } from '@playwright/test';

const preview = Number(process.env.PORT || 4173);
const dev = Number(process.env.DEV_PORT || 5173);
const api = process.env.RTQ_API_URL;
const vite = (script, port, args = '') => ({
  command: `npm --prefix ../vite run ${script} -- --host 127.0.0.1 --port ${port} --strictPort${args}`,
  url: `http://127.0.0.1:${port}/`,
});

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
  projects: api ? [
    { name: 'http', testMatch: 'http.spec.js', use: { baseURL: `http://127.0.0.1:${preview}` } },
  ] : [
    { name: 'build', testIgnore: 'http.spec.js', use: { baseURL: `http://127.0.0.1:${preview}` } },
    // Under the dev server, the first visit is enough to show main.js works.
    { name: 'dev', testMatch: 'preview.spec.js', use: { baseURL: `http://127.0.0.1:${dev}` } },
  ],
  webServer: api ? [vite('preview', preview, ' --outDir dist-http')] : [vite('preview', preview), vite('dev', dev)],
});
