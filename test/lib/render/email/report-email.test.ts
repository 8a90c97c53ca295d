import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { renderReportEmail, renderReportText } from '../../../../lib/render/email';
import {
  asQuarterReport,
  asReportSoFar,
  PAID_PER_DAY,
  sampleEmptyReport,
  sampleReport,
  withReconciliationDifferences,
} from '../../../support/sample-report';
import { bodyOf, hostileReport, occurrences } from '../page-kit/hostile-report';
import {
  WITH_ATTACHMENTS as attached,
  SAMPLE_LINKS as links,
  WITHOUT_ATTACHMENTS as tooLarge,
} from './sample-email-options';

/** A link as it stands in an `href`: `&` escaped. */
const href = (url: string) => `href="${url.replaceAll('&', '&amp;')}"`;

describe('renderReportEmail', () => {
  const email = renderReportEmail(sampleReport(), attached);
  const body = bodyOf(email);

  it('is a whole HTML document whose title is the subject', () => {
    expect(email.startsWith('<!doctype html>\n<html lang="en"><head><meta charset="utf-8"/>')).toBe(true);
    expect(email).toContain('<title>Acme · October 2026 · 71,898.00 USD from 120 paid invoices</title>');
  });

  it('gives the inbox a preview of what the subject leaves out, hidden in the message', () => {
    expect(body).toContain(
      'color:#f3f4f6">+12.5 % (+7,985.60\u00a0USD) vs September 2026 · 3 unmatched · 2 late · statistics agree</div>',
    );
    const differing = bodyOf(renderReportEmail(withReconciliationDifferences(sampleReport()), attached));
    expect(differing).toContain('3 unmatched · 2 late · figures differ in 2 checks</div>');
  });

  it('says of the one check left out of the warning that it differs', () => {
    const report = sampleReport();
    const { reconciliation } = report.summary;
    // Eleven checks differ by 10: the warning lists ten and counts the one left.
    reconciliation.checks = reconciliation.checks.map((check, index) =>
      index < 11 ? { ...check, service: check.computed.plus(10), difference: new Big(10), ok: false } : check,
    );
    reconciliation.ok = false;
    const html = bodyOf(renderReportEmail(report, attached));
    expect(html).toContain('And 1 more that differs, in the full report.');
    expect(html).not.toContain('more that differ,');
  });

  it('uses no SVG, no style sheet, no classes, no images and no script', () => {
    expect(email).not.toContain('<svg');
    expect(email).not.toContain('<style');
    expect(email).not.toContain('class=');
    expect(email).not.toContain('<img');
    expect(email).not.toContain('data:');
    expect(email).not.toContain('<script');
  });

  it('links to the full report, to the workbook and the CSV files and to all reports, and nowhere else', () => {
    expect(occurrences(body, href(links.report))).toBe(2);
    expect(body).toContain(`<a ${href(links.report)}`);
    expect(body).toContain('>Open the full report</a>');
    expect(occurrences(body, href(links.paidInvoicesCsv))).toBe(1);
    expect(occurrences(body, href(links.paymentsCsv))).toBe(1);
    expect(occurrences(body, href(links.workbook))).toBe(1);
    expect(occurrences(body, href(links.allReports))).toBe(1);
    expect(body).toContain('>All reports</a>: every month, quarter and year kept for this account');
    expect(occurrences(body, 'href=')).toBe(6);
  });

  it('says the workbook and the CSV files are attached when they are', () => {
    expect(body).toContain(
      'Attached: acme-2026-10-report.xlsx (the figures and both lists in one workbook), acme-2026-10-paid-invoices.csv (120 paid invoices) and acme-2026-10-payments.csv (123 payments). Also online: ',
    );
    expect(body).not.toContain('too large to attach');
  });

  it('says the files were too large to attach and links to them instead', () => {
    const html = bodyOf(renderReportEmail(sampleReport(), tooLarge));
    expect(html).toContain('The files are too large to attach. Download them here: ');
    expect(html).toContain('>acme-2026-10-report.xlsx</a> (the figures and both lists in one workbook) · ');
    expect(html).toContain(`<a ${href(links.paidInvoicesCsv)}`);
    expect(html).toContain('>acme-2026-10-paid-invoices.csv</a> (120 paid invoices) · ');
    expect(html).toContain('>acme-2026-10-payments.csv</a> (123 payments).');
    expect(html).not.toContain('Attached:');
  });

  it('shows the same headline figures as the page, styled inline', () => {
    // A figure may wrap after its group separator on a small phone: `<wbr/>` there, not a character.
    expect(body).toMatch(/<p style="[^"]*font-size:18px">71,<wbr\/>898\.00 USD<\/p>/);
    expect(body).toMatch(/<p style="[^"]*">\+12\.5 % \(\+7,985\.60\u00a0USD\) vs September 2026<\/p>/);
    expect(body).toMatch(/<p style="[^"]*font-size:18px">71,<wbr\/>179\.20 USD<\/p>/);
    expect(body).toMatch(/<p style="[^"]*">after 718\.80 USD commission \(1\.0 % of the paid total\)<\/p>/);
    expect(body).toMatch(/<p style="[^"]*">3 unmatched · 2 late<\/p>/);
  });

  it('draws the daily chart with table cells, one coloured bar per day', () => {
    expect(occurrences(body, 'bgcolor="#2563eb"')).toBe(PAID_PER_DAY.length);
    // 18 Oct, the best day (4,793.20 of an axis of 5,000): 0.95864 of 120 px rounds to 115.
    expect(body).toContain('title="18 Oct 2026: 4,793.20 USD from 8 paid invoices"');
    expect(body).toContain('<td height="115" bgcolor="#2563eb"');
  });

  it('draws a day with nothing paid as a thin grey line', () => {
    const report = sampleReport();
    const day = report.summary.invoices.days[13]!;
    report.summary.invoices.days[13] = { ...day, paid: 0, paidTotalUSD: new Big(0) };
    const html = bodyOf(renderReportEmail(report, attached));
    expect(occurrences(html, 'bgcolor="#2563eb"')).toBe(PAID_PER_DAY.length - 1);
    expect(occurrences(html, '<td height="2" bgcolor="#d1d5db"')).toBe(1);
  });

  it('leaves the list of paid invoices to the CSV and the full report', () => {
    expect(body).not.toContain('INV-2610-0001');
    expect(body).toContain(
      'The list of paid invoices of October 2026 is in acme-2026-10-paid-invoices.csv and in the ',
    );
  });

  it('names each project, with its short id beside the name', () => {
    expect(body).toContain(
      '<span title="3f2a9c1e-5b7d-4e21-9a0c-6d8e1f2a3b4c"><span dir="auto">Web shop</span> <span style="font-family:ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;font-size:0.85em;color:#4b5563;white-space:nowrap">3f2a9c1e</span></span>',
    );
    expect(body).toContain(
      '<span style="font-family:ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;font-size:0.9em" title="e0c5f6b2-9a8b-4c7d-8e6f-5a4b3c2d1e0f">e0c5f6b2</span>',
    );
  });

  it('lists the under- and over-paid invoices in USD in the columns that fit a phone, saying why USD only', () => {
    const panel = body.slice(
      body.indexOf('Under- and over-paid invoices (2)</h2>'),
      body.indexOf('Reconciliation</h2>'),
    );
    expect(panel).toContain(
      '>Paid invoices in USD for which the service recorded a different USD amount received from the one invoiced: 1 under-paid (-0.05\u00a0USD in all) and 1 over-paid (+0.05\u00a0USD in all).</p>',
    );
    // A cell's text, also when an amount in it is kept on one line by a span of its own.
    const cells = [...panel.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map((match) =>
      match[1]!.replace(/<[^>]+>/g, ''),
    );
    expect(cells).toEqual([
      'Invoice',
      'Invoiced',
      'Difference',
      'INV-2610-0006',
      '675.40 USD',
      '-0.05\u00a0USD',
      'INV-2610-0008',
      '675.40 USD',
      '+0.05\u00a0USD',
    ]);
    expect(panel).toContain(
      '>Only invoices in USD can be judged this way: for an invoice in another currency the USD amount moves with the exchange rate between invoicing and payment, so a difference would not mean it was paid short or over.</p>',
    );
  });

  it('keeps to the columns that fit a phone', () => {
    expect(body).not.toContain('>Net received</th>');
    expect(body).not.toContain('>Commission</th>');
    expect(body).not.toContain('>Blockchain</th>');
    expect(body).not.toContain('>Transaction</th>');
    expect(body).toContain('>Paid total</th>');
  });

  it('leaves the width of a small phone to the amounts: no currency column, a short word over the cryptocurrencies', () => {
    // Each amount names its currency (`27,000.00 EUR`); the page keeps the column.
    expect(body).not.toContain('>Currency</th>');
    expect(body).toContain('>Crypto</th>');
    expect(body).not.toContain('>Cryptocurrency</th>');
  });

  it('shows the first 10 rows of a long list and says where the rest are', () => {
    const report = sampleReport();
    const payment = report.unmatched[0]!;
    report.unmatched = Array.from({ length: 12 }, (_, index) => ({
      ...payment,
      id: `d4c3b2a1-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
      amount: `0.0000${String(index + 10)}`,
    }));
    report.summary.payments.unmatched = 12;
    const html = bodyOf(renderReportEmail(report, attached));
    expect(html).toContain('0.000019 BTC');
    expect(html).not.toContain('0.00002 BTC');
    expect(html).not.toContain('0.000021 BTC');
    // The note names the file as the reader finds it: the attachment's name, not the stored file's.
    expect(html).toContain('Showing the first 10 of 12; acme-2026-10-payments.csv lists them all.');
  });

  it('stays under the size at which Gmail clips a message, with many projects and payments', () => {
    const report = sampleReport();
    const project = report.summary.invoices.projects[0]!;
    report.summary.invoices.projects = Array.from({ length: 500 }, (_, index) => ({
      ...project,
      projectId: `3f2a9c1e-5b7d-4e21-9a0c-${String(index).padStart(12, '0')}`,
    }));
    report.unmatchedPayments = Array.from({ length: 2000 }, () => report.unmatchedPayments[0]!);
    report.latePayments = Array.from({ length: 2000 }, () => report.latePayments[0]!);
    report.mispaidInvoices = Array.from({ length: 2000 }, () => report.mispaidInvoices[0]!);
    report.summary.invoices.underpaid.count = 1999;
    const html = renderReportEmail(report, attached);
    expect(Buffer.byteLength(html)).toBeLessThan(102 * 1024);
    expect(html).toContain('and 490 more projects in the full report');
    expect(html).toContain(
      'The 10 largest differences of 2,000; acme-2026-10-paid-invoices.csv has every paid invoice',
    );
  });

  // Every failing check in both lists (the warning at the top and the panel) made such an email 226 KB.
  it('stays under the size at which Gmail clips a message when every day of a year differs', () => {
    const report = withReconciliationDifferences(sampleReport());
    const { reconciliation } = report.summary;
    // The statistics count one more paid invoice of 10.00 USD on each of the 365 days of 2026.
    const days = Array.from({ length: 365 }, (_, index) => {
      const day = new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10);
      return {
        name: `day:${day}`,
        service: new Big('110'),
        computed: new Big('100'),
        difference: new Big('10'),
        ok: false,
        dayStart: `${day}T00:00:00.000Z`,
      };
    });
    reconciliation.checks = [
      ...reconciliation.checks.filter((check) => !check.name.startsWith('day:')),
      ...days,
    ];
    const html = renderReportEmail(report, attached);
    expect(Buffer.byteLength(html)).toBeLessThan(102 * 1024);
    // The first ten days in each list, and where the rest are.
    expect(bodyOf(html)).toContain(
      'Per day: 0 of 365 days agree; the first 10 of the 365 that differ are listed above, the full report has them all.',
    );
    // The paid total differs too (withReconciliationDifferences): 366 differ, 10 in the warning; the
    // panel lists the paid total and 10 days.
    expect(bodyOf(html)).toContain('And 356 more that differ, in the full report.');
    expect(bodyOf(html)).toContain(
      'of 372 checks agree; the first 11 of the 366 that differ are listed, the full report has them all.',
    );
  });

  it('puts the warning with every failing check at the top, one check per line', () => {
    const html = bodyOf(renderReportEmail(withReconciliationDifferences(sampleReport()), attached));
    const warning = html.slice(html.indexOf('role="alert"'), html.indexOf('Paid total</p>'));
    expect(warning).toContain(
      '⚠ The service&#39;s statistics and the invoices it lists for the same dates differ',
    );
    expect(warning).toContain(
      '<strong>Paid total</strong><br/>service&#39;s figure 72,020.00 USD · its listed invoices 71,898.00 USD · difference <span style="color:#9a3412;font-weight:700">+122.00\u00a0USD</span>',
    );
    expect(warning).toContain(
      '<strong>14 Oct 2026 (service day from 22:00 UTC on 13 Oct)</strong><br/>service&#39;s figure 797.40 USD · its listed invoices 675.40 USD · difference <span style="color:#9a3412;font-weight:700">+122.00\u00a0USD</span>',
    );
  });

  it('says plainly that nothing happened in an empty month', () => {
    const html = bodyOf(renderReportEmail(sampleEmptyReport(), attached));
    expect(html).toContain('>No invoices were created in November 2026.</p>');
    expect(html).toContain('>No payments arrived in November 2026.</p>');
    expect(html).not.toContain('By project');
    // No list of paid invoices to point at.
    expect(html).not.toContain('The list of paid invoices');
    expect(html).toContain(
      'Attached: acme-2026-10-report.xlsx (the figures and both lists in one workbook), acme-2026-10-paid-invoices.csv (0 paid invoices) and acme-2026-10-payments.csv (0 payments).',
    );
  });

  it('escapes hostile text wherever it appears', () => {
    const html = renderReportEmail(hostileReport(), attached);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<svg');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<BTC>');
    expect(html).not.toContain('onmouseover="');
    expect(html).toContain(
      '<bdi>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co&#39;s 🧾</bdi> · Invoice report',
    );
    expect(html).toContain('0.48740795 &lt;BTC&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(4)&gt;');
    expect(html).toContain('&lt;script&gt;alert(6)&lt;/script&gt; &quot;Shop&quot;</span> <span');
    expect(html).toContain('title="&quot; onmouseover=&quot;alert(5)"');
  });

  it('rejects a link that is not a web address, naming the field but not the value, as the text does', () => {
    const bad = { ...attached, links: { ...links, report: 'javascript:alert(1)//signature=SECRET' } };
    // The whole message, so nothing of the link (its signature) is in it.
    for (const render of [renderReportEmail, renderReportText]) {
      expect(() => render(sampleReport(), bad)).toThrow(
        /^invalid report email options: links\.report must be an http or https address$/,
      );
      expect(() => render(sampleReport(), bad)).toThrow(TypeError);
    }
  });

  it('names a month not ended so far and says what it is compared with', () => {
    const soFar = renderReportEmail(asReportSoFar(sampleReport()), attached);
    expect(soFar).toContain(
      '<title>Acme · October 2026 so far, as of 23 Oct 2026, 14:35 (Europe/Berlin) · 71,898.00 USD from 120 paid invoices</title>',
    );
    const soFarBody = bodyOf(soFar);
    expect(soFarBody).toContain('>October 2026 so far</h1>');
    expect(soFarBody).toContain(
      'Compared over the same elapsed time: 1–23 Oct 2026 so far, against 1–23 Sep 2026.',
    );
    // A bar cell per day lived: 23, not 31.
    expect(occurrences(soFarBody, 'title="23 Oct 2026: ')).toBe(1);
    expect(soFarBody).not.toContain('title="24 Oct 2026: ');
  });

  it('draws a quarter per month, with its months in a table', () => {
    const quarterBody = bodyOf(renderReportEmail(asQuarterReport(sampleReport()), attached));
    expect(quarterBody).toContain('Paid per month</h2>');
    expect(quarterBody).not.toContain('Paid per day');
    expect(quarterBody).toContain('title="October 2026: 71,898.00 USD from 120 paid invoices"');
    expect(quarterBody).toMatch(/>November 2026<\/td><td[^>]*>0<\/td><td[^>]*>0\.00 USD<\/td>/);
  });
});
