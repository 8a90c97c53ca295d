import type { JSX } from 'hono/jsx/jsx-runtime';

/**
 * An element rendered to a string. Hono's JSX escapes every text and attribute value; the report's
 * components are all synchronous, so the result is never a promise (an async component is a bug).
 */
export function renderToHtml(element: JSX.Element): string {
  const html = element.toString();
  if (typeof html !== 'string') throw new Error('report components must render synchronously');
  return html;
}
