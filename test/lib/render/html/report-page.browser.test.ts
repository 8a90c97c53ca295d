import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderReportPage } from '../../../../lib/render/html';
import {
  accessibilityViolations,
  saveScreenshot,
  seriousViolations,
  useBrowser,
  WIDTHS,
} from '../../../support/browser';
import type { PageElement, PageWindow } from '../../../support/page-dom';
import {
  amountsSplitFromTheirCode,
  hiddenTexts,
  sidewaysOverflow,
  tablesWiderThanTheirBox,
} from '../../../support/page-layout';
import {
  asQuarterReport,
  asReportSoFar,
  SAMPLE_PROJECTS,
  sampleReport,
  withReconciliationDifferences,
} from '../../../support/sample-report';
import { sandboxReport } from '../../../support/sandbox-report';
import { withWidestValues } from '../../../support/widest-values';

/** What a reader must see whole: every table cell, the headline figures and the warning's lines. */
const READ_WHOLE = 'td, .tile-value, .paragraph';

const browser = useBrowser();
const pages: Record<string, string> = {};

beforeAll(async () => {
  pages.sample = renderReportPage(sampleReport());
  pages.differences = renderReportPage(withReconciliationDifferences(sampleReport()));
  pages.quarter = renderReportPage(asQuarterReport(sampleReport()));
  pages.soFar = renderReportPage(asReportSoFar(sampleReport()));
  const rightToLeft = sampleReport();
  rightToLeft.summary.projectNames = { [SAMPLE_PROJECTS.shop]: 'متجر الرياض 2' };
  pages.rightToLeft = renderReportPage(rightToLeft);
  const realistic = await sandboxReport();
  pages.sandbox = renderReportPage(realistic);
  // Rendered first, then stretched: the widest values change the report they are given.
  pages.widest = renderReportPage(withWidestValues(realistic));
});

const open = (name: string, width: number): Promise<Page> => browser.open({ html: pages[name]! }, width);

/** The panel under a heading. */
const panel = (page: Page, heading: string) =>
  page.locator('.panel').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

describe('report.html at 390 px, a phone', () => {
  it.each(['sample', 'differences', 'quarter', 'soFar', 'sandbox', 'widest'])(
    'shows every amount and text of the %s report whole, without a sideways scroll',
    async (name) => {
      const page = await open(name, WIDTHS.phone);
      expect(await hiddenTexts(page, READ_WHOLE)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
    },
  );

  it.each(['sample', 'sandbox'])(
    'keeps the chart axis labels of the %s report clear of the bars under them',
    async (name) => {
      const page = await open(name, WIDTHS.phone);
      const labels = page.locator('.chart-box .axis-label');
      expect(await labels.count()).toBe(2);
      for (const label of await labels.all()) {
        const clip = (await label.boundingBox())!;
        const withBars = await page.screenshot({ clip });
        await page.addStyleTag({ content: '.chart rect{visibility:hidden}' });
        const withoutBars = await page.screenshot({ clip });
        await page.addStyleTag({ content: '.chart rect{visibility:visible}' });
        // Not one pixel of the label's box changes whether or not bars are drawn under it.
        expect(withBars.equals(withoutBars)).toBe(true);
        // Nor does the label stand over any part of a bar, which its box would cut in two.
        for (const bar of await page.locator('.chart rect').all()) {
          const { x, y, width, height } = (await bar.boundingBox())!;
          const apart =
            x + width <= clip.x ||
            clip.x + clip.width <= x ||
            y + height <= clip.y ||
            clip.y + clip.height <= y;
          expect(apart).toBe(true);
        }
      }
    },
  );

  it.each([
    ['sample', 360],
    ['sample', WIDTHS.phone],
    ['sandbox', 360],
    ['sandbox', WIDTHS.phone],
    ['sample', WIDTHS.desktop],
    ['sandbox', WIDTHS.desktop],
  ])(
    'keeps every amount in the tables of the %s report on one line with its code at %i px',
    async (name, width) => {
      const page = await open(name, width);
      expect(await amountsSplitFromTheirCode(page, { within: 'td' })).toEqual([]);
    },
  );

  it('keeps each signed amount of the differences report on one line with its currency', async () => {
    const page = await open('differences', WIDTHS.phone);
    expect(await amountsSplitFromTheirCode(page, { signed: true })).toEqual([]);
  });

  it('turns the paid invoices into cards, each value under its column name', async () => {
    const page = await open('sample', WIDTHS.phone);
    const firstCard = panel(page, 'Paid invoices').locator('tbody tr').first();
    const labelled = await firstCard.locator('td').evaluateAll((cells) => {
      const w = globalThis as unknown as PageWindow;
      return (cells as unknown as PageElement[]).map((cell) => [
        w.getComputedStyle(cell, '::before').content,
        cell.innerText,
      ]);
    });
    // Invoice 1 of the sample: 450.00 EUR = 522.90 USD, paid with 0.00812345 BTC. The first cell heads
    // the card; each other shows its column's name, with empty alternative text ('/ ""') so that a
    // screen reader, which announces the column header, does not say it twice.
    expect(labelled).toEqual([
      ['none', '1 Oct 2026, 10:00'],
      ['"Invoice" / ""', 'INV-2610-0001'],
      ['"Project" / ""', 'Web shop 3f2a9c1e'],
      ['"Amount" / ""', '450.00 EUR'],
      ['"USD" / ""', '522.90 USD'],
      ['"Paid with" / ""', '0.00812345 BTC'],
      ['"Your reference" / ""', 'order-1001'],
      ['"Description" / ""', 'Order #1001'],
    ]);
    // The header row is there for screen readers only.
    const header = await panel(page, 'Paid invoices').locator('thead').boundingBox();
    expect(header!.height).toBeLessThanOrEqual(1);
  });

  it('keeps a short table of three columns a table', async () => {
    const page = await open('sample', WIDTHS.phone);
    const header = await panel(page, 'By status').locator('thead').boundingBox();
    expect(header!.height).toBeGreaterThan(10);
  });

  it('draws the page in one column', async () => {
    const page = await open('sample', WIDTHS.phone);
    await saveScreenshot(page, 'report-phone', 2600);
    const lefts = await page
      .locator('.tile')
      .evaluateAll((tiles) => tiles.map((tile) => Math.round(tile.getBoundingClientRect().left)));
    expect(lefts).toHaveLength(4);
    expect(new Set(lefts).size).toBe(1);
  });
});

describe('report.html at 1280 px, a desktop', () => {
  it.each(['sample', 'differences', 'quarter', 'soFar', 'sandbox', 'widest'])(
    'fits every table of the %s report in its box and cuts off nothing',
    async (name) => {
      const page = await open(name, WIDTHS.desktop);
      if (name === 'sample') await saveScreenshot(page, 'report-desktop', 1500);
      expect(await tablesWiderThanTheirBox(page)).toEqual([]);
      expect(await hiddenTexts(page, READ_WHOLE)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
    },
  );

  it('keeps a project named in Arabic before its short id, as every other name', async () => {
    const page = await open('rightToLeft', WIDTHS.desktop);
    const label = panel(page, 'By project').locator('td', { hasText: '3f2a9c1e' }).locator('span[title]');
    const [whole, shortId] = await Promise.all([
      label.boundingBox(),
      label.locator('.short-id').boundingBox(),
    ]);
    // The short id ends the label on the right; not pulled to its left into the name's right-to-left run.
    expect(shortId!.x + shortId!.width).toBeCloseTo(whole!.x + whole!.width, 0);
    expect(shortId!.x).toBeGreaterThan(whole!.x + 40);
  });

  it('shows the paid invoices as a table with a header row', async () => {
    const page = await open('sample', WIDTHS.desktop);
    const headings = await panel(page, 'Paid invoices').locator('thead th').allInnerTexts();
    expect(headings).toEqual([
      'CREATED',
      'INVOICE',
      'PROJECT',
      'AMOUNT',
      'USD',
      'PAID WITH',
      'YOUR REFERENCE',
      'DESCRIPTION',
    ]);
  });
});

describe('report.html on paper', () => {
  // A4 less the page's 12 mm margins: 186 mm, about 703 CSS pixels.
  const A4_PRINTABLE_WIDTH = 703;

  it.each(['sample', 'widest'])(
    'prints every table of the %s report as a table within the page',
    async (name) => {
      const page = await open(name, A4_PRINTABLE_WIDTH);
      await page.emulateMedia({ media: 'print' });
      expect(await tablesWiderThanTheirBox(page)).toEqual([]);
      expect(await hiddenTexts(page, READ_WHOLE)).toEqual([]);
      // Cards are for screens: on paper the paid invoices keep their header row.
      const header = await panel(page, 'Paid invoices').locator('thead').boundingBox();
      expect(header!.height).toBeGreaterThan(10);
    },
  );
});

describe('report.html for everyone', () => {
  it.each([
    ['sample', WIDTHS.desktop],
    ['sample', WIDTHS.phone],
    ['differences', WIDTHS.desktop],
    ['differences', WIDTHS.phone],
    ['quarter', WIDTHS.desktop],
    ['quarter', WIDTHS.phone],
    ['soFar', WIDTHS.phone],
    ['sandbox', WIDTHS.desktop],
    ['sandbox', WIDTHS.phone],
  ])('has no serious or critical accessibility violation: the %s report at %i px', async (name, width) => {
    const page = await open(name, width);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it.each([WIDTHS.phone, WIDTHS.desktop])(
    'has no accessibility violation of any impact: the widest report at %i px',
    async (width) => {
      const page = await open('widest', width);
      expect(await accessibilityViolations(page)).toEqual([]);
    },
  );

  it('lets a keyboard reach the box of every table that may scroll, named after its panel', async () => {
    const page = await open('sample', WIDTHS.desktop);
    const regions = page.getByRole('region');
    const names = await regions.evaluateAll((boxes) =>
      boxes.map((box) => [box.getAttribute('aria-label'), box.getAttribute('tabindex')]),
    );
    // The sample's tables but 'By status' and the folded figures per day: a few short values each.
    expect(names).toEqual(
      [
        'By project',
        'By invoice currency',
        'By cryptocurrency',
        'By wallet',
        'Unmatched payments (3)',
        'Late payments (2)',
        'Under- and over-paid invoices (2)',
        'Paid invoices',
        'Reconciliation checks',
      ].map((name) => [name, '0']),
    );
  });
});
