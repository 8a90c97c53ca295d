import { Readable } from 'node:stream';
import type { Invoice, InvoiceItem, PaymentItem, Wallet } from '../../../../lib/invoicing/schemas';
import { csvHeader, csvLine } from '../../../../lib/render/csv';
import type { RowTable } from '../../../../lib/report';

/** Reads a whole stream into one Buffer. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part));
  return Buffer.concat(parts);
}

export const BOM = '\uFEFF';

export const wallet = (overrides: Partial<Wallet> = {}): Wallet => ({
  id: '0b9e5bd8-0000-4000-8000-000000000001',
  name: 'Main',
  blockchain: 'bitcoin',
  cryptocurrency: 'BTC',
  address: 'bc1qexample',
  ...overrides,
});

export const invoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  id: '1a000000-0000-4000-8000-000000000001',
  uid: 'INV-1',
  projectId: '2b000000-0000-4000-8000-000000000001',
  createDatetime: '2026-09-01 10:00:00',
  timeToPayDatetime: '2026-09-01 11:00:00',
  commissionFiatUSD: '0.5',
  amountFiatUSD: '50.25',
  amountFiat: '46.1',
  currencyFiat: 'EUR',
  description: 'Coffee',
  serviceData: 'order-1',
  views: 3,
  status: 'paid',
  ...overrides,
});

export const paidInvoice = (overrides: Partial<InvoiceItem> = {}): InvoiceItem => ({
  ...invoice(),
  payment: {
    id: '3c000000-0000-4000-8000-000000000001',
    amount: '0.00071',
    hash: 'abc123',
    transactionDatetime: '2026-09-01 10:20:00',
  },
  wallet: wallet(),
  ...overrides,
});

export const payment = (overrides: Partial<PaymentItem> = {}): PaymentItem => ({
  id: '3c000000-0000-4000-8000-000000000001',
  amount: '0.00071',
  hash: 'abc123',
  transactionDatetime: '2026-09-01 10:20:00',
  invoice: invoice(),
  wallet: wallet(),
  ...overrides,
});

/** A table's whole CSV file (BOM, header, rows in order) as the report folder writes it, a fresh stream each call. */
export function csvStream(table: RowTable): Readable {
  return Readable.from(
    (async function* () {
      let text = csvHeader(table.columns);
      for await (const cells of table.rows()) {
        text += csvLine(cells, table.columns);
        if (text.length >= 64 * 1024) {
          yield Buffer.from(text);
          text = '';
        }
      }
      if (text.length > 0) yield Buffer.from(text);
    })(),
    { objectMode: false },
  );
}
