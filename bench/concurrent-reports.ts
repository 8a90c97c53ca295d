/**
 * `npx tsx bench/concurrent-reports.ts [-- --runs 48 --at-once 8 --stagger-ms 150]`: many `npm run
 * report` at once against the sandbox, as a script that makes reports side by side would run them.
 *
 * Before each run it marks the CLI's entry as changed, so every run's `prereport` rebuilds the bundle
 * while other runs are loading it. Each run writes its own folder; a run passes when it exits 0 and its
 * folder holds the report's files. Prints how many passed and the slowest run; exits 1 when one did not.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pLimit from 'p-limit';
import { REPORT_FILE_NAMES } from '../lib/delivery';
import { startSandbox } from '../lib/sandbox';
import { ROOT } from './processes';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '48' },
    'at-once': { type: 'string', default: '8' },
    'stagger-ms': { type: 'string', default: '150' },
  },
});
const runs = Number(values.runs);
const atOnce = Number(values['at-once']);
const staggerMs = Number(values['stagger-ms']);

const sandbox = await startSandbox({ port: 0, seed: 5, apiKey: 'concurrent-key' });
const outRoot = await mkdtemp(join(tmpdir(), 'concurrent-reports-'));
const limit = pLimit(atOnce);

async function runOne(index: number) {
  const out = join(outRoot, String(index));
  const now = new Date();
  await utimes(join(ROOT, 'functions/report-cli.ts'), now, now);
  const started = performance.now();
  const { code, stderr } = await new Promise<{ code: number; stderr: string }>((done) => {
    execFile(
      'npm',
      ['run', '--silent', 'report', '--', '--period', '2026-01', '--out', out],
      {
        cwd: ROOT,
        env: { ...process.env, INVOICING_API_URL: sandbox.url, INVOICING_API_KEY: 'concurrent-key' },
      },
      (error, _stdout, stderr) => done({ code: error ? Number(error.code) : 0, stderr }),
    );
  });
  const ms = performance.now() - started;
  const files = (await readdir(join(out, '2026-01')).catch(() => [])).length;
  return { code, files, ms, stderr };
}

try {
  const outcomes = await Promise.all(
    Array.from({ length: runs }, (_, index) =>
      limit(async () => {
        // Staggered: each slot's run starts a little after the one before it.
        await sleep((index % atOnce) * staggerMs);
        return runOne(index);
      }),
    ),
  );
  const failed = outcomes.filter(
    (outcome) => outcome.code !== 0 || outcome.files !== REPORT_FILE_NAMES.length,
  );
  const slowest = Math.max(...outcomes.map((outcome) => outcome.ms));
  console.log(
    `${runs} runs, ${atOnce} at a time: ${runs - failed.length} exited 0 with their folder, ` +
      `${failed.length} did not; slowest ${(slowest / 1000).toFixed(1)} s`,
  );
  for (const outcome of failed) {
    console.log(`exit ${outcome.code}, ${outcome.files} files: ${outcome.stderr.trim().split('\n').at(-1)}`);
  }
  process.exitCode = failed.length === 0 ? 0 : 1;
} finally {
  await sandbox.close();
  await rm(outRoot, { recursive: true, force: true });
}
