// src/main.js: in dev, and in a build made with VITE_MOCK=1 (a preview
// deployment with no backend), the rtq mock answers the app's requests
// from a service worker. `rtq wasm --out public` wrote its files.
import { showRecord } from './record.js';

if (import.meta.env.DEV || import.meta.env.VITE_MOCK) {
  // public/ as it is: an absolute URL, which Vite leaves alone in dev too.
  const { startWorker } = await import(/* @vite-ignore */ new URL('/rtq-mock.mjs', location.href).href);
  await startWorker();
}

// The app's fetch('/api/v2/rpc/...') is now answered by the mock.
const id = Number(location.pathname.match(/^\/records\/(\d+)$/)?.[1] ?? 100001);
showRecord(document.querySelector('#app'), id);
