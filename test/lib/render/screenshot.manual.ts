/**
 * Renders the sample report's page and email body (an ordinary month, one with reconciliation
 * differences, an empty month) to files and takes full-page screenshots at a desktop and a phone
 * width, to look at by eye. Not part of the test suite.
 *
 *   npx tsx test/lib/render/screenshot.manual.ts [output folder]   (default .local/report-screenshots)
 *
 * Needs Debian's Chromium at /usr/bin/chromium (or CHROMIUM_PATH). The README's pictures are made by the
 * browser tests instead: `UPDATE_SCREENSHOTS=1 npx vitest run test/lib/render/html/report-page.browser.test.ts`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderReportEmail } from '../../../lib/render/email';
import { renderReportPage } from '../../../lib/render/html';
import { launchChromium, WIDTHS } from '../../support/browser';
import { sampleEmptyReport, sampleReport, withReconciliationDifferences } from '../../support/sample-report';
import { WITH_ATTACHMENTS, WITHOUT_ATTACHMENTS } from './email/sample-email-options';

const out = resolve(process.argv[2] ?? '.local/report-screenshots');

const documents: Record<string, string> = {
  'page-sample': renderReportPage(sampleReport()),
  'page-differences': renderReportPage(withReconciliationDifferences(sampleReport())),
  'page-empty': renderReportPage(sampleEmptyReport()),
  'email-sample': renderReportEmail(sampleReport(), WITH_ATTACHMENTS),
  'email-differences': renderReportEmail(withReconciliationDifferences(sampleReport()), WITHOUT_ATTACHMENTS),
  'email-empty': renderReportEmail(sampleEmptyReport(), WITH_ATTACHMENTS),
};

const viewports = {
  desktop: { width: WIDTHS.desktop, height: 900 },
  phone: { width: WIDTHS.phone, height: 844 },
};

await mkdir(out, { recursive: true });
const browser = await launchChromium();
try {
  for (const [name, html] of Object.entries(documents)) {
    const file = join(out, `${name}.html`);
    await writeFile(file, html);
    console.log(`${file} (${Buffer.byteLength(html)} bytes)`);
    for (const [size, viewport] of Object.entries(viewports)) {
      const page = await browser.newPage({ viewport });
      // Any request other than the file itself would be an external resource: report it.
      page.on('request', (request) => {
        if (request.url() !== pathToFileURL(file).href) console.warn(`  request: ${request.url()}`);
      });
      await page.goto(pathToFileURL(file).href);
      const png = join(out, `${name}-${size}.png`);
      await page.screenshot({ path: png, fullPage: true });
      console.log(`  ${png}`);
      await page.close();
    }
  }
  const printPage = await browser.newPage();
  await printPage.goto(pathToFileURL(join(out, 'page-sample.html')).href);
  await printPage.pdf({ path: join(out, 'page-sample-print.pdf'), format: 'A4' });
  console.log(`  ${join(out, 'page-sample-print.pdf')}`);
} finally {
  await browser.close();
}
