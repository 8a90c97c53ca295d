import { existsSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files that start a server (the sandbox, the S3 or SES emulator, the report API on loopback, a
 * child process), a browser, or a CDK synth. `npm run test:fast` (the `fast` project) leaves them out,
 * for the edit–test loop; `npm test` runs them too. A new test file that starts a server belongs here.
 */
const NEEDS_SERVERS = [
  'test/functions/account-token.test.ts',
  'test/functions/local-stack.test.ts',
  'test/functions/preflight.test.ts',
  'test/functions/report-api.test.ts',
  'test/functions/report-cli-hostile.test.ts',
  'test/functions/report-cli.test.ts',
  'test/functions/sandbox.test.ts',
  'test/functions/scheduled-report.test.ts',
  'test/infra/create-app.test.ts',
  'test/infra/fan-out-history.test.ts',
  'test/infra/function-bundle.test.ts',
  'test/infra/report-stack-at-scale.test.ts',
  'test/infra/report-stack.test.ts',
  'test/golden/**/*.test.ts',
  'test/**/*.browser.test.{ts,tsx}',
  'test/lib/delivery/deliver-once.test.ts',
  'test/lib/delivery/delivery-record.test.ts',
  'test/lib/delivery/report-manifest.test.ts',
  'test/lib/delivery/save-report.test.ts',
  'test/lib/invoicing/client-hostile-service.test.ts',
  'test/lib/invoicing/client-pagination.test.ts',
  'test/lib/invoicing/client-sandbox.test.ts',
  'test/lib/invoicing/client.test.ts',
  'test/lib/invoicing/node-http-transport.test.ts',
  'test/lib/local/emulators.test.ts',
  'test/lib/local/local-fan-out.test.ts',
  'test/lib/local/port-probe.test.ts',
  'test/lib/local/stack.test.ts',
  'test/lib/operator/account-token-command.test.ts',
  'test/lib/pipeline/deliver-report.test.ts',
  'test/lib/pipeline/publish-report.test.ts',
  'test/lib/pipeline/run-scheduled-report.test.ts',
  'test/lib/pipeline/run-slot-locally.test.ts',
  'test/lib/render/generate-report-folder.test.ts',
  'test/lib/report-api/create-report-api.test.ts',
  'test/lib/report-api/credentials.test.ts',
  'test/lib/report-api/file-route.test.ts',
  'test/lib/report-api/rebuild-limit.test.ts',
  'test/lib/report-api/refusal.test.ts',
  'test/lib/report-api/report-route.test.ts',
  'test/lib/report-api/report-store.test.ts',
  'test/lib/report-api/reports-index-route.test.ts',
  'test/lib/report-cli/run-report-cli.test.ts',
  'test/lib/report-cli/variant-services.test.ts',
  'test/lib/report/build-report-sandbox.test.ts',
  'test/lib/report/reconcile-sandbox.test.ts',
  'test/lib/report/sandbox-hostile-values.test.ts',
  'test/lib/sandbox/app.test.ts',
  'test/lib/sandbox/dataset-source.test.ts',
  'test/lib/sandbox/date-reading.test.ts',
  'test/lib/sandbox/extra-paid.test.ts',
  'test/lib/sandbox/record-order.test.ts',
  'test/lib/sandbox/request-params.test.ts',
  'test/lib/sandbox/statistics.test.ts',
  'test/lib/delivery/secrets.test.ts',
];

// A listed file that moved would silently join the fast set: name it here instead.
const movedAway = NEEDS_SERVERS.filter((path) => !path.includes('*') && !existsSync(path));
if (movedAway.length > 0)
  throw new Error(`vitest.config.ts lists test files that do not exist: ${movedAway.join(', ')}`);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // The Lambda entries publish EMF metrics on stdout; tests that look at metrics turn them back on.
    env: { POWERTOOLS_METRICS_DISABLED: 'true' },
    hookTimeout: 60_000,
    // Two cores on CI: files that start emulators and servers stay predictable with two workers.
    maxWorkers: 2,
    // expect.poll gives up after 1 s by default: a browser's scroll or a socket's close, seen by polling,
    // can take longer than that on a busy 2-core machine. A poll that never holds still fails, later.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          // One module graph per worker, not per file: loading the modules again for each of the 120-odd
          // files took about 30 of test:fast's 41 s. These files start nothing and restore what they stub
          // (env, mocks); shuffled runs (`--sequence.shuffle`) show they do not depend on each other.
          isolate: false,
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...NEEDS_SERVERS],
        },
      },
      { extends: true, test: { name: 'servers', include: NEEDS_SERVERS } },
    ],
  },
});
