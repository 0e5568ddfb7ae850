// .storybook/preview.js: every story renders against the mock in a
// service worker, started afresh from the scenario (beforeEach runs
// before each story's own, loaders all at once).
export default {
  async beforeEach() {
    const { startWorker } = await import(/* @vite-ignore */ new URL('/rtq-mock.mjs', location.href).href);
    await startWorker({ fresh: true });
  },
};
