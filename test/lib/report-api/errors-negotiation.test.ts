import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { wantsHtml } from '../../../lib/report-api/errors';

const app = new Hono().get('/', (c) => c.text(wantsHtml(c) ? 'html' : 'json'));
const answerTo = async (accept?: string) =>
  (await app.request('/', { headers: accept === undefined ? {} : { Accept: accept } })).text();

describe('wantsHtml', () => {
  it.each([
    ['Chromium and Firefox', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'html'],
    ['an image request', 'image/avif,image/webp,*/*;q=0.8', 'json'],
    ['a program asking for JSON', 'application/json', 'json'],
    ['curl', '*/*', 'json'],
    ['a client preferring JSON', 'text/html;q=0.5, application/json', 'json'],
    ['a client preferring HTML', 'application/json;q=0.5, text/html', 'html'],
    ['any text', 'text/*', 'html'],
  ])('answers %s (%s) with %s', async (_client, accept, expected) => {
    expect(await answerTo(accept)).toBe(expected);
  });

  it('answers JSON to a request without Accept', async () => {
    expect(await answerTo()).toBe('json');
  });
});
