import { describe, expect, it } from 'vitest';
import { renderReportText } from '../../../../lib/render/email';
import {
  asOneProjectReport,
  asQuarterReport,
  asReportSoFar,
  sampleEmptyReport,
  sampleReport,
  withReconciliationDifferences,
} from '../../../support/sample-report';
import {
  WITH_ATTACHMENTS as attached,
  SAMPLE_LINKS as links,
  WITHOUT_ATTACHMENTS,
} from './sample-email-options';

const HEADLINE = [
  'Paid total: 71,898.00 USD',
  '  +12.5 % (+7,985.60\u00a0USD) vs September 2026',
  '  September 2026: 63,912.40 USD',
  'Net received: 71,179.20 USD',
  '  after 718.80 USD commission (1.0 % of the paid total)',
  'Paid invoices: 120',
  '  +16 vs September 2026 (104)',
  '  of 150 created (80.0 %)',
  'Payments received: 123',
  '  120 matched to invoices',
  '  3 unmatched · 2 late',
];

/** The sample's unmatched payments (see `sampleUnmatchedFacts`): any text of the service set apart as in the subject. */
const UNMATCHED = [
  '',
  'Unmatched payments: 3 payments wait to be matched, worth an estimated 1,235.05 USD (2 of the 3 could be estimated); 1 has a likely invoice.',
  '- 1,234.5 USDT received 17 Oct 2026, 23:40, about 1,234.99 USD: likely invoice INV-2026-1107, your reference ORD-55120',
];

/** The sample's under- and over-paid invoices (k 6 and k 8), and why only USD invoices are judged. */
const MISPAID = [
  'Under- and over-paid invoices: Paid invoices in USD for which the service recorded a different USD amount received from the one invoiced: 1 under-paid (-0.05\u00a0USD in all) and 1 over-paid (+0.05\u00a0USD in all).',
  '- INV-2610-0006: invoiced 675.40 USD, received 675.35 USD, difference -0.05\u00a0USD',
  '- INV-2610-0008: invoiced 675.40 USD, received 675.45 USD, difference +0.05\u00a0USD',
  'Only invoices in USD can be judged this way: for an invoice in another currency the USD amount moves with the exchange rate between invoicing and payment, so a difference would not mean it was paid short or over.',
  '',
];

describe('renderReportText', () => {
  it('gives the headline figures, the change, the reconciliation, the link and the attachments', () => {
    expect(renderReportText(sampleReport(), attached)).toBe(
      [
        'Acme · Invoice report · October 2026',
        '1–31 Oct 2026 (Europe/Berlin)',
        '',
        "✓ The service's statistics for the dates 30 Sep 2026 – 2 Nov 2026 agree with the invoices it lists for those dates (38 checks).",
        '',
        ...HEADLINE,
        ...UNMATCHED,
        '',
        ...MISPAID,
        `Full report: ${links.report}`,
        'Attached: acme-2026-10-report.xlsx (the figures and both lists in one workbook), acme-2026-10-paid-invoices.csv (120 paid invoices) and acme-2026-10-payments.csv (123 payments).',
        `All reports: ${links.allReports}`,
        '',
        'Made 1 Nov 2026, 06:00 (Europe/Berlin) from the data of api.invoicing.example.',
        '',
      ].join('\n'),
    );
  });

  it('lists each difference and gives links when the files were too large to attach', () => {
    const text = renderReportText(withReconciliationDifferences(sampleReport()), WITHOUT_ATTACHMENTS);
    expect(text).toBe(
      [
        'Acme · Invoice report · October 2026',
        '1–31 Oct 2026 (Europe/Berlin)',
        '',
        "⚠ 2 of 38 checks differ by more than 0.01 between the service's statistics for the dates 30 Sep 2026 – 2 Nov 2026 and the invoices it lists for those dates.",
        "- Paid total: service's figure 72,020.00 USD, its listed invoices 71,898.00 USD, difference +122.00\u00a0USD",
        "- 14 Oct 2026 (service day from 22:00 UTC on 13 Oct): service's figure 797.40 USD, its listed invoices 675.40 USD, difference +122.00\u00a0USD",
        "The service's figures for the dates 30 Sep 2026 – 2 Nov 2026 as it reads them, against the invoices it lists for the same dates: 120 paid, 71,898.00 USD, of which 120 and 71,898.00 USD fall in October 2026 in Europe/Berlin (the figures below).",
        '',
        ...HEADLINE,
        ...UNMATCHED,
        '',
        ...MISPAID,
        `Full report: ${links.report}`,
        'The files are too large to attach. Download them here:',
        `acme-2026-10-report.xlsx (the figures and both lists in one workbook): ${links.workbook}`,
        `acme-2026-10-paid-invoices.csv (120 paid invoices): ${links.paidInvoicesCsv}`,
        `acme-2026-10-payments.csv (123 payments): ${links.paymentsCsv}`,
        `All reports: ${links.allReports}`,
        '',
        'Made 1 Nov 2026, 06:00 (Europe/Berlin) from the data of api.invoicing.example.',
        '',
      ].join('\n'),
    );
  });

  it('lists ten differences and counts the rest', () => {
    const report = withReconciliationDifferences(sampleReport());
    report.summary.reconciliation.checks = report.summary.reconciliation.checks.map((check) =>
      check.name.startsWith('day:') ? { ...check, ok: false } : check,
    );
    const text = renderReportText(report, attached);
    // 31 days and the paid total differ: ten listed, 22 counted.
    expect(text).toContain('⚠ 32 of 38 checks differ by more than 0.01 between');
    expect(
      text.split('\n').filter((line) => line.startsWith('- ') && line.includes("service's figure")).length,
    ).toBe(10);
    expect(text).toContain('- and 22 more in the full report');
  });

  it('says plainly that nothing happened in an empty month', () => {
    expect(renderReportText(sampleEmptyReport(), attached)).toBe(
      [
        'Invoice report · November 2026',
        '1–30 Nov 2026 (UTC)',
        '',
        "✓ The service's statistics for the dates 31 Oct 2026 – 2 Dec 2026 agree with the invoices it lists for those dates (2 checks).",
        '',
        'No invoices were created in November 2026.',
        '',
        'Paid total: 0.00 USD',
        '  -100.0 % (-71,898.00\u00a0USD) vs October 2026',
        '  October 2026: 71,898.00 USD',
        'Net received: 0.00 USD',
        "  the paid total less the service's commission",
        'Paid invoices: 0',
        '  -120 vs October 2026 (120)',
        '  no invoices created',
        'Payments received: 0',
        '  0 matched to invoices',
        '  0 unmatched · 0 late',
        '',
        'No payments arrived in November 2026.',
        '',
        `Full report: ${links.report}`,
        'Attached: acme-2026-10-report.xlsx (the figures and both lists in one workbook), acme-2026-10-paid-invoices.csv (0 paid invoices) and acme-2026-10-payments.csv (0 payments).',
        `All reports: ${links.allReports}`,
        '',
        'Made 1 Dec 2026, 06:00 (UTC) from the data of api.invoicing.example.',
        '',
      ].join('\n'),
    );
  });

  it('keeps an account name with line breaks on its own line', () => {
    const report = sampleReport();
    report.summary.account = 'Acme\r\nBcc: someone@example.com';
    expect(renderReportText(report, attached).split('\n')[0]).toBe(
      'Acme Bcc: someone@example.com · Invoice report · October 2026',
    );
  });

  it('sets an account named in Arabic apart on the first line, so that the line keeps its order', () => {
    const report = sampleReport();
    report.summary.account = 'متجر الرياض';
    // A plain-text paragraph takes its direction from its first strong letter: without U+2068 FIRST
    // STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE around the name, the line would read right to left.
    expect(renderReportText(report, attached).split('\n')[0]).toBe(
      '\u2068متجر الرياض\u2069 · Invoice report · October 2026',
    );
  });

  it('says under the period that a one-project report covers that project only, and leaves out the unmatched payments', () => {
    const lines = renderReportText(asOneProjectReport(sampleReport()), attached).split('\n');
    expect(lines.slice(0, 2)).toEqual([
      'Acme · Invoice report · October 2026',
      '1–31 Oct 2026 (Europe/Berlin) · project Web shop (3f2a9c1e) only',
    ]);
    const payments = lines.indexOf('Payments received: 120');
    expect(lines.slice(payments, payments + 4)).toEqual([
      'Payments received: 120',
      '  120 matched to invoices',
      '  0 unmatched · 2 late',
      '  Payments not matched to an invoice cannot be attributed to a project and are left out (3 in this period).',
    ]);
  });

  it('says n/a for the change when the previous period had nothing paid', () => {
    const report = sampleReport();
    report.summary.previousPeriod.change.paidTotalPercent = null;
    expect(renderReportText(report, attached)).toContain('  n/a (+7,985.60\u00a0USD) vs September 2026\n');
  });

  it('names a month not ended so far with its instant, and says what it is compared with', () => {
    const lines = renderReportText(asReportSoFar(sampleReport()), attached).split('\n');
    expect(lines.slice(0, 2)).toEqual([
      'Acme · Invoice report · October 2026 so far, as of 23 Oct 2026, 14:35 (Europe/Berlin)',
      '1–23 Oct 2026 so far, as of 23 Oct 2026, 14:35 (Europe/Berlin)',
    ]);
    expect(lines).toContain('  +12.5 % (+7,985.60\u00a0USD) vs 1–23 Sep 2026');
    expect(lines).toContain(
      'Compared over the same elapsed time: 1–23 Oct 2026 so far, against 1–23 Sep 2026.',
    );
  });

  it('gives a quarter its paid figures per month', () => {
    const text = renderReportText(asQuarterReport(sampleReport()), attached);
    expect(text).toContain(
      [
        'Paid per month:',
        '  October 2026: 71,898.00 USD from 120 paid',
        '  November 2026: 0.00 USD from 0 paid',
        '  December 2026: 0.00 USD from 0 paid',
        '',
      ].join('\n'),
    );
    expect(renderReportText(sampleReport(), attached)).not.toContain('Paid per month');
  });

  it('says which month of a quarter not ended is so far', () => {
    const report = asQuarterReport(sampleReport());
    report.summary.period = { ...report.summary.period, complete: false, asOf: '2026-11-23T13:35:00.000Z' };
    report.summary.invoices.months = report.summary.invoices.months.slice(0, 2);
    const text = renderReportText(report, attached);
    expect(text).toContain(
      '  October 2026: 71,898.00 USD from 120 paid\n  November 2026 so far: 0.00 USD from 0 paid\n',
    );
  });

  it('lists the ten largest under- and over-paid invoices and counts the rest', () => {
    const report = sampleReport();
    const [short, over] = report.mispaidInvoices;
    report.mispaidInvoices = Array.from({ length: 12 }, (_, n) => (n % 2 === 0 ? short! : over!));
    report.summary.invoices.underpaid.count = 6;
    report.summary.invoices.overpaid.count = 6;
    const lines = renderReportText(report, attached).split('\n');
    expect(lines.filter((line) => line.startsWith('- INV-2610-000'))).toHaveLength(10);
    expect(lines).toContain('- and 2 more in the full report and acme-2026-10-paid-invoices.csv');
  });

  it('says so when every paid invoice in USD received the amount invoiced', () => {
    const report = sampleReport();
    report.mispaidInvoices = [];
    report.summary.invoices.underpaid = {
      count: 0,
      differenceUSD: report.summary.invoices.paidTotalUSD.times(0),
    };
    report.summary.invoices.overpaid = report.summary.invoices.underpaid;
    const text = renderReportText(report, attached);
    expect(text).toContain(
      'Under- and over-paid invoices: None: all 60 paid invoices in USD received the amount invoiced.\nOnly invoices in USD',
    );
  });

  it('names a differing project check by the project name, with its short id', () => {
    const report = sampleReport();
    const { checks } = report.summary.reconciliation;
    const index = checks.findIndex((check) => check.name === 'project:3f2a9c1e-5b7d-4e21-9a0c-6d8e1f2a3b4c');
    checks[index] = { ...checks[index]!, ok: false };
    report.summary.reconciliation.ok = false;
    expect(renderReportText(report, attached)).toContain(
      "- Project Web shop (3f2a9c1e): service's figure 41,940.50 USD, its listed invoices 41,940.50 USD, difference 0.00\u00a0USD\n",
    );
  });
});
