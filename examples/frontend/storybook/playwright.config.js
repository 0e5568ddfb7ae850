// playwright.config.js: the static Storybook (storybook build) served by
// vite preview on loopback, in the system's Chromium.
import { defineConfig } from '@playwright/test';

const port = Number(process.env.PORT || 6007);

export default defineConfig({
  testDir: 'tests',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM || '/usr/bin/chromium' },
  },
  webServer: {
    command: `vite preview --outDir storybook-static --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/iframe.html`,
  },
});
