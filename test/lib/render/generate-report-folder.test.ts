import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { decodeHTML } from 'entities';
import { LosslessNumber, parse as parseLossless } from 'lossless-json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoicingClient } from '../../../lib/invoicing';
import { generateReportFolder } from '../../../lib/render/generate-report-folder';
import { startSandbox } from '../../../lib/sandbox';
import { invoice, uuid } from '../report/support/records';

const LONG = '98765432.987654321'; // 17 significant digits: a double would write 98765432.98765433
const TINY = '0.000000000000000001'; // 18 decimals: a double would write 1e-18
// LONG + TINY, and LONG + TINY + TINY: the two wallets' payments, then the cryptocurrency's.
const LONG_AND_TINY = '98765432.987654321000000001';
const ALL_USDT = '98765432.987654321000000002';

const wallet = (n: number, blockchain: string) => ({
  id: uuid('3a11e7', n),
  name: `USDT on ${blockchain}`,
  blockchain,
  cryptocurrency: 'USDT',
  address: `address-${n}`,
});
const TRON = wallet(1, 'tron');
const ETHEREUM = wallet(2, 'ethereum');

/** A payment as the service sends it, its amount a JSON number token with every digit. */
const payment = (n: number, transactionDatetime: string, amount: string, on: typeof TRON) => ({
  id: uuid('9f', n),
  amount: new LosslessNumber(amount),
  hash: `hash-${n}`,
  transactionDatetime,
  wallet: on,
});

// A paid invoice of October 2026 (UTC), paid with the long amount on Tron; the same payment, matched,
// and two unmatched payments of the smallest amount, one on each chain.
const paidInvoice = invoice('2026-10-05 10:00:00', { id: uuid('1f', 1), amountFiatUSD: '12.5' });
const DATASET = {
  invoices: [
    {
      ...paidInvoice,
      payment: { ...paidInvoice.payment!, id: uuid('9f', 1), amount: new LosslessNumber(LONG) },
      wallet: TRON,
    },
  ],
  payments: [
    { ...payment(1, '2026-10-05 10:05:00', LONG, TRON), invoice: { ...paidInvoice, payment: undefined } },
    payment(2, '2026-10-06 10:00:00', TINY, ETHEREUM),
    payment(3, '2026-10-07 10:00:00', TINY, TRON),
  ],
};

describe.each([
  ['JSON numbers', false],
  ['numeric strings', true],
])('generateReportFolder with amounts sent as %s', (_form, numbersAsStrings) => {
  let outDir: string;
  let files: { paymentsCsv: string; paidInvoicesCsv: string; summaryJson: string; page: string };

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'every-digit-'));
    const sandbox = await startSandbox({ dataset: DATASET, numbersAsStrings });
    try {
      const client = createInvoicingClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
      const { folder } = await generateReportFolder(
        client,
        { period: '2026-10', timezone: 'UTC' },
        { apiUrl: sandbox.url, outDir, now: new Date('2026-11-15T00:00:00Z') },
      );
      const read = (name: string) => readFile(join(folder, name), 'utf8');
      files = {
        paymentsCsv: await read('payments.csv'),
        paidInvoicesCsv: await read('paid-invoices.csv'),
        summaryJson: await read('summary.json'),
        page: await read('report.html'),
      };
    } finally {
      await sandbox.close();
    }
  });

  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it('writes each payment amount in payments.csv exactly as sent', () => {
    const rows: Record<string, string>[] = parseCsv(files.paymentsCsv, { bom: true, columns: true });
    expect(rows.map((row) => [row.payment_id, row.amount])).toEqual([
      [uuid('9f', 1), LONG],
      [uuid('9f', 2), TINY],
      [uuid('9f', 3), TINY],
    ]);
  });

  it("writes a paid invoice's payment amount in paid-invoices.csv exactly as sent", () => {
    const rows: Record<string, string>[] = parseCsv(files.paidInvoicesCsv, { bom: true, columns: true });
    expect(rows.map((row) => row.payment_amount)).toEqual([LONG]);
  });

  it('adds them up exactly in summary.json, as plain JSON numbers', () => {
    const summary = parseLossless(files.summaryJson) as {
      payments: {
        byCryptocurrency: Record<string, LosslessNumber>;
        wallets: { wallet: { id: string }; count: LosslessNumber; amount: LosslessNumber }[];
      };
    };
    expect(summary.payments.byCryptocurrency.USDT!.toString()).toBe(ALL_USDT);
    expect(
      summary.payments.wallets.map((entry) => [entry.wallet.id, entry.amount.toString()]).sort(),
    ).toEqual([
      [TRON.id, LONG_AND_TINY],
      [ETHEREUM.id, TINY],
    ]);
    // No number in exponent form (identifiers such as `3a11e700-…` are strings).
    expect(files.summaryJson).not.toMatch(/: -?[\d.]+e/i);
  });

  it('shows every digit on the page: each payment and each sum', () => {
    // A long amount may break after its group separators (`98,<wbr/>765,<wbr/>432...`): no space there.
    const text = decodeHTML(files.page.replace(/<wbr\/>/g, '').replace(/<[^>]+>/g, ' '));
    // Unmatched payments and the invoice paid with the long amount.
    expect(text).toContain('0.000000000000000001 USDT');
    expect(text).toContain('98,765,432.987654321 USDT');
    // The cryptocurrency's and the Tron wallet's totals.
    expect(text).toContain(`${ALL_USDT.replace('98765432', '98,765,432')} USDT`);
    expect(text).toContain(`${LONG_AND_TINY.replace('98765432', '98,765,432')} USDT`);
    expect(text).not.toContain('98,765,432.98765433');
    expect(text).not.toMatch(/\de-\d/);
  });
});
