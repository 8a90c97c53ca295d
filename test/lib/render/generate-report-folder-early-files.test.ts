import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentFilter, PaymentItem } from '../../../lib/invoicing';
import { generateReportFolder } from '../../../lib/render/generate-report-folder';
import { fakeInvoicingClient } from '../report/support/fake-invoicing-client';
import { invoice, payment, uuid } from '../report/support/records';

const INVOICES = [1, 2, 3].map((n) => invoice(`2026-10-0${n} 10:00:00`, { id: uuid('1f', n) }));
const PAYMENTS = [1, 2].map((n) => payment(`2026-10-0${n} 11:00:00`, { id: uuid('9f', n) }));
const NOW = new Date('2026-11-15T00:00:00Z');

let outDir: string;
beforeEach(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'early-files-'));
});
afterEach(async () => {
  await rm(outDir, { recursive: true, force: true });
});

/** Whether `paid-invoices.csv` shows up in a hidden folder of `outDir` within a few seconds. */
async function paidInvoicesWrittenEarly(): Promise<boolean> {
  for (let tries = 0; tries < 250; tries++) {
    for (const entry of await readdir(outDir)) {
      if (!entry.startsWith('.2026-10.partial-')) continue;
      const files = await readdir(join(outDir, entry)).catch((): string[] => []);
      if (files.includes('paid-invoices.csv')) return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/** The fake client, its payments held back until the paid invoices' file is seen (or not) on disk. */
function clientHoldingPayments(then: (seen: boolean) => void, fail?: Error) {
  const client = fakeInvoicingClient({ invoices: INVOICES, payments: PAYMENTS });
  const payments = client.payments.bind(client);
  return {
    ...client,
    payments: (filter?: PaymentFilter) =>
      (async function* (): AsyncGenerator<PaymentItem> {
        const seen = await paidInvoicesWrittenEarly();
        then(seen);
        if (fail) throw fail;
        yield* payments(filter);
      })(),
  };
}

describe('generateReportFolder writing a table while other lists are fetched', () => {
  it('writes the paid invoices file before the payments list has been read, and the whole folder after', async () => {
    let seen: boolean | undefined;
    const client = clientHoldingPayments((early) => {
      seen = early;
    });

    const { folder } = await generateReportFolder(
      client,
      { period: '2026-10', timezone: 'UTC' },
      { apiUrl: 'https://api.example.com', outDir, now: NOW },
    );

    expect(seen).toBe(true);
    expect(await readdir(outDir)).toEqual(['2026-10']);
    expect((await readdir(folder)).sort()).toEqual([
      'paid-invoices.csv',
      'payments.csv',
      'report.html',
      'report.xlsx',
      'summary.json',
      'unmatched-payments.csv',
    ]);
    // A header and the three paid invoices; a header and the two payments.
    expect((await readFile(join(folder, 'paid-invoices.csv'), 'utf8')).trimEnd().split('\r\n')).toHaveLength(
      4,
    );
    expect((await readFile(join(folder, 'payments.csv'), 'utf8')).trimEnd().split('\r\n')).toHaveLength(3);
  });

  it('leaves no trace when a list fails after a table was written', async () => {
    let seen: boolean | undefined;
    const client = clientHoldingPayments((early) => {
      seen = early;
    }, new Error('payments page failed'));

    await expect(
      generateReportFolder(
        client,
        { period: '2026-10', timezone: 'UTC' },
        { apiUrl: 'https://api.example.com', outDir, now: NOW },
      ),
    ).rejects.toThrow('payments page failed');

    expect(seen).toBe(true);
    expect(await readdir(outDir)).toEqual([]);
  });
});
