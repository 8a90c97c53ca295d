import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    // The Lambda entries publish EMF metrics on stdout; tests that look at metrics turn them back on.
    env: { POWERTOOLS_METRICS_DISABLED: 'true' },
    hookTimeout: 60_000,
    // Two cores on CI: files that start emulators and servers stay predictable with two workers.
    maxWorkers: 2,
    // expect.poll gives up after 1 s by default: a browser's scroll or a socket's close, seen by polling,
    // can take longer than that on a busy 2-core machine. A poll that never holds still fails, later.
    expect: { poll: { timeout: 10_000 } },
  },
});
