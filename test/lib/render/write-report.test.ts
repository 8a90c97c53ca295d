import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Report } from '../../../lib/report/model';
import { createPaidInvoiceRows, createPaymentRows, type RowTable } from '../../../lib/report/rows';
import { sampleReport } from '../../support/sample-report';
import { paidInvoice, payment } from './csv/fixtures';
import { writeReportFolder } from './report-folder';

/** A report with one paid invoice and one payment (the sample's summary, under the period's id). */
function reportFor(
  period: string,
  tables: Partial<Pick<Report, 'paidInvoiceRows' | 'paymentRows'>> = {},
): Report {
  const invoices = createPaidInvoiceRows();
  invoices.add(paidInvoice());
  const payments = createPaymentRows();
  payments.add(payment());
  const { summary } = sampleReport();
  return {
    summary: { ...summary, period: { ...summary.period, id: period } },
    firstPaidInvoices: [],
    unmatchedPayments: [],
    unmatched: [],
    latePayments: [],
    mispaidInvoices: [],
    paidInvoiceRows: invoices.build(),
    paymentRows: payments.build(),
    ...tables,
  };
}

/** A table whose rows give one row and then fail, as a broken disk would. */
const failingTable = (like: RowTable): RowTable => ({
  ...like,
  rows: async function* () {
    yield* like.rows();
    throw new Error('stream broke');
  },
});

const REPORT_FILES = [
  'paid-invoices.csv',
  'payments.csv',
  'report.html',
  'report.xlsx',
  'summary.json',
  'unmatched-payments.csv',
];

let outDir: string;
beforeEach(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'write-report-'));
});
afterEach(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('writeReportFolder', () => {
  it('writes exactly the six files into a folder named after the period and returns its path', async () => {
    const folder = await writeReportFolder(reportFor('2026-09'), outDir);
    expect(folder).toBe(join(outDir, '2026-09'));
    expect((await readdir(folder)).sort()).toEqual(REPORT_FILES);
    expect(await readFile(join(folder, 'report.html'), 'utf8')).toMatch(/^<!doctype html>/);
    expect(JSON.parse(await readFile(join(folder, 'summary.json'), 'utf8')).period.id).toBe('2026-09');
    const paid = await readFile(join(folder, 'paid-invoices.csv'), 'utf8');
    expect(paid.startsWith('\uFEFFinvoice_id,')).toBe(true);
    expect(paid.split('\r\n')).toHaveLength(3);
    const payments = await readFile(join(folder, 'payments.csv'), 'utf8');
    expect(payments.startsWith('\uFEFFpayment_id,')).toBe(true);
    expect(await readdir(outDir)).toEqual(['2026-09']);
  });

  it('writes the report page and the JSON summary', async () => {
    const folder = await writeReportFolder(sampleReport(), outDir);
    expect(folder).toBe(join(outDir, '2026-10'));
    const html = await readFile(join(folder, 'report.html'), 'utf8');
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('October 2026');
    const summary = JSON.parse(await readFile(join(folder, 'summary.json'), 'utf8'));
    expect(summary.period).toMatchObject({ id: '2026-10', month: '2026-10', timezone: 'Europe/Berlin' });
    expect(summary.invoices.paid).toBe(120);
  });

  it('creates the output folder when it does not exist', async () => {
    const nested = join(outDir, 'a', 'b');
    await writeReportFolder(reportFor('2026-09'), nested);
    expect(await readdir(join(nested, '2026-09'))).toHaveLength(6);
  });

  it('gives the report folder the usual permissions, not those of a private temporary folder', async () => {
    await mkdir(join(outDir, 'reference'));
    const folder = await writeReportFolder(reportFor('2026-09'), outDir);
    expect((await stat(folder)).mode & 0o777).toBe((await stat(join(outDir, 'reference'))).mode & 0o777);
  });

  it('replaces an older report of the same month as a whole', async () => {
    const folder = join(outDir, '2026-09');
    await mkdir(folder);
    await writeFile(join(folder, 'report.html'), 'old');
    await writeFile(join(folder, 'stale-extra.txt'), 'old');
    await writeReportFolder(reportFor('2026-09'), outDir);
    expect((await readdir(folder)).sort()).toEqual(REPORT_FILES);
    expect(await readFile(join(folder, 'report.html'), 'utf8')).toMatch(/^<!doctype html>/);
    expect(await readdir(outDir)).toEqual(['2026-09']);
  });

  it('leaves no folder when reading the rows fails half way', async () => {
    const healthy = reportFor('2026-09');
    const report = { ...healthy, paymentRows: failingTable(healthy.paymentRows) };
    await expect(writeReportFolder(report, outDir)).rejects.toThrow('stream broke');
    expect(await readdir(outDir)).toEqual([]);
  });

  it('keeps an older report intact when writing the new one fails', async () => {
    const first = await writeReportFolder(reportFor('2026-09'), outDir);
    const before = await readFile(join(first, 'paid-invoices.csv'));
    const healthy = reportFor('2026-09');
    const broken = { ...healthy, paidInvoiceRows: failingTable(healthy.paidInvoiceRows) };
    await expect(writeReportFolder(broken, outDir)).rejects.toThrow('stream broke');
    expect(await readdir(outDir)).toEqual(['2026-09']);
    expect((await readdir(first)).sort()).toEqual(REPORT_FILES);
    expect((await readFile(join(first, 'paid-invoices.csv'))).equals(before)).toBe(true);
  });

  it('puts back an older report that a run ended mid-swap had moved aside, even when this run fails', async () => {
    // What a run ended between moving the older report aside and moving its own in leaves behind.
    const aside = join(outDir, '.2026-09.replaced-0b5e');
    await mkdir(aside);
    await writeFile(join(aside, 'report.html'), 'older report');
    const healthy = reportFor('2026-09');
    const broken = { ...healthy, paymentRows: failingTable(healthy.paymentRows) };
    await expect(writeReportFolder(broken, outDir)).rejects.toThrow('stream broke');
    expect(await readdir(outDir)).toEqual(['2026-09']);
    expect(await readFile(join(outDir, '2026-09', 'report.html'), 'utf8')).toBe('older report');
  });

  it("removes an older report left aside once the new one was in place, and no other period's", async () => {
    await writeReportFolder(reportFor('2026-09'), outDir);
    for (const left of ['.2026-09.replaced-0b5e', '.2026-08.replaced-7c1d']) {
      await mkdir(join(outDir, left));
      await writeFile(join(outDir, left, 'report.html'), 'older report');
    }
    await writeReportFolder(reportFor('2026-09'), outDir);
    expect((await readdir(outDir)).sort()).toEqual(['.2026-08.replaced-7c1d', '2026-09']);
    expect(await readFile(join(outDir, '2026-09', 'report.html'), 'utf8')).toMatch(/^<!doctype html>/);
  });

  it('keeps the older report readable while the new one is being written', async () => {
    const folder = await writeReportFolder(reportFor('2026-09'), outDir);
    await writeFile(join(folder, 'report.html'), 'old report');
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reachedStream!: () => void;
    const streaming = new Promise<void>((resolve) => {
      reachedStream = resolve;
    });
    const empty = createPaymentRows().build();
    const slowTable: RowTable = {
      ...empty,
      rows: async function* () {
        reachedStream();
        await released;
        yield* empty.rows();
      },
    };
    const writing = writeReportFolder(reportFor('2026-09', { paymentRows: slowTable }), outDir);
    try {
      await streaming;
      expect(await readFile(join(folder, 'report.html'), 'utf8')).toBe('old report');
      expect(await readdir(folder)).toHaveLength(6);
    } finally {
      release();
      await writing;
    }
    expect(await readFile(join(folder, 'report.html'), 'utf8')).toMatch(/^<!doctype html>/);
    expect((await readFile(join(folder, 'payments.csv'), 'utf8')).split('\r\n')).toHaveLength(2);
  });

  it("writes a quarter's and a year's folder under their ids", async () => {
    expect(await writeReportFolder(reportFor('2026-Q3'), outDir)).toBe(join(outDir, '2026-Q3'));
    expect(await writeReportFolder(reportFor('2026'), outDir)).toBe(join(outDir, '2026'));
    expect((await readdir(outDir)).sort()).toEqual(['2026', '2026-Q3']);
  });

  it.each(['../escape', '2026-9', '2026-13', '2026-Q5', '0099-12', ''])(
    'refuses the period %j before touching the disk',
    async (period) => {
      await expect(writeReportFolder(reportFor(period), join(outDir, 'out'))).rejects.toThrow(
        'expected YYYY-MM, YYYY-Qn or YYYY',
      );
      expect(await readdir(outDir)).toEqual([]);
    },
  );
});
