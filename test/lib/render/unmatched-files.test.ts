import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../../lib/report';
import { sampleReport } from '../../support/sample-report';
import { writeReportFolder } from './report-folder';

/** Typed out from the contract: the payment, the estimate, the likely invoice, then three candidates. */
const HEADER = [
  'payment_id',
  'transaction_at',
  'amount',
  'cryptocurrency',
  'wallet_name',
  'hash',
  'estimated_usd',
  'estimate_rate_usd',
  'estimate_basis',
  'candidates',
  'likely_invoice_id',
  'likely_invoice_uid',
  'likely_service_data',
  ...[1, 2, 3].flatMap((rank) =>
    ['invoice_id', 'invoice_uid', 'status', 'amount_usd', 'difference_usd', 'difference_percent'].map(
      (name) => `candidate_${rank}_${name}`,
    ),
  ),
];

/** The sample's unmatched payments (see `sampleUnmatchedFacts`), the likely invoice's reference made hostile. */
function sample(): Report {
  const report = sampleReport();
  const tether = report.unmatched[1]!;
  tether.candidates[0] = { ...tether.candidates[0]!, serviceData: '=HYPERLINK("http://evil.example")' };
  return report;
}

describe('unmatched-payments.csv and the Unmatched payments sheet', () => {
  let outDir: string;
  let lines: string[][];
  let text: string;
  let sheet: ExcelJS.Worksheet;
  let summarySheet: ExcelJS.Worksheet;

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'unmatched-files-'));
    const folder = await writeReportFolder(sample(), outDir);
    text = await readFile(join(folder, 'unmatched-payments.csv'), 'utf8');
    // No cell of the sample holds a comma, a quote or a line break: a plain split reads it.
    lines = text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '')
      .map((line) => line.split(','));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(folder, 'report.xlsx'));
    sheet = workbook.getWorksheet('Unmatched payments')!;
    summarySheet = workbook.getWorksheet('Summary')!;
  });

  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it('starts with the BOM, ends every line with CRLF, and has one row per unmatched payment by time', () => {
    expect(text.startsWith('\uFEFFpayment_id,transaction_at,')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(lines[0]).toEqual(HEADER);
    expect(lines.slice(1).map((cells) => cells[1])).toEqual([
      '2026-10-03 04:12:09',
      '2026-10-17 21:40:00',
      '2026-10-29 13:05:44',
    ]);
  });

  it('writes the estimate, its basis, the likely invoice and the candidates with their differences', () => {
    const row = Object.fromEntries(HEADER.map((name, index) => [name, lines[2]![index]]));
    expect(row).toMatchObject({
      payment_id: 'd4c3b2a1-0000-4000-8000-000000000002',
      amount: '1234.5',
      cryptocurrency: 'USDT',
      estimated_usd: '1234.99',
      estimate_rate_usd: '1.0004',
      estimate_basis: 'from 12 USDT payments within 40 minutes',
      candidates: '2',
      likely_invoice_id: 'c0ffee00-0000-4000-8000-000000001107',
      likely_invoice_uid: 'INV-2026-1107',
      candidate_1_invoice_uid: 'INV-2026-1107',
      candidate_1_status: 'expired',
      candidate_1_amount_usd: '1250',
      candidate_1_difference_usd: '-15.01',
      candidate_1_difference_percent: '-1.2',
      candidate_2_invoice_uid: 'INV-2026-1112',
      candidate_2_difference_usd: '334.99',
      candidate_2_difference_percent: '37.2',
      candidate_3_invoice_id: '',
    });
  });

  it('neutralises a reference that a spreadsheet would run as a formula', () => {
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
  });

  it('writes plain decimals, never exponent form, and says why a payment has no estimate', () => {
    const [dust, , ether] = [lines[1]!, lines[2]!, lines[3]!];
    expect(dust[2]).toBe('0.00000095');
    expect(dust[6]).toBe('0.06');
    expect(dust[8]).toBe('from 5 BTC payments within 2 hours');
    expect(dust[10]).toBe('');
    expect(ether.slice(6, 10)).toEqual(['', '', 'no ETH payment matched within 24 hours', '2']);
    expect(ether[16]).toBe('160');
    expect(ether[17]).toBe('');
    const numeric = HEADER.flatMap((name, index) =>
      /amount|usd|percent|rate|candidates$/.test(name) ? [index] : [],
    );
    for (const cells of lines.slice(1)) {
      for (const index of numeric) expect(cells[index]).toMatch(/^(-?\d+(\.\d+)?)?$/);
    }
  });

  it('names the estimated total as one on the Summary sheet, beside how many have a likely invoice', () => {
    const values = new Map<unknown, unknown>();
    summarySheet.eachRow((row) => values.set(row.getCell(1).value, row.getCell(2).value));
    // 0.06 + 1,234.99 (see sampleUnmatchedFacts).
    expect(values.get('Unmatched, estimated total (USD)')).toBe(1235.05);
    expect(values.get('Unmatched with a likely invoice')).toBe(1);
  });

  it('gives the sheet the same columns, with numbers, dates and percentages as typed cells', () => {
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(sheet.rowCount).toBe(4);
    const cell = (header: string, row: number) => sheet.getRow(row).getCell(HEADER.indexOf(header) + 1);
    expect(cell('transaction_at', 3).value).toEqual(new Date('2026-10-17T21:40:00Z'));
    expect(cell('estimated_usd', 3).value).toBe(1234.99);
    expect(cell('candidate_1_difference_percent', 3).value).toBe(-1.2);
    expect(cell('candidates', 3).value).toBe(2);
    expect(cell('likely_service_data', 3).value).toBe('=HYPERLINK("http://evil.example")');
    expect(cell('likely_service_data', 3).formula).toBeUndefined();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });
});
