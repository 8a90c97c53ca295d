import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores on CI: files that start emulators and servers stay predictable with two workers.
    maxWorkers: 2,
  },
});
