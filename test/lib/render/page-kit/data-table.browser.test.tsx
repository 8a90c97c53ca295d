import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DataTable, PAGE_CSS, Panel, renderHtmlDocument } from '../../../../lib/render/page-kit';
import type { CardBox } from '../../../../lib/render/page-kit/panel';
import { accessibilityViolations, useBrowser, WIDTHS } from '../../../support/browser';
import type { PageElement, PageWindow } from '../../../support/page-dom';

interface Row {
  wallet: string;
  address: string;
}

/** Addresses of 160 characters in a one-line column: their table is wider than a desktop's panel. */
const LONG: Row[] = [
  { wallet: 'Treasury', address: `0x${'0123456789abcdef'.repeat(10)}` },
  { wallet: 'Main BTC', address: `bc1q${'qpzry9x8gf2tvdw0'.repeat(10)}` },
];

/** A page with one panel holding a table of wallets, turned into cards below `cards` (or never). */
function pageWith(cards: CardBox | 'never', rows: Row[]): string {
  return renderHtmlDocument({
    title: 'Wallets',
    css: PAGE_CSS,
    children: (
      <>
        <h1 class="title">Wallets</h1>
        <Panel heading="Wallet addresses">
          <DataTable<Row>
            name="Wallet addresses"
            cards={cards}
            rows={rows}
            columns={[
              { heading: 'Wallet', cell: (row) => row.wallet },
              { heading: 'Address', looks: ['code', 'nowrap'], cell: (row) => row.address },
            ]}
          />
        </Panel>
      </>
    ),
  });
}

const browser = useBrowser();

/** The scroll box around the page's table. */
const box = (page: Page) => page.locator('.scroll');

/** How far the box is scrolled sideways, and how far it could be. */
const scrolled = (page: Page) =>
  box(page).evaluate((element) => {
    const box = element as unknown as PageElement;
    return { left: box.scrollLeft, room: box.scrollWidth - box.clientWidth };
  });

describe('a table on the page wider than its box', () => {
  it('scrolls inside its box at 1280 px, which a keyboard reaches, outlines, and scrolls', async () => {
    const page = await browser.open({ html: pageWith('compact', LONG) }, WIDTHS.desktop);
    expect((await scrolled(page)).room).toBeGreaterThan(100);
    await page.keyboard.press('Tab');
    const region = page.getByRole('region', { name: 'Wallet addresses' });
    const outline = await region.evaluate((element) => {
      const box = element as unknown as PageElement;
      const style = (globalThis as unknown as PageWindow).getComputedStyle(box);
      return {
        focused: box.matches(':focus-visible'),
        style: style.outlineStyle,
        width: Number.parseFloat(style.outlineWidth),
      };
    });
    expect(outline.focused).toBe(true);
    expect(outline.style).toBe('solid');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await scrolled(page)).left).toBeGreaterThan(0);
  });

  it.each([WIDTHS.phone, WIDTHS.desktop])(
    'has no accessibility violation of any impact at %i px',
    async (width) => {
      const page = await browser.open({ html: pageWith('compact', LONG) }, width);
      expect(await accessibilityViolations(page)).toEqual([]);
    },
  );
});

describe('a table of a few short values (cards="never")', () => {
  it('keeps its box out of the tab order: it fits any width and never scrolls', async () => {
    const short = LONG.map((row) => ({ ...row, address: row.address.slice(0, 12) }));
    const page = await browser.open({ html: pageWith('never', short) }, WIDTHS.desktop);
    expect(await box(page).getAttribute('tabindex')).toBeNull();
    expect(await page.getByRole('region').count()).toBe(0);
  });
});
