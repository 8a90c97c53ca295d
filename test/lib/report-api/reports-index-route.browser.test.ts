import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, readSesStore, startLocalStack } from '../../../lib/local';
import { saveScreenshot, seriousViolations, useBrowser, WIDTHS } from '../../support/browser';
import type { PageElement, PageWindow } from '../../support/page-dom';
import { hiddenTexts, sidewaysOverflow, tablesWiderThanTheirBox } from '../../support/page-layout';

/**
 * The list of an account's reports in Chromium, served by the local stack over HTTP: the report API,
 * the S3 emulator behind its redirects and the SES emulator holding the email with the link.
 * 23 November 2026, 14:35 UTC: the stack emails October; the list also gets September, the third
 * quarter, and November and the year so far.
 */
const NOW = new Date('2026-11-23T14:35:00Z');
const TOKEN = 'browser-test-operator-token';
/** The stack's clock: `NOW`, except while a test looks at a link after it has expired. */
let clock = NOW;

const browser = useBrowser();
let stateDir: string;
let stack: LocalStack;
/** The "All reports" link of demo's October email. */
let allReports: string;

beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'reports-index-browser-'));
  stack = await startLocalStack({
    ports: { reportApi: 0, sandbox: 0, s3Emulator: 0, sesEmulator: 0 },
    stateDir,
    now: () => clock,
    reportApiToken: TOKEN,
  });
  for (const period of ['2026-09', '2026-Q3', '2026-11', '2026']) {
    const response = await fetch(`${stack.reportApiUrl}/reports/demo/${period}`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
  }
  const emails = await readSesStore(stack.sesEndpoint);
  const email = emails.find((each) => each.destination.to.includes('accounting@example.com'));
  const href = /<a href="([^"]+)"[^>]*>All reports<\/a>/.exec(email?.body.html ?? '')?.[1];
  if (!href) throw new Error("the email has no 'All reports' link");
  allReports = href.replaceAll('&amp;', '&');
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await rm(stateDir, { recursive: true, force: true });
});

/** A page at `width` that notes every Content-Security-Policy complaint of the browser, then opens `url`. */
async function openWatched(url: string, width: number): Promise<{ page: Page; refused: string[] }> {
  const page = await browser.open({ html: '<!doctype html><title>blank</title>' }, width);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(url, { waitUntil: 'load' });
  return { page, refused };
}

/** The computed background colour of an element: its style sheet's, or the browser's default. */
const backgroundOf = (target: Locator) =>
  target.evaluate(
    (element) =>
      (
        (globalThis as unknown as PageWindow).getComputedStyle(
          element as unknown as PageElement,
        ) as unknown as {
          backgroundColor: string;
        }
      ).backgroundColor,
  );

/** The page's body background: the style sheet applied, or the browser's white. */
const bodyBackground = (page: Page) => backgroundOf(page.locator('body'));

describe("the email's All reports link", () => {
  it('opens the list of reports, which opens a report', async () => {
    expect(allReports).toMatch(
      new RegExp(`^${stack.reportApiUrl}/reports/demo\\?expires=\\d+&signature=[0-9a-f]{64}$`),
    );
    const { page, refused } = await openWatched(allReports, WIDTHS.desktop);
    await expect(page.title()).resolves.toBe('Demo merchant · All reports');
    // The style sheet applied under the API's policy: the page's grey, not the browser's white.
    expect(await bodyBackground(page)).toBe('rgb(243, 244, 246)');
    expect(refused).toEqual([]);

    await page.getByRole('link', { name: 'October 2026', exact: true }).click();
    await page.waitForURL(/\/invoice-reports-local\/reports\/demo\/2026-10\/builds\/[^/]+\/report\.html\?/);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('October 2026');
  });

  it('lists each report whole at 1280 px, with nothing cut off', async () => {
    const { page } = await openWatched(allReports, WIDTHS.desktop);
    await saveScreenshot(page, 'reports-index-desktop', 1300);
    expect(await tablesWiderThanTheirBox(page)).toEqual([]);
    expect(await hiddenTexts(page, 'td, .note')).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    const periods = await page.locator('tbody tr td:first-child a').allInnerTexts();
    expect(periods).toEqual([
      'November 2026 so far',
      'October 2026',
      'September 2026',
      'Q3 2026',
      '2026 so far',
    ]);
  });

  it('hides no amount at 390 px: each report is a card of labelled values', async () => {
    const { page } = await openWatched(allReports, WIDTHS.phone);
    await saveScreenshot(page, 'reports-index-phone', 2000);
    expect(await hiddenTexts(page, 'td, .note, .field, .button')).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    // A card: the table's header row is there for screen readers only.
    const header = await page.locator('thead').first().boundingBox();
    expect(header!.height).toBeLessThanOrEqual(1);
  });

  it('asks for a period not built yet with its form, then shows it marked on the list, and opens it', async () => {
    const { page, refused } = await openWatched(allReports, WIDTHS.phone);
    await page.getByLabel('Month, quarter or year').fill('2026-08');
    await page.getByRole('button', { name: 'Build the report' }).click();
    await page.waitForURL(`${allReports}#report-2026-08`);
    const august = page.getByRole('link', { name: 'August 2026', exact: true });
    // The row the form led to stands out: light blue behind its cells, the others white.
    const background = (row: string) =>
      backgroundOf(
        page
          .locator('tr', { has: page.getByRole('link', { name: row, exact: true }) })
          .locator('td')
          .first(),
      );
    expect(await background('August 2026')).toBe('rgb(239, 246, 255)');
    expect(await background('October 2026')).not.toBe('rgb(239, 246, 255)');
    expect(await page.locator('tbody tr td:first-child a').allInnerTexts()).toEqual([
      'November 2026 so far',
      'October 2026',
      'September 2026',
      'August 2026',
      'Q3 2026',
      '2026 so far',
    ]);

    await august.click();
    await page.waitForURL(/\/invoice-reports-local\/reports\/demo\/2026-08\/builds\/[^/]+\/report\.html\?/);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('August 2026');
    expect(refused).toEqual([]);
  });

  it.each([WIDTHS.phone, WIDTHS.desktop])(
    'has no serious or critical accessibility violation at %i px',
    async (width) => {
      const { page } = await openWatched(allReports, width);
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});

describe('pages for browsers', () => {
  it('shows a changed link as a page that says it is not valid, with status 403', async () => {
    const tampered = allReports.replace(/signature=(.)/, (_all, first: string) =>
      first === '0' ? 'signature=1' : 'signature=0',
    );
    const page = await browser.open({ html: '<!doctype html><title>blank</title>' }, WIDTHS.phone);
    const response = await page.goto(tampered, { waitUntil: 'load' });
    expect(response?.status()).toBe(403);
    expect(response?.headers()['content-type']).toBe('text/html; charset=UTF-8');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('This link is not valid');
    expect(await hiddenTexts(page, '.paragraph')).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows an expired link as a page that says where a fresh one is, with status 403', async () => {
    const expires = Number(new URL(allReports).searchParams.get('expires'));
    clock = new Date((expires + 60) * 1000);
    try {
      const page = await browser.open({ html: '<!doctype html><title>blank</title>' }, WIDTHS.phone);
      const response = await page.goto(allReports, { waitUntil: 'load' });
      expect(response?.status()).toBe(403);
      expect(response?.headers()['content-type']).toBe('text/html; charset=UTF-8');
      await saveScreenshot(page, 'link-expired-phone', 360);
      await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(
        'This link has expired',
      );
      await expect(page.locator('.message').innerText()).resolves.toContain(
        'Open the latest report email for a fresh link',
      );
      expect(await hiddenTexts(page, '.paragraph')).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      clock = NOW;
    }
  });

  it('calls a made-up signature with a past expiry not valid rather than expired', async () => {
    const forged = `${stack.reportApiUrl}/reports/demo/2026-10/report.html?expires=1700000000&signature=${'0'.repeat(64)}`;
    const page = await browser.open({ html: '<!doctype html><title>blank</title>' }, WIDTHS.desktop);
    const response = await page.goto(forged, { waitUntil: 'load' });
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('This link is not valid');
  });

  it('answers GET / with a page about the service', async () => {
    const { page, refused } = await openWatched(`${stack.reportApiUrl}/`, WIDTHS.phone);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(
      'Invoice and payment reports',
    );
    expect(await bodyBackground(page)).toBe('rgb(243, 244, 246)');
    expect(refused).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
