import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderReportEmail } from '../../../../lib/render/email';
import { accessibilityViolations, saveScreenshot, useBrowser, WIDTHS } from '../../../support/browser';
import {
  amountsSplitFromTheirCode,
  hiddenTexts,
  sidewaysOverflow,
  tablesWiderThanTheirBox,
} from '../../../support/page-layout';
import {
  asQuarterReport,
  asReportSoFar,
  sampleEmptyReport,
  sampleReport,
  withReconciliationDifferences,
} from '../../../support/sample-report';
import { sandboxReport } from '../../../support/sandbox-report';
import { withWidestValues } from '../../../support/widest-values';
import { WITH_ATTACHMENTS as attached, WITHOUT_ATTACHMENTS as tooLarge } from './sample-email-options';

/** Every block of text in the email: it has no classes, so every cell and paragraph. */
const READ_WHOLE = 'td, p';

/** The cells of the email's tables of figures: the tables with a header row, not the layout's. */
const TABLE_CELLS = 'table:has(> thead) td';

const browser = useBrowser();
const emails: Record<string, string> = {};

beforeAll(async () => {
  emails.sample = renderReportEmail(sampleReport(), attached);
  emails.differences = renderReportEmail(withReconciliationDifferences(sampleReport()), tooLarge);
  emails.empty = renderReportEmail(sampleEmptyReport(), attached);
  emails.quarter = renderReportEmail(asQuarterReport(sampleReport()), attached);
  emails.soFar = renderReportEmail(asReportSoFar(sampleReport()), attached);
  const realistic = await sandboxReport();
  emails.sandbox = renderReportEmail(realistic, attached);
  // Rendered first, then stretched: the widest values change the report they are given.
  emails.widest = renderReportEmail(withWidestValues(realistic), attached);
});

const open = (name: string, width: number): Promise<Page> => browser.open({ html: emails[name]! }, width);

/** The smallest phone the email is made for (Android's common width; an iPhone 12 to 15 is 390). */
const SMALL_PHONE = 360;

describe('the report email at 390 px, a phone', () => {
  it.each(['sample', 'differences', 'empty', 'quarter', 'soFar', 'sandbox', 'widest'])(
    'shows every figure and line of the %s email whole, without a sideways scroll',
    async (name) => {
      const page = await open(name, WIDTHS.phone);
      if (name === 'sample') await saveScreenshot(page, 'email-phone', 2400);
      expect(await hiddenTexts(page, READ_WHOLE)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
    },
  );

  it.each(['sample', 'sandbox'])(
    'keeps every amount of the %s email on one line with its code',
    async (name) => {
      const page = await open(name, WIDTHS.phone);
      expect(await amountsSplitFromTheirCode(page, { within: TABLE_CELLS })).toEqual([]);
    },
  );

  it.each([360, WIDTHS.phone])(
    'keeps each signed amount of the differences email on one line with its currency at %i px',
    async (width) => {
      const page = await open('differences', width);
      expect(await amountsSplitFromTheirCode(page, { signed: true })).toEqual([]);
    },
  );
});

describe('the report email at 360 px, a small phone', () => {
  it.each(['sample', 'differences', 'sandbox', 'widest'])(
    'shows every figure and line of the %s email whole, without a sideways scroll',
    async (name) => {
      const page = await open(name, SMALL_PHONE);
      expect(await hiddenTexts(page, READ_WHOLE)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
    },
  );

  it('shows the widest euros of the currency breakdown, and their USD value, with every digit as written', async () => {
    const page = await open('widest', SMALL_PHONE);
    const row = page.getByRole('row').filter({ hasText: 'EUR' });
    // 1234567890123.45 EUR, worth 1432098765432.10 USD (see withWidestValues), wrapped or not.
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      '12',
      '1,234,567,890,123.45 EUR',
      '1,432,098,765,432.10 USD',
    ]);
  });

  it.each(['sample', 'sandbox'])(
    'keeps every amount of the %s email on one line with its code: beside names, which wrap instead, and beside codes',
    async (name) => {
      const page = await open(name, SMALL_PHONE);
      expect(await amountsSplitFromTheirCode(page, { within: TABLE_CELLS })).toEqual([]);
    },
  );
});

describe('the report email at 1280 px, a desktop', () => {
  it.each(['sample', 'sandbox', 'widest'])('fits every table of the %s email in its box', async (name) => {
    const page = await open(name, WIDTHS.desktop);
    if (name === 'sample') await saveScreenshot(page, 'email-desktop', 1500);
    expect(await tablesWiderThanTheirBox(page)).toEqual([]);
    expect(await hiddenTexts(page, READ_WHOLE)).toEqual([]);
  });

  it.each(['sample', 'sandbox'])(
    'keeps every amount of the %s email on one line with its code',
    async (name) => {
      const page = await open(name, WIDTHS.desktop);
      expect(await amountsSplitFromTheirCode(page, { within: TABLE_CELLS })).toEqual([]);
    },
  );
});

describe('the report email for everyone', () => {
  it.each([
    ['sample', WIDTHS.phone],
    ['differences', WIDTHS.phone],
    ['quarter', WIDTHS.phone],
    ['sandbox', WIDTHS.desktop],
  ])(
    'has no accessibility violation of any impact, a main landmark included: the %s email at %i px',
    async (name, width) => {
      const page = await open(name, width);
      expect(await accessibilityViolations(page)).toEqual([]);
    },
  );
});
