import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, vi } from 'vitest';
import type { PageWindow } from './page-dom';

/**
 * Real Chromium for the tests: Debian's package (`apt-get install chromium`, which `.ci/run` does),
 * driven by playwright-core, which never downloads a browser of its own.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** No sandbox (CI runs as root in a container) and nothing that reaches the network by itself. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The widths a report is checked and pictured at: a desktop window and a phone (iPhone 12 to 15). */
export const WIDTHS = { desktop: 1280, phone: 390 } as const;

/** How long a browser step may take on a busy 2-core machine before a test fails. */
const STEP_TIMEOUT_MS = 30_000;

/** A headless Chromium. The caller closes it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 60_000 });
}

/** What a page shows: an HTML text, a file on disk, or an address. */
export type PageSource = { html: string } | { file: string } | { url: string };

/** A page of its own (own context, nothing shared) showing `source` in a window `width` pixels wide. */
export async function openPage(browser: Browser, source: PageSource, width: number): Promise<Page> {
  const context: BrowserContext = await browser.newContext({ viewport: { width, height: 900 } });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  if ('html' in source) await page.setContent(source.html, { waitUntil: 'load' });
  else
    await page.goto('file' in source ? pathToFileURL(source.file).href : source.url, { waitUntil: 'load' });
  return page;
}

/**
 * One Chromium for the whole test file, launched before its first test and closed after its last,
 * and generous time for each test and hook of the file (a 2-core CI machine runs two such files at
 * once). `open` gives a fresh page at a width; pages go when the browser closes.
 */
export function useBrowser(): { open: (source: PageSource, width: number) => Promise<Page> } {
  vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    open: (source, width) => {
      if (!browser) throw new Error('the browser is not running: call open() inside a test or hook');
      return openPage(browser, source, width);
    },
  };
}

/** An accessibility violation as axe-core reports it, cut to what a failing test should print. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core');

/**
 * Every accessibility violation axe-core finds on the page (injected into the page), whatever its
 * impact, as short records: an empty list means none. axe-core is evaluated through the browser's
 * debugging protocol rather than added as a script tag, which a page's Content-Security-Policy would refuse.
 */
export async function accessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(await readFile(AXE_SOURCE, 'utf8'));
  return page.evaluate(async () => {
    const { axe } = globalThis as unknown as {
      axe: { run: () => Promise<{ violations: Array<Record<string, unknown>> }> };
    };
    const result = await axe.run();
    return result.violations.map((violation) => ({
      id: String(violation.id),
      impact: (violation.impact as string | null) ?? null,
      help: String(violation.help),
      targets: (violation.nodes as Array<{ target: unknown[] }>).map((node) => node.target.join(' ')),
    }));
  });
}

/** The page's serious and critical accessibility violations (see `accessibilityViolations`). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const violations = await accessibilityViolations(page);
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Screenshots for the README live here, made only by the tests (`UPDATE_SCREENSHOTS=1`). */
const DOCS = resolve(import.meta.dirname, '../../docs');

/**
 * With `UPDATE_SCREENSHOTS=1` in the environment, saves the top `height` pixels of the whole page as
 * `docs/<name>.png`; otherwise does nothing. Clipped so the pictures stay small enough to commit.
 *
 *   UPDATE_SCREENSHOTS=1 npx vitest run test/lib/render/html/report-page.browser.test.ts
 */
export async function saveScreenshot(page: Page, name: string, height: number): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS !== '1') return;
  const size = await page.evaluate(() => {
    const root = (globalThis as unknown as PageWindow).document.documentElement;
    return { width: root.clientWidth, height: root.scrollHeight };
  });
  await page.screenshot({
    path: resolve(DOCS, `${name}.png`),
    fullPage: true,
    clip: { x: 0, y: 0, width: size.width, height: Math.min(height, size.height) },
  });
}
