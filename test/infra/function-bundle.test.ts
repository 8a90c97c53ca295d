import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const REPO = join(import.meta.dirname, '../..');

describe('exceljs and nodemailer bundled by esbuild, as the stack bundles a function', () => {
  // Outside the repository, so that no node_modules folder is within reach of the bundle.
  const dir = mkdtempSync(join(tmpdir(), 'invoice-reports-bundle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('write a workbook and a message with an attachment from one file, with nothing installed beside it', async () => {
    // ReportFunction's esbuild settings: an ES module for Node 22, minified, `require` made for the
    // CommonJS packages inside it, nothing external.
    await build({
      entryPoints: [join(REPO, 'test/support/bundle-probe.ts')],
      outfile: join(dir, 'index.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      mainFields: ['module', 'main'],
      minify: true,
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
      logLevel: 'silent',
    });
    await run(process.execPath, [join(dir, 'index.mjs'), dir], { cwd: dir });

    const workbook = await JSZip.loadAsync(readFileSync(join(dir, 'probe.xlsx')));
    expect(await workbook.file('xl/workbook.xml')?.async('string')).toContain('name="Payments"');
    const sheet = await workbook.file('xl/worksheets/sheet1.xml')?.async('string');
    expect(sheet).toContain('payment_id');
    expect(sheet).toContain('<v>0.5</v>');

    const message = readFileSync(join(dir, 'probe.eml'), 'latin1');
    expect(message).toMatch(/^Content-Type: multipart\/mixed; boundary=/m);
    expect(message).toContain('Content-Type: text/csv; name=payments.csv\r\n');
    // The CSV's bytes, BOM and CRLF included, base64-encoded.
    expect(message).toContain(Buffer.from('\uFEFFpayment_id,amount\r\n7,0.5\r\n').toString('base64'));
    expect(message).not.toMatch(/[^\r]\n/);
  });
});
