import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostileRecords, paidInvoiceText, startHostileService } from '../support/hostile-service';

/**
 * The real report CLI, as `npm run report` runs it (the bundle), against a service that sends hostile
 * records over real HTTP. Each run must end with exit 0 and its folder, or exit 1 and one clear line,
 * and its peak memory stay under 512 MiB. Times and memory are printed, not asserted.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const BUNDLE = join(ROOT, 'node_modules/.cache/invoice-reports/report-cli.mjs');
const USAGE_HOOK = join(ROOT, 'bench/usage-hook.mjs');
const KEY = 'hostile-cli-key';
const MiB = 1024 * 1024;

let outRoot: string;

beforeAll(async () => {
  outRoot = await mkdtemp(join(tmpdir(), 'report-cli-hostile-'));
  // The bundle `npm run report` runs, built when it is stale.
  await new Promise<void>((done, fail) =>
    execFile('npm', ['run', '--silent', 'prereport'], { cwd: ROOT }, (error) =>
      error ? fail(error) : done(),
    ),
  );
}, 120_000);

afterAll(async () => {
  await rm(outRoot, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stderr: string;
  seconds: number;
  peakRssMiB: number;
  files: string[];
}

async function runCli(name: string, records: HostileRecords, pageSize: number): Promise<Run> {
  const service = await startHostileService(records, KEY);
  const out = join(outRoot, name);
  const usageFile = join(outRoot, `${name}.usage.json`);
  try {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      ['--import', USAGE_HOOK, BUNDLE, '--period', '2026-10', '--out', out, '--page-size', String(pageSize)],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          INVOICING_API_URL: service.url,
          INVOICING_API_KEY: KEY,
          BENCH_USAGE_FILE: usageFile,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    const seconds = (performance.now() - started) / 1000;
    const usage = JSON.parse(await readFile(usageFile, 'utf8')) as { maxRssBytes: number };
    const files = await readdir(join(out, '2026-10')).catch(() => []);
    const run = { code, stderr, seconds, peakRssMiB: usage.maxRssBytes / MiB, files };
    console.log(
      `${name}: exit ${code} in ${seconds.toFixed(1)} s, peak RSS ${run.peakRssMiB.toFixed(0)} MiB; ${stderr.trimEnd().split('\n').at(-1)}`,
    );
    return run;
  } finally {
    await service.close();
  }
}

/** `length` characters of text with accents, combining marks and emoji, as a long description might hold. */
function longText(length: number): string {
  const piece = 'Zahlung für Bestellung — naïve café 👍🏽 e\u0301 ';
  return piece.repeat(Math.ceil(length / piece.length)).slice(0, length);
}

const statistics = (paid: number, totalUSD: string) => ({
  invoicesTotalNum: paid,
  invoicesPaidNum: paid,
  invoicesTotalUSD: totalUSD,
  invoicesByProjects: { 'd0000000-0000-4000-8000-000000000001': totalUSD },
  invoicesByCurrencies: { EUR: totalUSD },
  invoicesByMonths: { 'October-2026': totalUSD },
  invoicesByDate: {},
});

describe.sequential('the report CLI against a hostile service', () => {
  it('refuses one paid invoice with a 400 KB description as a protocol error naming the field', async () => {
    const run = await runCli(
      'description',
      {
        invoices: [paidInvoiceText(1, { description: longText(400_000) })],
        statistics: statistics(1, '25.5'),
      },
      100,
    );

    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toMatch(
      /description: expected at most 32,767 characters/,
    );
    expect(run.files).toEqual([]);
    expect(run.peakRssMiB).toBeLessThan(512);
  }, 120_000);

  it('refuses four 7 MB currency codes over two pages, naming the field', async () => {
    const code = 'E'.repeat(7 * MiB);
    const invoices = [1, 2, 3, 4].map((n) => paidInvoiceText(n, { currencyFiat: code }));
    const run = await runCli('currency', { invoices, statistics: statistics(4, '102') }, 2);

    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toMatch(/currencyFiat: expected at most 16 characters/);
    expect(run.stderr).not.toContain('EEEEEEEEEEEEEEEE');
    expect(run.files).toEqual([]);
    expect(run.peakRssMiB).toBeLessThan(512);
  }, 120_000);

  it('refuses 30 invoices with 20,000-digit amounts, naming an amount', async () => {
    const amount = '123456789'.repeat(2_223).slice(0, 20_000);
    const invoices = Array.from({ length: 30 }, (_, n) => paidInvoiceText(n + 1, { amount }));
    const run = await runCli('digits', { invoices, statistics: statistics(30, '1') }, 10);

    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toMatch(
      /(amount\w*|commission\w*): expected at most 96 characters/,
    );
    expect(run.files).toEqual([]);
    expect(run.peakRssMiB).toBeLessThan(512);
  }, 120_000);

  it('builds a report of 150 paid invoices whose descriptions are at the bound, 32,767 characters each', async () => {
    const invoices = Array.from({ length: 150 }, (_, n) =>
      paidInvoiceText(n + 1, { description: longText(32_767) }),
    );
    const run = await runCli('at-the-bound', { invoices, statistics: statistics(150, '3825') }, 50);

    expect(run.code).toBe(0);
    expect(run.files.sort()).toEqual([
      'paid-invoices.csv',
      'payments.csv',
      'report.html',
      'report.xlsx',
      'summary.json',
      'unmatched-payments.csv',
    ]);
    expect(run.peakRssMiB).toBeLessThan(512);
  }, 300_000);
});
