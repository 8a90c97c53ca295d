import { millisecondsInDay } from 'date-fns/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROWSER,
  expectError,
  expectNothingSecret,
  indexLink,
  type ReportApiHarness,
  SANDBOX_NOW,
  startReportApiHarness,
} from './report-api-harness';

const PROGRAM = { Accept: 'application/json' };

/** A request the API refuses: its path, whether it sends the operator token, and what it must answer. */
interface Case {
  path: string;
  token: boolean;
  status: number;
  code: string;
  heading: string;
  /** A header the refusal carries either way. */
  header?: [string, RegExp];
}

describe('refusals for browsers and for programs', () => {
  let h: ReportApiHarness;
  const valid = () => indexLink('demo', new Date(SANDBOX_NOW.getTime() + 2 * millisecondsInDay));

  beforeAll(async () => {
    h = await startReportApiHarness();
  });

  afterAll(async () => {
    await h.close();
  });

  const cases: Array<[string, () => Case]> = [
    [
      'no credential',
      () => ({
        path: '/reports/demo',
        token: false,
        status: 401,
        code: 'unauthorized',
        heading: 'This page needs a link from your email',
        header: ['www-authenticate', /^Bearer realm="invoice-reports"/],
      }),
    ],
    [
      'a changed link',
      () => ({
        path: valid().replace(/signature=([0-9a-f])/, (_all, first: string) =>
          first === '0' ? 'signature=1' : 'signature=0',
        ),
        token: false,
        status: 403,
        code: 'invalid_signature',
        heading: 'This link is not valid',
      }),
    ],
    [
      'an expired link',
      () => ({
        path: indexLink('demo', new Date(SANDBOX_NOW.getTime() - millisecondsInDay)),
        token: false,
        status: 403,
        code: 'link_expired',
        heading: 'This link has expired',
      }),
    ],
    [
      'an unknown account',
      () => ({
        path: '/reports/globex',
        token: true,
        status: 404,
        code: 'unknown_account',
        heading: 'There is no such account',
      }),
    ],
    [
      'an unknown route',
      () => ({ path: '/invoices', token: false, status: 404, code: 'not_found', heading: 'Page not found' }),
    ],
  ];

  it.each(cases)(
    'answers %s with a page for a browser and JSON for a program, with the same status',
    async (_name, make) => {
      const { path, token, status, code, heading, header } = make();
      const auth = token ? {} : { token: null };

      const page = await h.get(path, { ...auth, headers: BROWSER });
      expect(page.status).toBe(status);
      expect(page.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      const html = await page.text();
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).toContain(`<h1 class="title">${heading}</h1>`);
      expect(html).toContain(`Error ${status} · ${code}`);
      expectNothingSecret(html);

      const json = await h.get(path, { ...auth, headers: PROGRAM });
      if (header) {
        expect(page.headers.get(header[0])).toMatch(header[1]);
        expect(json.headers.get(header[0])).toBe(page.headers.get(header[0]));
      }
      await expectError(json, status, code);
    },
  );

  it('answers a second rebuild within the minute with 429 and Retry-After, as a page or JSON', async () => {
    h.clock.next = new Date(SANDBOX_NOW.getTime() + 60 * 60_000);
    expect((await h.get('/reports/demo/2026-10?refresh=true')).status).toBe(200);

    const page = await h.get('/reports/demo/2026-10?refresh=true', { headers: BROWSER });
    expect(page.status).toBe(429);
    expect(page.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    const retryAfter = Number(page.headers.get('retry-after'));
    // The clock moves a second per reading: the second request comes a few seconds after the first.
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const html = await page.text();
    expect(html).toContain('<h1 class="title">Please wait a moment</h1>');
    expect(html).toContain('Error 429 · too_many_rebuilds');

    const json = await h.get('/reports/demo/2026-10?refresh=true', { headers: PROGRAM });
    expect(Number(json.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectError(json, 429, 'too_many_rebuilds');
  });
});
