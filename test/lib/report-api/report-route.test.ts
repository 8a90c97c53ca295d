import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest, verifyReportLink } from '../../../lib/delivery';
import { REPORT_FILE_NAMES } from '../../../lib/delivery/report-files';
import { InMemorySecretSource } from '../../../lib/delivery/secrets';
import { createReportApi } from '../../../lib/report-api';
import {
  BUCKET,
  expectError,
  LINK_LIFETIME_DAYS,
  type ReportApiHarness,
  SANDBOX_API_KEY,
  SANDBOX_NOW,
  SIGNING_KEY,
  SIGNING_KEY_SECRET,
  startReportApiHarness,
  TOKEN,
  WRONG_API_KEY,
} from './report-api-harness';

interface ReportAnswer {
  account: string;
  period: string;
  month?: string;
  complete: boolean;
  asOf: string;
  generatedAt: string;
  summary: {
    period: { kind: string; id: string; month?: string; timezone: string; start: string; end: string };
    invoices: Record<string, unknown> & { total: number; paid: number; byStatus: Record<string, number> };
    payments: Record<string, unknown>;
    reconciliation: { ok: boolean; checks: unknown[] };
    generatedAt: string;
    source: { apiUrl: string };
  };
  files: Record<string, string>;
  linksExpireAt: string;
}

describe('GET /reports/:account/:period', () => {
  let h: ReportApiHarness;

  beforeAll(async () => {
    h = await startReportApiHarness();
  });

  afterAll(async () => {
    await h.close();
  });

  function builtLogs(period: string) {
    return h.logs.filter((line) => line.message === 'report built' && line.attributes.period === period);
  }

  it('builds a missing report and answers with its summary and a signed link per file', async () => {
    const response = await h.get('/reports/demo/2026-10');
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');

    const answer = JSON.parse(text) as ReportAnswer;
    expect(answer.account).toBe('demo');
    expect(answer).toMatchObject({
      period: '2026-10',
      month: '2026-10',
      complete: true,
      asOf: '2026-11-01T00:00:00.000Z',
    });
    // October 2026 in UTC, as summary.json states its period.
    expect(answer.summary.period).toEqual({
      kind: 'month',
      id: '2026-10',
      month: '2026-10',
      timezone: 'UTC',
      start: '2026-10-01T00:00:00.000Z',
      end: '2026-11-01T00:00:00.000Z',
      complete: true,
      asOf: '2026-11-01T00:00:00.000Z',
    });
    // The sandbox makes 60 paid invoices a full month, and 10 % (6) in the other statuses.
    expect(answer.summary.invoices.paid).toBe(60);
    expect(answer.summary.invoices.total).toBe(66);
    expect(Object.keys(answer.summary.invoices.byStatus).sort()).toEqual([
      'canceled',
      'expired',
      'paid',
      'unpaid',
    ]);
    for (const member of ['paidTotalUSD', 'commissionTotalUSD', 'byProject', 'byCurrency', 'byDay']) {
      expect(answer.summary.invoices).toHaveProperty(member);
    }
    for (const member of ['total', 'unmatched', 'byCryptocurrency']) {
      expect(answer.summary.payments).toHaveProperty(member);
    }
    expect(answer.summary.reconciliation.ok).toBe(true);
    expect(answer.summary.source).toEqual({ apiUrl: h.sandbox.url });
    // The clock's first reading was the month check; the build read it afterwards, and saving the
    // manifest (whose time the answer gives) later still.
    expect(Date.parse(answer.summary.generatedAt)).toBeGreaterThan(SANDBOX_NOW.getTime());
    expect(Date.parse(answer.generatedAt)).toBeGreaterThanOrEqual(Date.parse(answer.summary.generatedAt));
    const manifest = await readManifest({ s3: h.s3, bucket: BUCKET, account: 'demo', period: '2026-10' });
    expect(answer.generatedAt).toBe(manifest?.generatedAt);

    // The summary is summary.json's text, spliced in unchanged.
    const saved = (await h.objectBytes(await h.servedKey('demo', '2026-10', 'summary.json'))).toString(
      'utf8',
    );
    expect(text).toContain(saved.trim());

    expect(Object.keys(answer.files)).toEqual([...REPORT_FILE_NAMES]);
    const linksExpireAt = Date.parse(answer.linksExpireAt);
    // 30 days after the clock reading that signed them (a few seconds after SANDBOX_NOW).
    expect(linksExpireAt - SANDBOX_NOW.getTime()).toBeGreaterThanOrEqual(LINK_LIFETIME_DAYS * 86_400_000);
    expect(linksExpireAt - SANDBOX_NOW.getTime()).toBeLessThan(LINK_LIFETIME_DAYS * 86_400_000 + 60_000);
    for (const fileName of REPORT_FILE_NAMES) {
      const link = new URL(answer.files[fileName]!);
      // No publicUrl: links use the origin of the request (app.request's is http://localhost).
      expect(link.origin).toBe('http://localhost');
      expect(link.pathname).toBe(`/reports/demo/2026-10/${fileName}`);
      expect(link.searchParams.get('expires')).toBe(String(linksExpireAt / 1000));
      const verdict = verifyReportLink({
        generation: 1,
        account: 'demo',
        period: '2026-10',
        fileName,
        expires: link.searchParams.get('expires'),
        signature: link.searchParams.get('signature'),
        signingKey: SIGNING_KEY,
        now: SANDBOX_NOW,
      });
      expect(verdict).toBe('valid');
    }
    expect(builtLogs('2026-10')).toHaveLength(1);
  });

  it('answers a second time from S3 without asking the service', async () => {
    const first = (await (await h.get('/reports/demo/2026-10')).json()) as ReportAnswer;
    const requestsBefore = h.serviceRequests.length;
    const second = await h.get('/reports/demo/2026-10');
    expect(second.status).toBe(200);
    const answer = (await second.json()) as ReportAnswer;
    expect(h.serviceRequests.length).toBe(requestsBefore);
    expect(answer.generatedAt).toBe(first.generatedAt);
    expect(answer.summary).toEqual(first.summary);
    expect(builtLogs('2026-10')).toHaveLength(1);
  });

  it('rebuilds from the service with refresh=true', async () => {
    const before = (await (await h.get('/reports/demo/2026-10')).json()) as ReportAnswer;
    const requestsBefore = h.serviceRequests.length;
    const response = await h.get('/reports/demo/2026-10?refresh=true');
    expect(response.status).toBe(200);
    const answer = (await response.json()) as ReportAnswer;
    expect(h.serviceRequests.length).toBeGreaterThan(requestsBefore);
    expect(h.serviceRequests.slice(requestsBefore)).toContain('/statistics/invoices');
    expect(Date.parse(answer.generatedAt)).toBeGreaterThan(Date.parse(before.generatedAt));
    const manifest = await readManifest({ s3: h.s3, bucket: BUCKET, account: 'demo', period: '2026-10' });
    expect(manifest?.generatedAt).toBe(answer.generatedAt);
    expect(builtLogs('2026-10')).toHaveLength(2);
  });

  it('treats refresh=false like no refresh at all', async () => {
    const requestsBefore = h.serviceRequests.length;
    const response = await h.get('/reports/demo/2026-10?refresh=false');
    expect(response.status).toBe(200);
    expect(h.serviceRequests.length).toBe(requestsBefore);
  });

  it('builds once for concurrent requests of the same period', async () => {
    // A minute after the refresh above, so that this one is within the rebuild limit.
    h.clock.next = new Date(h.clock.next.getTime() + 60_000);
    const responses = await Promise.all([
      h.get('/reports/demo/2026-07'),
      h.get('/reports/demo/2026-07'),
      h.get('/reports/demo/2026-07?refresh=true'),
    ]);
    const answers = await Promise.all(
      responses.map(async (response) => {
        expect(response.status).toBe(200);
        return (await response.json()) as ReportAnswer;
      }),
    );
    expect(new Set(answers.map((answer) => answer.generatedAt)).size).toBe(1);
    expect(builtLogs('2026-07')).toHaveLength(1);
  });

  it('uses the configured public URL for links', async () => {
    const app = createReportApi({ ...h.options, publicUrl: 'https://reports.example.com/' });
    const response = await app.request('/reports/demo/2026-10', {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    const answer = (await response.json()) as ReportAnswer;
    expect(answer.files['report.html']).toMatch(
      /^https:\/\/reports\.example\.com\/reports\/demo\/2026-10\/report\.html\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
  });

  it('refuses a month that has not begun in the account’s time zone', async () => {
    const message = await expectError(await h.get('/reports/demo/2026-12'), 400, 'invalid_request');
    expect(message).toBe('2026-12 has not begun yet in UTC: no report for it yet');
  });

  it('refuses a quarter or a year that has not begun, and answers the current ones so far', async () => {
    expect(await expectError(await h.get('/reports/demo/2027-Q1'), 400, 'invalid_request')).toBe(
      '2027-Q1 has not begun yet in UTC: no report for it yet',
    );
    expect(await expectError(await h.get('/reports/demo/2027'), 400, 'invalid_request')).toBe(
      '2027 has not begun yet in UTC: no report for it yet',
    );
    const quarter = (await (await h.get('/reports/demo/2026-Q4')).json()) as ReportAnswer;
    expect(quarter).toMatchObject({ period: '2026-Q4', complete: false });
    expect(quarter.month).toBeUndefined();
    expect(Date.parse(quarter.asOf)).toBeGreaterThan(SANDBOX_NOW.getTime());
    expect(quarter.summary.period).toMatchObject({ kind: 'quarter', id: '2026-Q4', asOf: quarter.asOf });
  });

  const PERIOD_RULE =
    'period must be a month YYYY-MM, a quarter YYYY-Qn or a year YYYY, from the year 2000 to 9999';

  it.each([
    ['/reports/demo/2026-13', PERIOD_RULE],
    ['/reports/demo/2026-1', PERIOD_RULE],
    ['/reports/demo/october', PERIOD_RULE],
    ['/reports/demo/2026-Q5', PERIOD_RULE],
    ['/reports/demo/2026-q3', PERIOD_RULE],
    ['/reports/demo/0099-12', 'period 0099-12 is out of range: reports cover the years 2000 to 9999'],
    ['/reports/demo/0100-01', 'period 0100-01 is out of range: reports cover the years 2000 to 9999'],
    ['/reports/demo/0000-01', 'period 0000-01 is out of range: reports cover the years 2000 to 9999'],
    ['/reports/demo/0001-01', 'period 0001-01 is out of range: reports cover the years 2000 to 9999'],
    ['/reports/demo/1999', 'period 1999 is out of range: reports cover the years 2000 to 9999'],
    [
      '/reports/demo/0001-01/report.html',
      'period 0001-01 is out of range: reports cover the years 2000 to 9999',
    ],
    ['/reports/Demo/2026-10', 'account must be an account name: lower-case letters, digits and hyphens'],
    ['/reports/de_mo/2026-10', 'account must be an account name: lower-case letters, digits and hyphens'],
    ['/reports/demo/2026-10?refresh=yes', 'refresh must be true or false'],
  ])('answers 400 to %s', async (path, expected) => {
    const requestsBefore = h.serviceRequests.length;
    const message = await expectError(await h.get(path), 400, 'invalid_request');
    expect(message).toBe(expected);
    expect(h.serviceRequests.length).toBe(requestsBefore);
  });

  it('answers 404 for an unknown account', async () => {
    const message = await expectError(await h.get('/reports/globex/2026-10'), 404, 'unknown_account');
    expect(message).toBe('there is no such account, or this token may not read it');
  });

  it('answers 502 when the service refuses the account’s API key, and saves nothing', async () => {
    const message = await expectError(
      await h.get('/reports/stale-key/2026-10'),
      502,
      'invoicing_authentication_failed',
    );
    expect(message).toBe("the invoicing service refused the account's API key (HTTP 401)");
    expect(
      await readManifest({ s3: h.s3, bucket: BUCKET, account: 'stale-key', period: '2026-10' }),
    ).toBeNull();
  });

  it('answers 502 when the service cannot be reached', async () => {
    const message = await expectError(await h.get('/reports/offline/2026-10'), 502, 'invoicing_failed');
    expect(message).toMatch(/^the invoicing service could not be reached on \/[a-z/]+$/);
    expect(message).not.toContain('127.0.0.1');
  });

  it('logs a failure of the service as structured data without any secret', async () => {
    const from = h.logs.length;
    await h.get('/reports/stale-key/2026-10');
    await h.get('/reports/offline/2026-10');
    const logs = h.logs.slice(from);
    expect(
      logs.map(({ level, attributes: { status, code, path, method } }) => ({
        level,
        status,
        code,
        path,
        method,
      })),
    ).toEqual([
      {
        level: 'error',
        status: 502,
        code: 'invoicing_authentication_failed',
        path: '/reports/stale-key/2026-10',
        method: 'GET',
      },
      {
        level: 'error',
        status: 502,
        code: 'invoicing_failed',
        path: '/reports/offline/2026-10',
        method: 'GET',
      },
    ]);
    expect(logs[0]!.attributes.error).toMatchObject({ name: 'InvoicingAuthenticationError' });
    expect(logs[1]!.attributes.error).toMatchObject({ name: 'InvoicingNetworkError' });
    const serialised = JSON.stringify(logs);
    for (const secret of [TOKEN, SIGNING_KEY, SANDBOX_API_KEY, WRONG_API_KEY])
      expect(serialised).not.toContain(secret);
  });

  it('answers 500 with a general message when a secret cannot be read', async () => {
    const withoutSigningKey = new InMemorySecretSource({ 'invoice-reports/report-api-token': TOKEN });
    const app = createReportApi({
      ...h.options,
      publish: { ...h.options.publish, secrets: withoutSigningKey },
    });
    const response = await app.request('/reports/demo/2026-10', {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    const message = await expectError(response, 500, 'configuration_error');
    expect(message).toBe(
      'the report API is not configured correctly; its operator will find the details in its log',
    );
    expect(message).not.toContain(SIGNING_KEY_SECRET);
    const logged = h.logs.at(-1)!;
    expect(logged.level).toBe('error');
    expect(logged.attributes.error).toMatchObject({ name: 'SecretError' });
    expect(JSON.stringify(logged.attributes.error)).toContain(SIGNING_KEY_SECRET);
  });

  it('answers 500 "internal error" when the stored summary is not JSON', async () => {
    await h.get('/reports/demo/2026-09');
    const key = await h.servedKey('demo', '2026-09', 'summary.json');
    await h.s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: '{"period": ' }));
    const message = await expectError(await h.get('/reports/demo/2026-09'), 500, 'internal_error');
    expect(message).toBe('internal error');
  });
});
