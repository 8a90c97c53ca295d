import { raw } from 'hono/html';
import type { Child } from 'hono/jsx';
import { look } from './looks';
import { renderToHtml } from './render';

interface HtmlDocumentProps {
  /** The window's title. */
  title: string;
  /** The page's one style sheet: a constant of the calling module, never built from data, so a CSP hash can allow it. */
  css: string;
  /** Asks search engines not to index the page (pages reached by a signed link). */
  noindex?: boolean;
  /** What the page's sheet holds. */
  children?: Child;
}

/**
 * A whole self-contained HTML page as text: the head every page of the product shares (UTF-8, a phone's
 * viewport, light colours only, its style sheet inline; no script, nothing fetched), and the body's sheet.
 * Every value is escaped by hono/jsx.
 */
export function renderHtmlDocument({ title, css, noindex = false, children }: HtmlDocumentProps): string {
  const page = (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        {noindex ? <meta name="robots" content="noindex" /> : null}
        <title>{title}</title>
        <style>{raw(css)}</style>
      </head>
      <body {...look('page', 'document')}>
        <main {...look('page', 'sheet')}>{children}</main>
      </body>
    </html>
  );
  return `<!doctype html>\n${renderToHtml(page)}`;
}
