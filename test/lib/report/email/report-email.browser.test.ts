import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderReportEmail } from '../../../../lib/report/email';
import { accessibilityViolations, saveScreenshot, useBrowser, WIDTHS } from '../../../support/browser';
import {
  hiddenTexts,
  sidewaysOverflow,
  signedAmountsSplitFromTheirCode,
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

  it.each([360, WIDTHS.phone])(
    'keeps each signed amount of the differences email on one line with its currency at %i px',
    async (width) => {
      const page = await open('differences', width);
      expect(await signedAmountsSplitFromTheirCode(page)).toEqual([]);
    },
  );

  it('fits a 360 px phone too', async () => {
    const page = await open('sandbox', 360);
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});

describe('the report email at 1280 px, a desktop', () => {
  it.each(['sample', 'sandbox', 'widest'])('fits every table of the %s email in its box', async (name) => {
    const page = await open(name, WIDTHS.desktop);
    if (name === 'sample') await saveScreenshot(page, 'email-desktop', 1500);
    expect(await tablesWiderThanTheirBox(page)).toEqual([]);
    expect(await hiddenTexts(page, READ_WHOLE)).toEqual([]);
  });
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
