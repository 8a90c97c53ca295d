import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../../lib/delivery';
import {
  BROWSER,
  BUCKET,
  expectError,
  expectNothingSecret,
  indexLink,
  LINK_LIFETIME_DAYS,
  pathOf,
  type ReportApiHarness,
  SANDBOX_NOW,
  startReportApiHarness,
} from './report-api-harness';

const DAY_MS = 86_400_000;

interface IndexAnswer {
  account: string;
  reports: Array<{
    period: string;
    kind: string;
    complete: boolean;
    asOf: string;
    generatedAt: string;
    figures: Record<string, unknown>;
    files: Record<string, string>;
  }>;
  linksExpireAt: string;
}

/** Every `href` and the form's `action` of a page, decoded. */
function addresses(page: string): { hrefs: string[]; action: string | undefined } {
  const decode = (value: string) => value.replaceAll('&amp;', '&');
  return {
    hrefs: [...page.matchAll(/href="([^"]+)"/g)].map((match) => decode(match[1]!)),
    action: page.match(/action="([^"]+)"/)?.[1]?.replaceAll('&amp;', '&'),
  };
}

describe('GET and POST /reports/:account', () => {
  let h: ReportApiHarness;
  /** Expires two days after the sandbox's present. */
  let link: string;
  const linkExpiresAt = new Date(SANDBOX_NOW.getTime() + 2 * DAY_MS);

  beforeAll(async () => {
    h = await startReportApiHarness();
    for (const period of ['2026-Q3', '2026-09', '2026-10', '2026']) {
      expect((await h.get(`/reports/demo/${period}`)).status).toBe(200);
    }
    // A period whose email was claimed but whose report is not saved, and one whose manifest is broken.
    await h.s3.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'reports/demo/2026-08/delivery.json', Body: '{}' }),
    );
    await h.s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'reports/demo/2026-07/manifest.json',
        Body: '{"account":',
      }),
    );
    link = indexLink('demo', linkExpiresAt);
  });

  afterAll(async () => {
    await h.close();
  });

  describe('for a program', () => {
    it("lists the account's complete reports newest first, with their figures and signed links", async () => {
      const response = await h.get('/reports/demo', { headers: { Accept: 'application/json' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const answer = (await response.json()) as IndexAnswer;
      expect(answer.account).toBe('demo');
      // The year 2026 runs to its end, 1 January 2027; October to 1 November; September and the third
      // quarter both end on 1 October, the shorter first. August has no report; July's manifest is broken.
      expect(answer.reports.map(({ period, kind, complete }) => ({ period, kind, complete }))).toEqual([
        { period: '2026', kind: 'year', complete: false },
        { period: '2026-10', kind: 'month', complete: true },
        { period: '2026-09', kind: 'month', complete: true },
        { period: '2026-Q3', kind: 'quarter', complete: true },
      ]);
      const october = answer.reports[1]!;
      const manifest = await readManifest({ s3: h.s3, bucket: BUCKET, account: 'demo', period: '2026-10' });
      expect(october.generatedAt).toBe(manifest!.generatedAt);
      expect(october.asOf).toBe('2026-11-01T00:00:00.000Z');
      expect(october.figures).toEqual(manifest!.figures);
      expect(october.figures).toMatchObject({ paidInvoices: 60, reconciliationOk: true });
      expect(Object.keys(october.files)).toEqual(manifest!.files.map((file) => file.name));
      expect(october.files['payments.csv']).toMatch(
        /^http:\/\/localhost\/reports\/demo\/2026-10\/payments\.csv\?expires=\d+&signature=[0-9a-f]{64}$/,
      );
      // The year so far runs to the moment it was built.
      expect(answer.reports[0]!.asOf).toBe(answer.reports[0]!.generatedAt);
    });

    it("opens each listed file, the workbook too, in the build its period's manifest names", async () => {
      const response = await h.get('/reports/demo', { headers: { Accept: 'application/json' } });
      const october = ((await response.json()) as IndexAnswer).reports.find(
        (report) => report.period === '2026-10',
      )!;
      expect(Object.keys(october.files).sort()).toEqual([
        'paid-invoices.csv',
        'payments.csv',
        'report.html',
        'report.xlsx',
        'summary.json',
        'unmatched-payments.csv',
      ]);
      const manifest = await readManifest({ s3: h.s3, bucket: BUCKET, account: 'demo', period: '2026-10' });
      for (const [name, link] of Object.entries(october.files)) {
        const opened = await h.get(pathOf(link), { token: null });
        expect(opened.status).toBe(302);
        const location = new URL(opened.headers.get('location')!);
        expect(location.pathname).toBe(`/${BUCKET}/reports/demo/2026-10/builds/${manifest!.buildId}/${name}`);
      }
    });

    it('leaves out a report whose manifest cannot be read, and logs it', async () => {
      await h.get('/reports/demo');
      expect(h.logs.filter((line) => line.message === 'report left out of the list').at(-1)).toMatchObject({
        level: 'error',
        attributes: { account: 'demo', period: '2026-07', key: 'reports/demo/2026-07/manifest.json' },
      });
    });

    it('answers JSON to a signed link too, with links that expire with it', async () => {
      const response = await h.get(link, { token: null, headers: { Accept: 'application/json' } });
      const answer = (await response.json()) as IndexAnswer;
      expect(answer.linksExpireAt).toBe(linkExpiresAt.toISOString());
      // The same reports as a token is shown (above), so that the links checked below are there.
      expect(answer.reports.map((report) => report.period)).toEqual([
        '2026',
        '2026-10',
        '2026-09',
        '2026-Q3',
      ]);
      const expires = String(linkExpiresAt.getTime() / 1000);
      for (const report of answer.reports) {
        expect(Object.keys(report.files)).not.toHaveLength(0);
        for (const file of Object.values(report.files)) {
          expect(new URL(file).searchParams.get('expires')).toBe(expires);
        }
      }
    });

    it('lists nothing for an account with no reports', async () => {
      const answer = (await (await h.get('/reports/stale-key')).json()) as IndexAnswer;
      expect(answer.reports).toEqual([]);
    });

    it('gives links that last linkLifetimeDays to a token', async () => {
      const before = h.clock.next.getTime();
      const answer = (await (await h.get('/reports/demo')).json()) as IndexAnswer;
      const expiresAt = Date.parse(answer.linksExpireAt);
      expect(expiresAt).toBeGreaterThanOrEqual(before + LINK_LIFETIME_DAYS * DAY_MS - 1000);
      expect(expiresAt).toBeLessThan(before + LINK_LIFETIME_DAYS * DAY_MS + 60_000);
    });
  });

  describe('for a browser with the emailed link', () => {
    it('answers the page, whose links expire with the link it came from', async () => {
      const response = await h.get(link, { token: null, headers: BROWSER });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      const page = await response.text();
      expect(page).toContain('<title>demo · All reports</title>');
      for (const title of ['2026 so far', 'October 2026', 'September 2026', 'Q3 2026']) {
        expect(page).toContain(`>${title}</a>`);
      }
      const { hrefs, action } = addresses(page);
      const expires = String(linkExpiresAt.getTime() / 1000);
      expect(hrefs.length).toBeGreaterThanOrEqual(4 * 4);
      for (const href of hrefs) expect(new URL(href).searchParams.get('expires')).toBe(expires);
      // The form posts back to the link it came from.
      expect(action).toBe(`http://localhost${link}`);
      expectNothingSecret(page);
    });

    it('offers in its form the recent periods that have no report yet', async () => {
      const page = await (await h.get(link, { token: null, headers: BROWSER })).text();
      const offered = [...page.matchAll(/<option value="([^"]+)"/g)].map((match) => match[1]);
      // 15 November 2026 in UTC: twelve months back from November, four quarters, two years, less
      // those built (October, September, the third quarter and 2026).
      expect(offered).toEqual([
        '2026-11',
        '2026-08',
        '2026-07',
        '2026-06',
        '2026-05',
        '2026-04',
        '2026-03',
        '2026-02',
        '2026-01',
        '2025-12',
        '2026-Q4',
        '2026-Q2',
        '2026-Q1',
        '2025',
      ]);
    });

    it('says a changed link is not valid, on a page with status 403', async () => {
      const tampered = link.replace(
        /signature=([0-9a-f])/,
        (_all, first: string) => `signature=${first === '0' ? '1' : '0'}`,
      );
      expect(tampered).not.toBe(link);
      const response = await h.get(tampered, { token: null, headers: BROWSER });
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      const page = await response.text();
      expect(page).toContain('<h1 class="title">This link is not valid</h1>');
      expect(page).toContain('Error 403 · invalid_signature');
      expectNothingSecret(page, [tampered.split('signature=')[1]!]);
    });

    it('says an expired link has expired and where a fresh one is', async () => {
      const expired = indexLink('demo', new Date(SANDBOX_NOW.getTime() - DAY_MS));
      const response = await h.get(expired, { token: null, headers: BROWSER });
      expect(response.status).toBe(403);
      const page = await response.text();
      expect(page).toContain('<h1 class="title">This link has expired</h1>');
      expect(page).toContain(`Links in report emails work for ${LINK_LIFETIME_DAYS} days`);
      expect(page).toContain('Open the latest report email for a fresh link');
      await expectError(
        await h.get(expired, { token: null, headers: { Accept: 'application/json' } }),
        403,
        'link_expired',
      );
    });

    it("refuses one account's link for another account", async () => {
      const otherLink = indexLink('kiritimati', linkExpiresAt).replace(
        '/reports/kiritimati',
        '/reports/demo',
      );
      await expectError(await h.get(otherLink, { token: null }), 403, 'invalid_signature');
    });

    it('refuses a link signed with another key', async () => {
      const forged = indexLink('demo', linkExpiresAt, 'another-signing-key-0123456789abcdef');
      await expectError(await h.get(forged, { token: null }), 403, 'invalid_signature');
    });
  });

  describe('the form that asks for a period', () => {
    const post = (path: string, body: Record<string, string>, headers: Record<string, string> = BROWSER) =>
      h.app.request(path, { method: 'POST', body: new URLSearchParams(body), headers });

    it('builds a period not built yet and sends the browser back to the list, at its row', async () => {
      h.clock.next = new Date(SANDBOX_NOW.getTime() + 10 * 60_000);
      const requestsBefore = h.serviceRequests.length;
      const response = await post(link, { period: '2026-06' });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`http://localhost${link}#report-2026-06`);
      expect(h.serviceRequests.length).toBeGreaterThan(requestsBefore);
      expect(
        await readManifest({ s3: h.s3, bucket: BUCKET, account: 'demo', period: '2026-06' }),
      ).not.toBeNull();
      // The list now holds June, its row named by the anchor, and June's link opens.
      const page = await (await h.get(link, { token: null, headers: BROWSER })).text();
      const row = /<a class="link" id="report-2026-06" href="([^"]+)">June 2026<\/a>/.exec(page);
      expect(row).not.toBeNull();
      const reportLink = new URL(row![1]!.replaceAll('&amp;', '&'));
      expect(reportLink.pathname).toBe('/reports/demo/2026-06/report.html');
      expect(reportLink.searchParams.get('expires')).toBe(String(linkExpiresAt.getTime() / 1000));
      expect((await h.get(pathOf(reportLink.href), { token: null })).status).toBe(302);
    });

    it('leads to a report already built without building it, however soon after a build', async () => {
      const requestsBefore = h.serviceRequests.length;
      const response = await post(link, { period: '2026-10' });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`http://localhost${link}#report-2026-10`);
      expect(h.serviceRequests.length).toBe(requestsBefore);
    });

    it('refuses a second build within the minute, with a page that leads back to the list', async () => {
      const requestsBefore = h.serviceRequests.length;
      const response = await post(link, { period: '2026-05' });
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      const page = await response.text();
      expect(page).toContain('<h1 class="title">Please wait a moment</h1>');
      expect(page).toContain('Reports of an account are built on request at most once in 60 seconds,');
      expect(addresses(page).hrefs).toEqual([link]);
      expect(h.serviceRequests.length).toBe(requestsBefore);
      expect(await readManifest({ s3: h.s3, bucket: BUCKET, account: 'demo', period: '2026-05' })).toBeNull();
    });

    it('rebuilds an outdated report of a period not ended within the minute all the same', async () => {
      // The year so far was built at the start, more than five minutes ago on the API's clock: refusing
      // its rebuild would leave the list showing figures that stopped then.
      const before = await readManifest({ s3: h.s3, bucket: BUCKET, account: 'demo', period: '2026' });
      expect(h.clock.next.getTime() - Date.parse(before!.generatedAt)).toBeGreaterThan(5 * 60_000);
      const requestsBefore = h.serviceRequests.length;
      const response = await post(link, { period: '2026' });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`http://localhost${link}#report-2026`);
      expect(h.serviceRequests.length).toBeGreaterThan(requestsBefore);
      const after = await readManifest({ s3: h.s3, bucket: BUCKET, account: 'demo', period: '2026' });
      expect(Date.parse(after!.generatedAt)).toBeGreaterThan(Date.parse(before!.generatedAt) + 5 * 60_000);
      expect(after!.buildId).not.toBe(before!.buildId);
      // It used none of the limit: a period not built yet is still refused until the minute is over.
      expect((await post(link, { period: '2026-05' })).status).toBe(429);
    });

    it.each([
      [
        { period: '2026-13' },
        'period must be a month YYYY-MM, a quarter YYYY-Qn or a year YYYY, from the year 2000 to 9999',
      ],
      [{ period: '1999-12' }, 'period 1999-12 is out of range: reports cover the years 2000 to 9999'],
      [{ period: '2027' }, '2027 has not begun yet in UTC: no report for it yet'],
      [{}, 'period must be given'],
    ])('refuses %j with a page that says why', async (body, details) => {
      const response = await post(link, body);
      expect(response.status).toBe(400);
      const page = await response.text();
      expect(page).toContain(`Details: ${details}`);
      expect(page).toContain('Check the period you typed.');
      expect(page).not.toContain('Check the address');
      expect(addresses(page).hrefs).toEqual([link]);
    });

    it('answers a program in JSON', async () => {
      await expectError(await post(link, { period: 'soon' }, {}), 400, 'invalid_request');
    });

    it('needs the signed link or a token', async () => {
      const tampered = link.replace('expires=', 'expires=1');
      await expectError(await post(tampered, { period: '2026-05' }, {}), 403, 'invalid_signature');
      await expectError(await post('/reports/demo', { period: '2026-05' }, {}), 401, 'unauthorized');
    });

    it('answers 400, not a failure of its own, for a form body that cannot be read', async () => {
      const response = await h.app.request(link, {
        method: 'POST',
        body: '--xx\r\nbroken',
        headers: { 'Content-Type': 'multipart/form-data; boundary=xx' },
      });
      await expectError(response, 400, 'invalid_request');
    });

    it('refuses a form of more than a few kilobytes', async () => {
      const response = await post(link, { period: '2026-05', note: 'x'.repeat(10_000) }, {});
      await expectError(response, 413, 'invalid_request');
    });
  });
});

describe('GET /reports/:account once a period reported so far has ended', () => {
  let h: ReportApiHarness;
  // The API's clock on 5 January 2027: the fourth quarter of 2026, reported so far on 15 November, has ended.
  const afterQ4 = new Date('2027-01-05T12:00:00Z');
  const link = () => indexLink('demo', new Date(afterQ4.getTime() + 2 * DAY_MS));
  const offered = (page: string) => [...page.matchAll(/<option value="([^"]+)"/g)].map((match) => match[1]);

  beforeAll(async () => {
    h = await startReportApiHarness();
    expect((await h.get('/reports/demo/2026-Q4')).status).toBe(200);
    h.clock.next = afterQ4;
  });

  afterAll(async () => {
    await h.close();
  });

  it('says so on its row and offers the period again, then lists the whole period once it is built', async () => {
    const before = await (await h.get(link(), { token: null, headers: BROWSER })).text();
    expect(before).toContain('>Q4 2026 so far</a>');
    expect(before.replaceAll(/<[^>]+>/g, '')).toContain(
      'as of 15 Nov 2026, 12:00 (UTC); the quarter has ended since: ask for 2026-Q4 above for all of it',
    );
    expect(offered(before)).toContain('2026-Q4');

    const response = await h.app.request(link(), {
      method: 'POST',
      body: new URLSearchParams({ period: '2026-Q4' }),
      headers: BROWSER,
    });
    expect(response.status).toBe(303);
    const rebuilt = await readManifest({ s3: h.s3, bucket: BUCKET, account: 'demo', period: '2026-Q4' });
    expect(Date.parse(rebuilt!.generatedAt)).toBeGreaterThanOrEqual(afterQ4.getTime());

    const after = await (await h.get(link(), { token: null, headers: BROWSER })).text();
    expect(after).toContain('>Q4 2026</a>');
    expect(after).not.toContain('has ended since');
    expect(offered(after)).not.toContain('2026-Q4');
  });
});
