import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signReportLink } from '../../../lib/delivery';
import { REPORT_FILE_NAMES } from '../../../lib/delivery/report-files';
import {
  BUCKET,
  expectError,
  type ReportApiHarness,
  SANDBOX_NOW,
  SIGNING_KEY,
  startReportApiHarness,
  TOKEN,
} from './report-api-harness';

const BOM = [0xef, 0xbb, 0xbf];
const PAYMENTS_HEADER =
  'payment_id,transaction_at,amount,cryptocurrency,blockchain,hash,wallet_id,wallet_name,wallet_address,matched,invoice_id,invoice_uid,project_id,invoice_status,invoice_amount_usd';

describe('GET /reports/:account/:period/:file', () => {
  let h: ReportApiHarness;
  /** The signed links the report route gave for demo 2026-10, by file name. */
  let links: Record<string, string>;

  beforeAll(async () => {
    h = await startReportApiHarness();
    const answer = (await (await h.get('/reports/demo/2026-10')).json()) as { files: Record<string, string> };
    links = answer.files;
  });

  afterAll(async () => {
    await h.close();
  });

  /** The path and query of a link, for `app.request`. */
  function pathOf(link: string): string {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  }

  it('redirects a signed link to a presigned S3 URL that serves the CSV with its BOM', async () => {
    const response = await h.get(pathOf(links['payments.csv']!), { token: null });
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const location = new URL(response.headers.get('location')!);
    const key = await h.servedKey('demo', '2026-10', 'payments.csv');
    expect(key).toMatch(/^reports\/demo\/2026-10\/builds\/\d{8}T\d{9}Z-[0-9a-f]{12}\/payments\.csv$/);
    expect(location.pathname).toBe(`/invoice-reports-test/${key}`);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    const file = await fetch(location);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual(BOM);
    expect(bytes.subarray(3).toString('utf8').split('\r\n')[0]).toBe(PAYMENTS_HEADER);
    expect(bytes.equals(await h.objectBytes(key))).toBe(true);
  });

  it('redirects a request with the bearer token', async () => {
    const response = await h.get('/reports/demo/2026-10/report.html');
    expect(response.status).toBe(302);
    const file = await fetch(response.headers.get('location')!);
    expect(file.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const saved = await h.objectBytes(await h.servedKey('demo', '2026-10', 'report.html'));
    expect(Buffer.from(await file.arrayBuffer()).equals(saved)).toBe(true);
  });

  it("has S3 serve the file with no-store, so that no browser or proxy keeps the merchant's figures", async () => {
    // Without it S3 sends Last-Modified and no Cache-Control: a cache may keep the file by heuristic.
    for (const name of ['report.html', 'payments.csv'] as const) {
      const response = await h.get(pathOf(links[name]!), { token: null });
      const file = await fetch(response.headers.get('location')!);
      expect({ name, status: file.status, cacheControl: file.headers.get('cache-control') }).toEqual({
        name,
        status: 200,
        cacheControl: 'no-store',
      });
      await file.arrayBuffer();
    }
  });

  it('judges a request with a link by the link alone, whatever token it also sends', async () => {
    const tampered = links['summary.json']!.replace(/signature=[0-9a-f]{64}/, `signature=${'0'.repeat(64)}`);
    await expectError(await h.get(pathOf(tampered)), 403, 'invalid_signature');
  });

  describe('a link changed in any part', () => {
    const cases: [string, (link: string) => string][] = [
      ['the account', (link) => link.replace('/reports/demo/', '/reports/globex/')],
      ['the period', (link) => link.replace('/2026-10/', '/2026-09/')],
      ['the period, to a quarter', (link) => link.replace('/2026-10/', '/2026-Q4/')],
      ['the file', (link) => link.replace('/payments.csv?', '/paid-invoices.csv?')],
      [
        'expires',
        (link) => link.replace(/expires=(\d+)/, (_match, value: string) => `expires=${Number(value) + 1}`),
      ],
      [
        'the signature',
        (link) =>
          link.replace(
            /signature=([0-9a-f]{63})([0-9a-f])/,
            (_m, head: string, last: string) => `signature=${head}${last === '0' ? '1' : '0'}`,
          ),
      ],
      ['the signature left out', (link) => link.replace(/&signature=[0-9a-f]{64}/, '')],
      ['expires left out', (link) => link.replace(/expires=\d+&/, '')],
      [
        'an upper-case signature',
        (link) =>
          link.replace(/signature=([0-9a-f]{64})/, (_m, hex: string) => `signature=${hex.toUpperCase()}`),
      ],
    ];
    it.each(cases)('is refused when %s changes', async (_part, change) => {
      const original = links['payments.csv']!;
      const changed = change(original);
      expect(changed).not.toBe(original);
      const signature = new URL(original).searchParams.get('signature')!;
      const message = await expectError(
        await h.get(pathOf(changed), { token: null }),
        403,
        'invalid_signature',
        [signature],
      );
      expect(message).toBe('this link is not valid: its signature does not match');
    });
  });

  it('refuses an expired link with 403 and says so', async () => {
    const expired = signReportLink({
      generation: 1,
      baseUrl: 'http://localhost',
      account: 'demo',
      period: '2026-10',
      fileName: 'payments.csv',
      expiresAt: new Date(SANDBOX_NOW.getTime() - 1000),
      signingKey: SIGNING_KEY,
    });
    const message = await expectError(await h.get(pathOf(expired), { token: null }), 403, 'link_expired');
    expect(message).toMatch(/^this link has expired/);
  });

  it('refuses a link signed with another key', async () => {
    const forged = signReportLink({
      generation: 1,
      baseUrl: 'http://localhost',
      account: 'demo',
      period: '2026-10',
      fileName: 'payments.csv',
      expiresAt: new Date(SANDBOX_NOW.getTime() + 86_400_000),
      signingKey: 'another-signing-key-0123456789abcdef',
    });
    await expectError(await h.get(pathOf(forged), { token: null }), 403, 'invalid_signature');
  });

  it('answers 401 with a Bearer challenge to a request without credentials', async () => {
    const response = await h.get('/reports/demo/2026-10/payments.csv', { token: null });
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="invoice-reports"');
    const message = await expectError(response, 401, 'unauthorized');
    expect(message).toBe('send a report API token as "Authorization: Bearer <token>", or open a signed link');
  });

  it('answers 401 to a wrong token', async () => {
    const response = await h.get('/reports/demo/2026-10/payments.csv', { token: `${TOKEN}x` });
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer realm="invoice-reports", error="invalid_token"',
    );
    await expectError(response, 401, 'unauthorized', [`${TOKEN}x`]);
  });

  it('answers 400 to an unknown file name', async () => {
    const message = await expectError(
      await h.get('/reports/demo/2026-10/manifest.json'),
      400,
      'invalid_request',
    );
    expect(message).toBe(
      'file must be one of report.html, report.xlsx, paid-invoices.csv, payments.csv, unmatched-payments.csv, summary.json',
    );
  });

  it('answers 400 to a month that has not begun', async () => {
    await expectError(await h.get('/reports/demo/2026-12/payments.csv'), 400, 'invalid_request');
  });

  it('reads "not begun" in the account’s time zone', async () => {
    // 30 November 12:00 UTC is already 1 December 02:00 on Kiritimati (UTC+14).
    h.clock.next = new Date('2026-11-30T12:00:00Z');
    try {
      await expectError(await h.get('/reports/demo/2026-12/payments.csv'), 400, 'invalid_request');
      await expectError(await h.get('/reports/kiritimati/2026-12/payments.csv'), 404, 'report_not_found');
    } finally {
      h.clock.next = SANDBOX_NOW;
    }
  });

  it('answers 404 for an unknown account', async () => {
    await expectError(await h.get('/reports/globex/2026-10/payments.csv'), 404, 'unknown_account');
  });

  it('answers 404, without building, for a month with no complete report', async () => {
    const requestsBefore = h.serviceRequests.length;
    const message = await expectError(
      await h.get('/reports/demo/2026-08/payments.csv'),
      404,
      'report_not_found',
    );
    expect(message).toBe(
      'there is no complete report for demo 2026-08 yet; GET /reports/demo/2026-08 builds it',
    );
    expect(h.serviceRequests.length).toBe(requestsBefore);
  });
  describe('through a rebuild of the period', () => {
    /** The keys under the period's build folders. */
    async function buildKeys(): Promise<string[]> {
      const listing = await h.s3.send(
        new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'reports/demo/2026-10/builds/' }),
      );
      return (listing.Contents ?? []).map((object) => object.Key!).sort();
    }

    /** Each file of the link set, opened: where it redirects and the bytes found there. */
    async function openEach(): Promise<{ fileName: string; key: string; bytes: Buffer }[]> {
      const opened = [];
      for (const fileName of REPORT_FILE_NAMES) {
        const response = await h.get(pathOf(links[fileName]!), { token: null });
        expect(response.status).toBe(302);
        const location = new URL(response.headers.get('location')!);
        const file = await fetch(location);
        expect(file.status).toBe(200);
        const key = location.pathname.replace('/invoice-reports-test/', '');
        opened.push({ fileName, key, bytes: Buffer.from(await file.arrayBuffer()) });
      }
      return opened;
    }

    it('keeps sending links to the previous report, file for file, when a rebuild fails halfway', async () => {
      const before = await openEach();
      const keysBefore = await buildKeys();
      // The rebuild's upload of payments.csv fails, after the other files have gone up.
      h.s3.middlewareStack.add(
        (next, context) => async (args) => {
          const { Key } = args.input as { Key?: string };
          if (context.commandName === 'PutObjectCommand' && Key?.endsWith('/payments.csv')) {
            throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
          }
          return next(args);
        },
        { step: 'initialize', name: 'failPaymentsUpload' },
      );
      try {
        await expectError(await h.get('/reports/demo/2026-10?refresh=true'), 500, 'internal_error');
      } finally {
        h.s3.middlewareStack.remove('failPaymentsUpload');
      }
      expect(await openEach()).toEqual(before);
      expect(await buildKeys()).toEqual(keysBefore);
    });

    it('sends a link made before a rebuild to the rebuilt report, and keeps the replaced files for a while', async () => {
      const before = await openEach();
      // A minute on: the rebuild that failed above used the account's rebuild of its minute.
      h.clock.next = new Date(h.clock.next.getTime() + 60_000);
      expect((await h.get('/reports/demo/2026-10?refresh=true')).status).toBe(200);
      const after = await openEach();
      for (const [index, opened] of after.entries()) {
        expect(opened.key).toBe(await h.servedKey('demo', '2026-10', opened.fileName as 'report.html'));
        expect(opened.key).not.toBe(before[index]!.key);
      }
      // A download URL presigned for the replaced build a moment ago still finds its file.
      for (const { key, bytes } of before) expect((await h.objectBytes(key)).equals(bytes)).toBe(true);
    });
  });
});
