import Big from 'big.js';
import { decodeHTML } from 'entities';
import { describe, expect, it } from 'vitest';
import { renderToHtml, VariantContext } from '../../../../lib/render/page-kit';
import { ReconciliationPanel, ReconciliationStatus } from '../../../../lib/render/page-kit/reconciliation';
import type { ReconciliationCheck, ReportSummary } from '../../../../lib/report/model';
import {
  asQuarterReport,
  asReportSoFar,
  SAMPLE_PROJECTS,
  sampleReport,
} from '../../../support/sample-report';

/** Rendered HTML as the text a reader sees: a line per paragraph, heading or row, cells split by ` | `. */
function textOf(html: string): string {
  return decodeHTML(
    html
      .replace(/<br\/?>|<\/(p|h2|tr)>/g, '\n')
      .replace(/<\/t[hd]>/g, ' | ')
      .replace(/<[^>]+>/g, ''),
  )
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

const check = (name: string, service: string, computed: string, more: Partial<ReconciliationCheck> = {}) => ({
  name,
  service: new Big(service),
  computed: new Big(computed),
  difference: new Big(service).minus(computed),
  ok: new Big(service).minus(computed).abs().lte('0.01'),
  ...more,
});

/**
 * October 2026 in Berlin (120 paid, 71,898.00 USD, as the headline says), reconciled over 30 Sep – 2 Nov:
 * the list returned 6 more paid invoices (2,820.40 USD) on the days around the month, and the service
 * counts one more paid invoice of 10.00 USD than it lists, on its 14 Oct.
 */
function differingSummary(): ReportSummary {
  const { summary } = sampleReport();
  summary.reconciliation = {
    ok: false,
    window: { startDate: '2026-09-30', endDate: '2026-11-02' },
    listed: { paid: 126, paidTotalUSD: new Big('74718.4') },
    currencyUnit: 'fiat',
    statistics: { invoicesTotalNum: 158 },
    checks: [
      check('paidCount', '127', '126'),
      check('paidTotalUSD', '74728.4', '74718.4'),
      check(`project:${SAMPLE_PROJECTS.shop}`, '44770.9', '44760.9'),
      check('currency:USD', '43354.4', '43344.4'),
      check('day:2026-10-13', '1198.3', '1198.3', { dayStart: '2026-10-12T22:00:00.000Z' }),
      check('day:2026-10-14', '685.4', '675.4', { dayStart: '2026-10-13T22:00:00.000Z' }),
    ],
    notChecked: [
      {
        name: 'day:2026-11-01',
        reason:
          'The service lists no figure for 2 Nov 2026, so it does not say where 1 Nov 2026 ends (a day may last 23, 24 or 25 hours), and 1 paid invoice (675.40 USD) lies in the hours that belong to one or the other.',
      },
    ],
  };
  return summary;
}

describe('ReconciliationPanel', () => {
  it('names the dates compared and relates their figures to the headline, reason beside them', () => {
    const text = textOf(renderToHtml(<ReconciliationPanel summary={differingSummary()} />));
    expect(text).toBe(
      [
        'Reconciliation',
        "The service's figures for the dates 30 Sep 2026 – 2 Nov 2026 as it reads them, against the invoices it lists for the same dates: 126 paid, 74,718.40 USD, of which 120 and 71,898.00 USD fall in October 2026 in Europe/Berlin (the figures above).",
        "Compared: paid invoices and paid total, per project, per currency, and per day where the service's figures say where the day begins and ends. Differences up to 0.01 count as agreement.",
        "Check | Service's figure | Its listed invoices | Difference |",
        'Paid invoices | 127 | 126 | +1 |',
        'Paid total | 74,728.40 USD | 74,718.40 USD | +10.00\u00a0USD |',
        'Project Web shop (3f2a9c1e) | 44,770.90 USD | 44,760.90 USD | +10.00\u00a0USD |',
        'Paid in USD | 43,354.40 USD | 43,344.40 USD | +10.00\u00a0USD |',
        '14 Oct 2026 (service day from 22:00 UTC on 13 Oct) | 685.40 USD | 675.40 USD | +10.00\u00a0USD |',
        'Per day: 1 of 2 days agree; the one that differs is listed above.',
        'Not checked: 1 Nov 2026 (service day)',
        'The service lists no figure for 2 Nov 2026, so it does not say where 1 Nov 2026 ends (a day may last 23, 24 or 25 hours), and 1 paid invoice (675.40 USD) lies in the hours that belong to one or the other.',
        '1 of 6 checks agree; the 5 that differ are listed.',
        "The dates reach past October 2026 on both sides because the service does not say in which time zone it reads them or whether the end date counts; the report keeps to October 2026 by each invoice's own time. Asked the same dates, the statistics and the list share whatever reading the service has, so a difference is one in its own figures.",
      ].join('\n'),
    );
  });

  it('lists every check per project and per currency and counts the days, when all agree', () => {
    // sampleReport: paid invoices and paid total, 3 projects, 2 currencies and October's 31 days: 38 checks.
    const text = textOf(renderToHtml(<ReconciliationPanel summary={sampleReport().summary} />));
    expect(text.split('\n').slice(3)).toEqual([
      "Check | Service's figure | Its listed invoices | Difference |",
      'Paid invoices | 120 | 120 | 0 |',
      'Paid total | 71,898.00 USD | 71,898.00 USD | 0.00\u00a0USD |',
      'Project Web shop (3f2a9c1e) | 41,940.50 USD | 41,940.50 USD | 0.00\u00a0USD |',
      'Project Mobile app (b71d04aa) | 23,966.00 USD | 23,966.00 USD | 0.00\u00a0USD |',
      'Project e0c5f6b2 | 5,991.50 USD | 5,991.50 USD | 0.00\u00a0USD |',
      'Paid in EUR | 27,000.00 EUR | 27,000.00 EUR | 0.00\u00a0EUR |',
      'Paid in USD | 40,524.00 USD | 40,524.00 USD | 0.00\u00a0USD |',
      'Per day: all 31 days agree.',
      'All 38 checks agree.',
      "The dates reach past October 2026 on both sides because the service does not say in which time zone it reads them or whether the end date counts; the report keeps to October 2026 by each invoice's own time. Asked the same dates, the statistics and the list share whatever reading the service has, so a difference is one in its own figures.",
    ]);
  });

  it('sets a check not made in the small print of the notes, not in body text', () => {
    const html = renderToHtml(<ReconciliationPanel summary={differingSummary()} />);
    expect(html).toContain('<p class="note"><strong>Not checked: 1 Nov 2026 (service day)</strong>');
  });

  it("shows a project's one check and says why the others are not made", () => {
    const summary = sampleReport().summary;
    summary.projectId = SAMPLE_PROJECTS.app;
    const reason = 'The statistics cover every project, and the invoices were listed for this project only.';
    summary.reconciliation = {
      ...summary.reconciliation,
      listed: { paid: 41, paidTotalUSD: new Big('24641.4') },
      currencyUnit: null,
      checks: [check(`project:${SAMPLE_PROJECTS.app}`, '24641.4', '24641.4')],
      notChecked: ['paidCount', 'paidTotalUSD', 'currency:*', 'day:*'].map((name) => ({ name, reason })),
    };
    const text = textOf(
      renderToHtml(
        <VariantContext.Provider value="email">
          <ReconciliationPanel summary={summary} />
        </VariantContext.Provider>,
      ),
    );
    expect(text).toBe(
      [
        'Reconciliation',
        "The service's figures for the dates 30 Sep 2026 – 2 Nov 2026 as it reads them, against the invoices of project Mobile app (b71d04aa) it lists for the same dates: 41 paid, 24,641.40 USD, of which 120 and 71,898.00 USD fall in October 2026 in Europe/Berlin (the figures above).",
        "Compared: this project's paid total only, since the statistics cover every project. Differences up to 0.01 count as agreement.",
        'Project Mobile app (b71d04aa)',
        "service's figure 24,641.40 USD · its listed invoices 24,641.40 USD · difference 0.00\u00a0USD",
        'Not checked: Paid invoices, Paid total, Per currency, Per day',
        reason,
        'The one check agrees.',
        "The dates reach past October 2026 on both sides because the service does not say in which time zone it reads them or whether the end date counts; the report keeps to October 2026 by each invoice's own time. Asked the same dates, the statistics and the list share whatever reading the service has, so a difference is one in its own figures.",
      ].join('\n'),
    );
  });
  it('relates the figures to a quarter, and to a month not ended so far, by the name the headline gives them', () => {
    const quarter = asQuarterReport(sampleReport()).summary;
    // Q4 2026 in Berlin: 30 Sep 22:00 UTC − 12 h is 30 Sep; 31 Dec 23:00 UTC + 14 h is 1 Jan 13:00, so up to 2 Jan.
    quarter.reconciliation = {
      ...differingSummary().reconciliation,
      window: { startDate: '2026-09-30', endDate: '2027-01-02' },
    };
    const soFar = asReportSoFar(sampleReport()).summary;
    soFar.reconciliation = differingSummary().reconciliation;
    const lines = (summary: ReportSummary) =>
      textOf(renderToHtml(<ReconciliationPanel summary={summary} />)).split('\n');

    expect(lines(quarter)[1]).toBe(
      "The service's figures for the dates 30 Sep 2026 – 2 Jan 2027 as it reads them, against the invoices it lists for the same dates: 126 paid, 74,718.40 USD, of which 120 and 71,898.00 USD fall in Q4 2026 in Europe/Berlin (the figures above).",
    );
    expect(lines(quarter).at(-1)).toContain(
      "The dates reach past Q4 2026 on both sides because the service does not say in which time zone it reads them or whether the end date counts; the report keeps to Q4 2026 by each invoice's own time.",
    );
    expect(lines(soFar)[1]).toBe(
      "The service's figures for the dates 30 Sep 2026 – 2 Nov 2026 as it reads them, against the invoices it lists for the same dates: 126 paid, 74,718.40 USD, of which 120 and 71,898.00 USD fall in October 2026 so far in Europe/Berlin (the figures above).",
    );
    expect(lines(soFar).at(-1)).toContain(
      "the report keeps to October 2026 so far by each invoice's own time.",
    );
  });
});

describe('ReconciliationStatus', () => {
  it('warns with the dates compared and each difference', () => {
    const text = textOf(renderToHtml(<ReconciliationStatus summary={differingSummary()} />));
    expect(text.split('\n').slice(0, 2)).toEqual([
      "⚠ The service's statistics and the invoices it lists for the same dates differ",
      "5 of 6 checks differ by more than 0.01 between the service's statistics for the dates 30 Sep 2026 – 2 Nov 2026 and the invoices it lists for those dates; 1 more, for 1 Nov 2026, could not be made exactly. Check these figures before relying on them: the itemised invoices and payments are in the CSV files, and the Reconciliation panel says what was compared.",
    ]);
  });
});
