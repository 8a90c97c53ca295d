import type { Locator, Page } from 'playwright-core';
import type { PageElement, PageTextNode, PageWindow } from './page-dom';

/** An element a reader cannot see whole, with why. */
export interface HiddenText {
  text: string;
  reason: string;
}

/**
 * The elements matching `selector` that a reader cannot see whole without scrolling sideways: past
 * the window's left or right edge, wider than their own box (cut off), or inside a box that scrolls
 * sideways or hides what overflows. Throws if nothing matches, so a check never passes empty.
 */
export async function hiddenTexts(page: Page, selector: string): Promise<HiddenText[]> {
  const result = await page.evaluate((selector) => {
    const w = globalThis as unknown as PageWindow;
    const viewport = w.document.documentElement.clientWidth;
    const elements = Array.from(w.document.querySelectorAll(selector)).filter(
      // Hidden on purpose (a closed <details>, a header row kept for screen readers) is not cut off.
      (element) => element.getClientRects().length > 0 && element.getBoundingClientRect().width > 1,
    );
    const hidden: Array<{ text: string; reason: string }> = [];
    for (const element of elements) {
      const text = element.innerText.trim().replace(/\s+/g, ' ').slice(0, 80);
      const box = element.getBoundingClientRect();
      if (box.left < -0.5 || box.right > viewport + 0.5) {
        hidden.push({
          text,
          reason: `spans ${Math.round(box.left)}–${Math.round(box.right)} px of ${viewport}`,
        });
        continue;
      }
      if (element.scrollWidth > element.clientWidth + 1 && w.getComputedStyle(element).display !== 'inline') {
        hidden.push({ text, reason: `needs ${element.scrollWidth} px, has ${element.clientWidth}` });
        continue;
      }
      for (let outer = element.parentElement; outer; outer = outer.parentElement) {
        if (w.getComputedStyle(outer).overflowX !== 'visible' && outer.scrollWidth > outer.clientWidth + 1) {
          hidden.push({
            text,
            reason: `in a <${outer.tagName.toLowerCase()} class="${outer.className}"> that scrolls sideways (${outer.scrollWidth} px in ${outer.clientWidth})`,
          });
          break;
        }
      }
    }
    return { checked: elements.length, hidden };
  }, selector);
  if (result.checked === 0) throw new Error(`nothing on the page matches ${selector}`);
  return result.hidden;
}

/** How far the whole page reaches past the window's right edge, in pixels (0: no sideways scroll). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = (globalThis as unknown as PageWindow).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

/** Every table wider than the box it sits in, named by its panel's heading. Throws if the page has no table. */
export async function tablesWiderThanTheirBox(page: Page): Promise<string[]> {
  const result = await page.evaluate(() => {
    const w = globalThis as unknown as PageWindow;
    const tables = Array.from(w.document.querySelectorAll('table'));
    const wide = tables.flatMap((table) => {
      const box = table.parentElement!;
      const width = table.getBoundingClientRect().width;
      if (width <= box.clientWidth + 0.5 && box.scrollWidth <= box.clientWidth + 1) return [];
      let titled: PageElement | null = box;
      while (titled && !titled.querySelector('h2')) titled = titled.parentElement;
      const heading = titled?.querySelector('h2')?.textContent ?? 'a table';
      return [`${heading}: ${Math.round(width)} px in a box of ${box.clientWidth} px`];
    });
    return { checked: tables.length, wide };
  });
  if (result.checked === 0) throw new Error('the page has no table');
  return result.wide;
}

/** Which amounts `amountsSplitFromTheirCode` looks at, and where. */
export interface AmountsToCheck {
  /** Only signed ones (`+122.00 USD`, `-0.50 EUR`). @default false */
  signed?: boolean;
  /** Only inside the elements matching this selector (`td`: the tables' cells). @default 'body' */
  within?: string;
}

/**
 * The amounts (`27,832.028778 TRX`, `+122.00 USD`) on a page, or in one part of it, whose code a reader
 * finds at the start of another line than their figure, as `27,832.028778 TRX`. A figure that wraps at
 * a group separator (`1,234,<wbr>567.89 EUR`) counts from its last group. Throws if there is no such
 * amount to look at, so a check never passes empty.
 */
export async function amountsSplitFromTheirCode(
  where: Page | Locator,
  check: AmountsToCheck = {},
): Promise<string[]> {
  const { signed = false, within = 'body' } = check;
  const part = 'mainFrame' in where ? where.locator('html') : where;
  const result = await part.evaluate(
    (top, { signed, within }) => {
      const { document } = globalThis as unknown as PageWindow;
      const element = top as unknown as PageElement;
      const linesOf = (node: PageTextNode, start: number, end: number) => {
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, end);
        return range.getClientRects();
      };
      const amount = signed
        ? /[+-][\d,]+(?:\.\d+)?(\s)([A-Z]{3,5})\b/g
        : /(?<![\w.,])[+-]?\d[\d,]*(?:\.\d+)?(\s)([A-Z]{3,5})\b/g;
      const SHOW_TEXT = 4;
      const split: string[] = [];
      let found = 0;
      for (const root of Array.from(element.querySelectorAll(within))) {
        const walker = document.createTreeWalker(root, SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of node.textContent.matchAll(amount)) {
            found += 1;
            const code = match[2]!;
            const codeAt = match.index + match[0].length - code.length;
            const figure = linesOf(node, match.index, codeAt - 1);
            const codeLines = linesOf(node, codeAt, codeAt + code.length);
            // Hidden text (a preheader, a closed <details>) has no boxes: nobody reads it on a line.
            if (figure.length === 0 || codeLines.length === 0) continue;
            if (codeLines[0]!.top >= figure[figure.length - 1]!.bottom - 1)
              split.push(match[0].replace(/\s/, ' '));
          }
        }
      }
      return { found, split };
    },
    { signed, within },
  );
  if (result.found === 0)
    throw new Error(`there is no ${signed ? 'signed ' : ''}amount in ${within} to look at`);
  return result.split;
}
