import type { Context } from 'hono';
import { accepts } from 'hono/accepts';

/**
 * Whether the request prefers an HTML page to JSON: a browser's `Accept` lists `text/html` first, while
 * an API client sends `application/json`, any type or nothing, and gets JSON.
 */
export function wantsHtml(c: Context): boolean {
  return (
    accepts(c, {
      header: 'Accept',
      supports: ['application/json', 'text/html'],
      default: 'application/json',
    }) === 'text/html'
  );
}
