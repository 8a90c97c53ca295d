import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** UTF-8's byte order mark, which Excel needs at the start of a CSV. */
export const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The delivery record of an email SES accepted for a whole period (no `complete`, which means whole). */
export const SENT_RECORD = {
  state: 'sent',
  messageId: '0100019a-sent-message',
  sentAt: '2026-11-01T05:00:00.000Z',
  recipients: 2,
  attachmentsIncluded: true,
} as const;

/** Small made-up report files, as the report writer would leave them in a month's folder. */
export const REPORT_FIXTURE = {
  'report.html': Buffer.from(
    '<!doctype html><html><body><h1>Acme, October 2026</h1><p>Paid: 2</p></body></html>\n',
  ),
  'paid-invoices.csv': Buffer.concat([
    BOM,
    Buffer.from(
      'invoice_id,amount_usd,description\r\n101,10.50,"Coffee, large"\r\n102,0.00000095,Tea ☕\r\n',
    ),
  ]),
  'payments.csv': Buffer.concat([BOM, Buffer.from('payment_id,amount,matched\r\n9001,0.00012000,true\r\n')]),
  'unmatched-payments.csv': Buffer.concat([
    BOM,
    Buffer.from(
      'payment_id,estimated_usd,estimate_basis\r\n9002,41.20,from 5 BTC payments within 3 hours\r\n',
    ),
  ]),
  // Delivery never looks inside: any bytes stand for the workbook (a zip starts with PK).
  'report.xlsx': Buffer.from('PK\u0003\u0004 a made-up workbook'),
  'summary.json': Buffer.from('{"period":{"id":"2026-10"},"invoices":{"paid":2}}\n'),
} as const;

/** Writes the fixture into a new temporary folder and returns the folder. */
export async function writeReportFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'report-folder-'));
  for (const [name, bytes] of Object.entries(REPORT_FIXTURE)) {
    await writeFile(join(folder, name), bytes);
  }
  return folder;
}

/** A signing key of 32 bytes, for tests only. */
export const TEST_SIGNING_KEY = 'test-signing-key-0123456789abcdef';
