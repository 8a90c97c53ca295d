import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoicingClient } from '../../../lib/invoicing';
import { generateReportFolder } from '../../../lib/render/generate-report-folder';
import { type RunningSandbox, startSandbox } from '../../../lib/sandbox';

/**
 * Every awkward text the sandbox serves (it puts each into every month), through a whole report: the
 * CSV files read back by an independent parser, and the HTML page. Expected cells are written out by
 * hand: a text a spreadsheet would run as a formula gains a leading `'`, every other one is unchanged.
 */
const EXPECTED_DESCRIPTIONS = [
  'Order #1042, 2 items, gift wrap',
  'The "Deluxe" plan, billed "yearly"',
  'Line one\nLine two\r\nLine three',
  'Coffee ☕ and cake 🍰 for the 👩‍💻 team',
  `'=HYPERLINK("https://example.com/pay","Pay now")`,
  "'+1 555 0100 callback",
  "'-20% spring discount",
  "'@SUM(A1:A9)",
  "'\tindented with a tab",
  '<script>alert("invoice")</script>',
  'Crème brûlée — 12 × €4,50; “smart quotes”',
  '',
];
const EXPECTED_SERVICE_DATA = [
  '{"cart":"A-17","items":3,"note":"a, b"}',
  "'=1+1",
  "'-1",
  '',
  'user@example.com',
];
const FORMULA_START = /^[=+\-@\t\r\n]/;
/** The text columns of each file, by the names its header gives them. */
const TEXT_COLUMNS = {
  paidInvoices: [
    'invoice_uid',
    'description',
    'service_data',
    'wallet_name',
    'payment_hash',
    'wallet_address',
  ],
  payments: ['invoice_uid', 'wallet_name', 'hash', 'wallet_address'],
};

const NOW = new Date('2026-11-15T12:00:00Z');
let sandbox: RunningSandbox;
let outDir: string;
let paidInvoices: Record<string, string>[];
let payments: Record<string, string>[];
let html: string;

const readCsv = async (folder: string, name: string) =>
  parse(await readFile(join(folder, name)), { bom: true, columns: true }) as Record<string, string>[];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 5, now: NOW });
  outDir = await mkdtemp(join(tmpdir(), 'hostile-values-'));
  const client = createInvoicingClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  const { folder } = await generateReportFolder(
    client,
    { period: '2026-10', timezone: 'UTC' },
    { apiUrl: sandbox.url, outDir, now: NOW },
  );
  paidInvoices = await readCsv(folder, 'paid-invoices.csv');
  payments = await readCsv(folder, 'payments.csv');
  html = await readFile(join(folder, 'report.html'), 'utf8');
});

afterAll(async () => {
  await sandbox?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('the awkward texts of the sandbox, through a whole report', () => {
  it('neutralises or keeps every awkward description exactly', () => {
    const descriptions = new Set(paidInvoices.map((row) => row.description));
    for (const expected of EXPECTED_DESCRIPTIONS) expect(descriptions).toContain(expected);
  });

  it('neutralises or keeps the awkward service data values the month holds (the sandbox picks them at random)', () => {
    const awkward = paidInvoices.map((row) => row.service_data).filter((value) => !/^ORD-\d+$/.test(value!));
    expect(awkward.length).toBeGreaterThan(0);
    for (const value of awkward) expect(EXPECTED_SERVICE_DATA).toContain(value);
  });

  it('keeps a wallet name with a comma and quotes in one cell', () => {
    expect(payments.map((row) => row.wallet_name)).toContain('Ops, "USDT" (TRC-20)');
  });

  it('leaves no text cell that a spreadsheet would run as a formula', () => {
    expect(paidInvoices.length).toBeGreaterThan(0);
    expect(payments.length).toBeGreaterThan(0);
    for (const [rows, columns] of [
      [paidInvoices, TEXT_COLUMNS.paidInvoices],
      [payments, TEXT_COLUMNS.payments],
    ] as const) {
      for (const row of rows) {
        for (const column of columns) {
          // A column missing from the file (renamed) fails here rather than going unchecked.
          expect(row).toHaveProperty(column);
          expect(row[column]).not.toMatch(FORMULA_START);
        }
      }
    }
  });

  it('writes every amount as a plain decimal, never in exponent form', () => {
    const amounts = [
      ...paidInvoices.flatMap((row) => [
        row.amount_fiat,
        row.amount_usd,
        row.commission_usd,
        row.payment_amount,
      ]),
      ...payments.flatMap((row) => [row.amount, row.invoice_amount_usd]),
    ].filter((amount) => amount !== '' && amount !== undefined);
    expect(amounts.length).toBeGreaterThan(0);
    for (const amount of amounts) expect(amount).toMatch(/^\d+(\.\d+)?$/);
    expect(payments.map((row) => row.amount)).toContain('0.00000095');
  });

  it('escapes the script description in the HTML page', () => {
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(&quot;invoice&quot;)&lt;/script&gt;');
  });
});
