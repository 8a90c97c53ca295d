/**
 * Run from a bundle (see test/infra/function-bundle.test.ts): writes a workbook with exceljs's streaming
 * writer, loaded by the specifier the report code loads it by, and builds a message with an attachment
 * through `composeReportEmail` (nodemailer's MailComposer), so that a test sees both work once esbuild
 * has bundled them. Writes `probe.xlsx` and `probe.eml` into the folder named by its first argument.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { composeReportEmail } from '../../lib/delivery';

const [dir = '.'] = process.argv.slice(2);
const { default: WorkbookWriter } = await import('exceljs/lib/stream/xlsx/workbook-writer.js');
const workbook = new WorkbookWriter({ filename: join(dir, 'probe.xlsx') });
const sheet = workbook.addWorksheet('Payments');
sheet.addRow(['payment_id', 'amount']).commit();
sheet.addRow([7, 0.5]).commit();
sheet.commit();
await workbook.commit();

const attachment = join(dir, 'payments.csv');
await writeFile(attachment, '\uFEFFpayment_id,amount\r\n7,0.5\r\n');
const message = await composeReportEmail({
  from: 'reports@acme.example',
  to: ['books@acme.example'],
  subject: 'Invoice report · October 2026',
  text: 'The report.',
  html: '<p>The report.</p>',
  attachments: [{ filename: 'payments.csv', path: attachment, contentType: 'text/csv' }],
  date: new Date('2026-11-01T06:00:00Z'),
});
await writeFile(join(dir, 'probe.eml'), message);
