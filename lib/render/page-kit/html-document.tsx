import { raw } from 'hono/html';
import type { Child } from 'hono/jsx';
import type { JSX } from 'hono/jsx/jsx-runtime';
import { look } from './looks';

/** An element as a string. Hono's JSX escapes every text and attribute; an async component is a bug. */
export function renderToHtml(element: JSX.Element): string {
  const html = element.toString();
  if (typeof html !== 'string') throw new Error('report components must render synchronously');
  return html;
}

/**
 * A whole self-contained HTML page: the head every page of the product shares (UTF-8, a phone's viewport,
 * light colours only, no script, nothing fetched) and the body's sheet. `css` is a constant of the caller,
 * never built from data, so a CSP hash can allow it; `noindex` is for pages reached by a signed link.
 */
export function renderHtmlDocument(props: {
  title: string;
  css: string;
  noindex?: boolean;
  children?: Child;
}): string {
  const page = (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        {props.noindex ? <meta name="robots" content="noindex" /> : null}
        <title>{props.title}</title>
        <style>{raw(props.css)}</style>
      </head>
      <body {...look('document')}>
        <main {...look('sheet')}>{props.children}</main>
      </body>
    </html>
  );
  return `<!doctype html>\n${renderToHtml(page)}`;
}
