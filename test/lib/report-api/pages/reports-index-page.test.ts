import { describe, expect, it } from 'vitest';
import { parsePeriod } from '../../../../lib/period';
import {
  type IndexEntry,
  type ReportsIndexPage,
  renderReportsIndexPage,
} from '../../../../lib/report-api/pages/reports-index-page';
import { mainText } from './page-text';

const link = (path: string) =>
  `https://reports.example.com/reports/acme/${path}?expires=1798761600&signature=ab`;

function entry(id: string, overrides: Partial<IndexEntry> = {}): IndexEntry {
  return {
    period: parsePeriod(id),
    title: id,
    complete: true,
    periodEndedSince: false,
    asOf: '2026-11-01T00:00:00.000Z',
    generatedAt: '2026-11-01T05:00:00.000Z',
    figures: {
      paidInvoices: 1234,
      paidTotalUSD: '81119.92',
      payments: 1240,
      unmatchedPayments: 3,
      reconciliationOk: true,
    },
    reportLink: link(`${id}/report.html`),
    downloads: [
      { name: 'paid-invoices.csv', link: link(`${id}/paid-invoices.csv`) },
      { name: 'payments.csv', link: link(`${id}/payments.csv`) },
    ],
    ...overrides,
  };
}

const PAGE: ReportsIndexPage = {
  displayName: 'ACME <GmbH>',
  timezone: 'Europe/Berlin',
  entries: [
    entry('2026-11', {
      title: 'November 2026 so far',
      complete: false,
      asOf: '2026-11-23T13:35:00.000Z',
      generatedAt: '2026-11-23T13:35:00.000Z',
      figures: {
        payments: 40,
        unmatchedPayments: 3,
        unmatchedEstimatedUSD: '412.5',
        unmatchedWithLikelyInvoice: 2,
      },
    }),
    entry('2026-10', { title: 'October 2026' }),
    entry('2026-Q3', { title: 'Q3 2026', figures: { reconciliationOk: false } }),
  ],
  formAction: 'https://reports.example.com/reports/acme?expires=1798761600&signature=ab',
  suggestions: [
    { id: '2026-09', name: 'September 2026' },
    { id: '2026', name: '2026' },
  ],
  linksExpireAt: new Date('2026-12-23T13:35:00.000Z'),
};

describe('renderReportsIndexPage', () => {
  const page = renderReportsIndexPage(PAGE);

  it("names the account, escaped, and says the list is newest first in the account's time zone", () => {
    expect(page).toContain('<title>ACME &lt;GmbH&gt; · All reports</title>');
    expect(page).toContain('<h1 class="title">All reports</h1>');
    expect(mainText(page)).toContain('Newest first. Dates and times in Europe/Berlin.');
  });

  it('groups the reports by kind, each linked to its page and named by an anchor the form leads to', () => {
    const headings = [...page.matchAll(/<h2 class="heading">([^<]+)<\/h2>/g)].map((match) => match[1]);
    expect(headings).toEqual(['Ask for a report', 'Months', 'Quarters']);
    expect(page).toContain(
      `<a class="link" id="report-2026-10" href="${link('2026-10/report.html').replace('&', '&amp;')}">October 2026</a>`,
    );
  });

  it('says a period not ended is so far, and as of when', () => {
    expect(mainText(page)).toContain('November 2026 so far as of 23 Nov 2026, 14:35 (Europe/Berlin)');
  });

  it('says of a report so far whose period has ended since how to get all of it', () => {
    const overtaken = renderReportsIndexPage({
      ...PAGE,
      entries: [
        entry('2026-Q3', {
          title: 'Q3 2026 so far',
          complete: false,
          periodEndedSince: true,
          asOf: '2026-09-12T08:00:00.000Z',
        }),
      ],
    });
    expect(mainText(overtaken)).toContain(
      'Q3 2026 so far as of 12 Sep 2026, 10:00 (Europe/Berlin); the quarter has ended since: ask for 2026-Q3 above for all of it',
    );
    // A period so far that is still running says only how far its report runs.
    expect(mainText(page)).not.toContain('has ended since');
  });

  it('shows the headline figures of each report, and a dash for one its manifest lacks', () => {
    const october = mainText(page).slice(mainText(page).indexOf('October 2026'));
    expect(october).toMatch(
      /^October 2026 81,119\.92 USD 1,234 1,240 3 Agrees 1 Nov 2026, 06:00 \(Europe\/Berlin\) paid-invoices\.csv payments\.csv/,
    );
    const quarter = mainText(page).slice(mainText(page).indexOf('Q3 2026'));
    expect(quarter).toMatch(/^Q3 2026 — — — — Differs: see the report /);
  });

  it('says how many payments wait to be matched, their estimated worth and how many have a likely invoice', () => {
    const november = mainText(page).slice(mainText(page).indexOf('November 2026 so far'));
    expect(november).toMatch(/ 40 3 ≈ 412\.50 USD 2 likely matched — /);
    // October's manifest is from before the estimates: the count alone.
    const october = mainText(page).slice(mainText(page).indexOf('October 2026'));
    expect(october).toMatch(/ 1,240 3 Agrees /);
  });

  it('labels every cell for the cards a phone shows', () => {
    for (const label of [
      'Paid total',
      'Paid invoices',
      'Payments',
      'Waiting',
      'Reconciliation',
      'Built',
      'Downloads',
    ]) {
      expect(page).toContain(`data-label="${label}"`);
    }
  });

  it('posts its form to its own signed address, offering the periods not built yet', () => {
    expect(page).toContain(
      '<form method="post" action="https://reports.example.com/reports/acme?expires=1798761600&amp;signature=ab">',
    );
    expect(page).toContain('<label class="field-label" for="period">Month, quarter or year</label>');
    expect(page).toContain('<option value="2026-09" label="September 2026"></option>');
    // An example, not a value: a bare period in grey read as one already filled in.
    expect(page).toContain('placeholder="e.g. 2026-09"');
  });

  it('says until when its links work', () => {
    expect(mainText(page)).toContain('The links on this page work until 23 Dec 2026, 14:35 (Europe/Berlin).');
  });

  it('says there is nothing yet for an account without reports', () => {
    const empty = renderReportsIndexPage({ ...PAGE, entries: [] });
    expect(mainText(empty)).toContain('No report has been built for this account yet.');
    expect(empty).not.toContain('<table');
  });

  it('carries no inline style attribute, script or outside resource', () => {
    expect(page).not.toMatch(/ style=|<script|<link|<img|src=/);
  });
});
