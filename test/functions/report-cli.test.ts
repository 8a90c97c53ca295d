import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../lib/sandbox';

const ROOT = resolve(import.meta.dirname, '../..');
const ENTRY = join(ROOT, 'functions/report-cli.ts');

let sandbox: RunningSandbox;
let outRoot: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 3, apiKey: 'entry-key' });
  outRoot = await mkdtemp(join(tmpdir(), 'report-cli-entry-'));
});

afterAll(async () => {
  await sandbox.close();
  await rm(outRoot, { recursive: true, force: true });
});

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command in its own process, with only the given environment (and `PATH`). */
function run(command: string, args: string[], env: Record<string, string>): Promise<Exit> {
  return new Promise((done) => {
    execFile(
      command,
      args,
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) => done({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

/** Runs the entry from its source through tsx. */
const runEntry = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, ['--import', 'tsx', ENTRY, ...args], env);

/**
 * Runs `npm run report`, which bundles the entry with esbuild first when the bundle is stale (its
 * `prereport` script) and runs the bundle: what a user runs.
 */
const runNpmReport = (args: string[], env: Record<string, string>) =>
  run('npm', ['run', '--silent', 'report', '--', ...args], { HOME: process.env.HOME ?? ROOT, ...env });

// Each case starts its own process (a second or two): they run side by side.
describe.concurrent('functions/report-cli.ts', () => {
  // Run as a user runs it. Without the record of what the bundle was built from, every run finds it stale
  // and builds it while the others may be loading it. Each run is a process of its own (npm, esbuild,
  // node) and six of them share the machine with the other cases: hence the longer timeout.
  it('writes every folder and exits 0 when several reports start at once on a stale bundle', async () => {
    await rm(join(ROOT, 'node_modules/.cache/invoice-reports/report-cli.mjs.inputs.json'), { force: true });
    const out = join(outRoot, 'together');
    const months = ['2026-01', '2026-02', '2026-03', '2026-04'];
    const env = { INVOICING_API_URL: sandbox.url, INVOICING_API_KEY: 'entry-key' };
    // The last run names no period: the previous month, by default.
    const results = await Promise.all(
      [...months.map((month) => ['--period', month]), []].map((period) =>
        runNpmReport(['--out', out, ...period], env),
      ),
    );
    expect(results.map((result) => result.code)).toEqual([0, 0, 0, 0, 0]);
    const folders = await readdir(out);
    const previous = folders.find((folder) => !months.includes(folder));
    expect(previous).toMatch(/^\d{4}-\d{2}$/);
    expect(folders.sort()).toEqual([...months, previous].sort());
    for (const month of folders) {
      expect((await readdir(join(out, month))).sort()).toEqual([
        'paid-invoices.csv',
        'payments.csv',
        'report.html',
        'report.xlsx',
        'summary.json',
        'unmatched-payments.csv',
      ]);
    }
    expect(results.at(-1)!.stderr).toContain(`report: wrote ${join(out, previous!)}`);
  }, 120_000);

  it('exits 1 with one line saying authentication failed for a wrong key, and writes nothing', async () => {
    const out = join(outRoot, 'wrong-key');
    const result = await runEntry(['--out', out, '--month', '2026-01'], {
      INVOICING_API_URL: sandbox.url,
      INVOICING_API_KEY: 'not-the-key',
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(/^report: authentication failed: /);
    expect(result.stderr).not.toContain('not-the-key');
    await expect(readdir(out)).rejects.toThrow(/ENOENT/);
  });

  // Which periods are out of range is parse-args' and runReportCli's to check; here, that the process
  // says it in one line and exits 2.
  it('exits 2 with one line on stderr for a period before the year 2000', async () => {
    const result = await runEntry(['--period', '0099-12'], {
      INVOICING_API_URL: sandbox.url,
      INVOICING_API_KEY: 'k',
    });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'report: period 0099-12 is out of range: reports cover the years 2000 to 9999\n',
    });
  });
});

describe('functions/report-cli.ts interrupted', () => {
  let slow: RunningSandbox;
  beforeAll(async () => {
    // Slow enough that the report is caught with its first table written and the next still fetched.
    slow = await startSandbox({ port: 0, seed: 3, apiKey: 'entry-key', latencyMs: 150 });
  });
  afterAll(() => slow.close());

  // The time is tsx compiling the entry before the report starts: seconds when quiet, far more on a loaded
  // machine. The test waits for a state, never for a time.
  it('leaves nothing in the output folder when Ctrl-C arrives halfway, and says so', async () => {
    const out = join(outRoot, 'interrupted');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        ENTRY,
        '--out',
        out,
        '--month',
        '2026-01',
        '--page-size',
        '5',
        '--concurrency',
        '1',
      ],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', INVOICING_API_URL: slow.url, INVOICING_API_KEY: 'entry-key' },
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    // Halfway: the paid invoices are written into the hidden folder, the payments are still coming.
    for (;;) {
      const entries = await readdir(out).catch(() => [] as string[]);
      if (entries.some((entry) => entry.includes('.partial-'))) break;
      await new Promise((wait) => setTimeout(wait, 20));
    }
    child.kill('SIGINT');
    const code = await exited;
    expect(await readdir(out)).toEqual([]);
    expect(code).toBe(1);
    expect(stderr.trimEnd().split('\n').at(-1)).toBe(
      'report: interrupted: no report was written for 2026-01 (an earlier one, if any, is left as it was)',
    );
  }, 120_000);
});
