// playwright.config.js: the Vite example's build, made with VITE_MOCK=1
// so that its service worker answers the API, served by vite preview on
// loopback, in the system's Chromium: no Go and no browser download
// (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1, CHROMIUM=/usr/bin/chromium).
import { defineConfig } from '@playwright/test';

const port = Number(process.env.PORT || 4173);

export default defineConfig({
  testDir: 'tests',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM || '/usr/bin/chromium' },
  },
  webServer: {
    command: `npm --prefix ../vite run preview -- --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/`,
  },
});
