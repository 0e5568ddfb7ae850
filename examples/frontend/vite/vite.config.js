// vite.config.js: with RTQ_API_URL set (the service, rtq mock, or rtq
// proxy in front of either), vite preview forwards the app's /api/
// calls, and the mock's /__admin/ ones, to it. Preview a build made
// without VITE_MOCK then, so that no worker in the page answers first.
import { defineConfig } from 'vite';

const target = process.env.RTQ_API_URL;

export default defineConfig({
  preview: { proxy: target ? { '/api/': target, '/__admin/': target } : undefined },
});
