import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountConfig } from '../../../lib/config';
import {
  DeliveryInProgressError,
  deliveryStatus,
  readManifest,
  verifyReportIndexLink,
  verifyReportLink,
} from '../../../lib/delivery';
import { deliveryRecordKey } from '../../../lib/delivery/report-key';
import { SecretError } from '../../../lib/delivery/secrets';
import { InvoicingAuthenticationError, InvoicingServerError } from '../../../lib/invoicing';
import type { StoredEmail } from '../../../lib/local/emulators';
import { deliverReport, type ReportDeliveryResult } from '../../../lib/pipeline';
import { caught } from '../invoicing/support/caught';
import { MONTH_FIGURES } from './support/acme-month';
import {
  accountConfig,
  BUCKET,
  countingFetch,
  NOW,
  type PipelineHarness,
  RECIPIENTS,
  REPORT_API_URL,
  SANDBOX_API_KEY,
  SIGNING_KEY,
  startPipelineHarness,
} from './support/pipeline-harness';

const FILES = [
  'paid-invoices.csv',
  'payments.csv',
  'report.html',
  'report.xlsx',
  'summary.json',
  'unmatched-payments.csv',
];
/** A month's keys: the files in the build's folder, then the delivery record and the manifest. */
const monthKeys = (buildId: string) => [
  ...FILES.map((name) => `reports/acme/2026-10/builds/${buildId}/${name}`),
  'reports/acme/2026-10/delivery.json',
  'reports/acme/2026-10/manifest.json',
];
// NOW + 30 days: 2026-12-01T05:00:00Z.
const LINK_EXPIRES = String(Date.UTC(2026, 11, 1, 5, 0, 0) / 1000);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The distinct report API links of an email's HTML part to a report's files, each taken apart. */
function linksOf(email: StoredEmail) {
  const distinct = new Set(
    reportApiLinks(email).filter((link) => new URL(link).pathname.split('/').length > 3),
  );
  return [...distinct].map((text) => {
    const url = new URL(text);
    const [, , account, period, fileName] = url.pathname.split('/');
    return {
      text,
      account,
      period,
      fileName,
      expires: url.searchParams.get('expires'),
      signature: url.searchParams.get('signature'),
    };
  });
}

/** Every distinct report API link of an email's HTML part. */
function reportApiLinks(email: StoredEmail): string[] {
  const hrefs = (email.body.html ?? '').matchAll(/href="(https:\/\/reports\.example\.com\/[^"]+)"/g);
  return [...new Set([...hrefs].map(([, href]) => href!.replaceAll('&amp;', '&')))];
}

describe('deliverReport', () => {
  let harness: PipelineHarness;
  let acme: AccountConfig;

  beforeAll(async () => {
    harness = await startPipelineHarness();
    acme = accountConfig(harness.sandbox.url);
  });

  afterAll(async () => {
    await harness?.close();
  });

  describe('the first run of a period', () => {
    let result: ReportDeliveryResult;
    let serviceCalls: number;
    let emails: StoredEmail[];

    beforeAll(async () => {
      await harness.clearEmails();
      const counter = countingFetch();
      result = await deliverReport(harness.context({ client: { fetch: counter.fetch } }), acme, {
        period: '2026-10',
      });
      serviceCalls = counter.calls();
      emails = await harness.emails();
    });

    it('reports what it sent, with the figures worked out by hand', () => {
      expect(serviceCalls).toBeGreaterThan(0);
      expect(result).toMatchObject({
        status: 'sent',
        account: 'acme',
        period: '2026-10',
        attachmentsIncluded: true,
        figures: MONTH_FIGURES,
      });
      expect(result.messageId).toEqual(expect.any(String));
    });

    it('sends one email, from the sender to every recipient, the figures in the subject', () => {
      expect(emails).toHaveLength(1);
      const [email] = emails;
      expect(email!.subject).toBe('Acme Corp · October 2026 · 100.51 USD from 3 paid invoices');
      // The emulator keeps the To header as one string.
      expect(email!.destination.to.join(', ')).toBe(RECIPIENTS.join(', '));
      expect(email!.from).toContain('reports@acme.example');
      expect(email!.messageId).toBe(result.status === 'sent' ? result.messageId : undefined);
    });

    it('links the report, the workbook and both CSV files through signed report API links that last 30 days', () => {
      const links = linksOf(emails[0]!);
      expect(links.map((link) => link.fileName).sort()).toEqual([
        'paid-invoices.csv',
        'payments.csv',
        'report.html',
        'report.xlsx',
      ]);
      for (const link of links) {
        expect(link.text.startsWith(`${REPORT_API_URL}/reports/acme/2026-10/`)).toBe(true);
        expect(link.expires).toBe(LINK_EXPIRES);
        const verify = (signingKey: string, now: Date) =>
          verifyReportLink({ generation: 1, ...link, signingKey, now });
        expect(verify(SIGNING_KEY, NOW)).toBe('valid');
        expect(verify(SIGNING_KEY, new Date(Number(LINK_EXPIRES) * 1000))).toBe('expired');
        expect(verify(`${SIGNING_KEY}-another`, NOW)).toBe('invalid');
      }
      const report = links.find((link) => link.fileName === 'report.html')!;
      expect(emails[0]!.body.text).toContain(`Full report: ${report.text}`);
    });

    it("links the account's list of reports through a signed link that lasts as long", () => {
      const index = reportApiLinks(emails[0]!).filter((link) => new URL(link).pathname === '/reports/acme');
      expect(index).toHaveLength(1);
      const url = new URL(index[0]!);
      expect(url.origin).toBe(REPORT_API_URL);
      expect(url.searchParams.get('expires')).toBe(LINK_EXPIRES);
      const verify = (now: Date) =>
        verifyReportIndexLink({
          generation: 1,
          account: 'acme',
          expires: url.searchParams.get('expires'),
          signature: url.searchParams.get('signature'),
          signingKey: SIGNING_KEY,
          now,
        });
      expect(verify(NOW)).toBe('valid');
      expect(verify(new Date(Number(LINK_EXPIRES) * 1000))).toBe('expired');
      expect(emails[0]!.body.text).toContain(`All reports: ${index[0]}`);
    });

    it('attaches the workbook and both CSV files byte for byte as saved in S3', async () => {
      const attachments = emails[0]!.attachments;
      expect(attachments.map((attachment) => attachment.filename).sort()).toEqual([
        'acme-2026-10-paid-invoices.csv',
        'acme-2026-10-payments.csv',
        'acme-2026-10-report.xlsx',
      ]);
      // Named in both bodies as they are attached.
      for (const body of [emails[0]!.body.text, emails[0]!.body.html]) {
        expect(body).toMatch(
          /Attached: acme-2026-10-report\.xlsx \(.+?\), acme-2026-10-paid-invoices\.csv \(.+?\) and acme-2026-10-payments\.csv \(/,
        );
      }
      for (const name of ['paid-invoices.csv', 'payments.csv', 'report.xlsx'] as const) {
        const attached = attachments.find((attachment) => attachment.filename === `acme-2026-10-${name}`)!;
        const saved = await harness.objectBytes(await harness.servedKey('acme', '2026-10', name));
        const bytes = Buffer.from(attached.content, 'base64');
        // A CSV starts with its UTF-8 BOM, the workbook with a zip's signature.
        expect(bytes.subarray(0, name.endsWith('.csv') ? 3 : 2)).toEqual(
          name.endsWith('.csv') ? UTF8_BOM : Buffer.from('PK'),
        );
        expect(bytes.equals(saved!)).toBe(true);
      }
    });

    // The manifest's figures and checksums: publish-report.test.ts and save-report.test.ts.
    it('saves the six files, the manifest and the delivery record', async () => {
      const manifest = await readManifest({
        s3: harness.s3,
        bucket: BUCKET,
        account: 'acme',
        period: '2026-10',
      });
      expect(await harness.objectKeys('acme', '2026-10')).toEqual(monthKeys(manifest!.buildId!));
      const status = await deliveryStatus({
        s3: harness.s3,
        bucket: BUCKET,
        account: 'acme',
        period: '2026-10',
      });
      expect(status).toMatchObject({
        state: 'sent',
        record: { messageId: emails[0]!.messageId, recipients: 2 },
      });
    });

    it('saves a summary that names the source but never the API key', async () => {
      const key = await harness.servedKey('acme', '2026-10', 'summary.json');
      const summary = (await harness.objectBytes(key))!.toString('utf8');
      expect(JSON.parse(summary)).toMatchObject({
        period: { id: '2026-10', month: '2026-10', timezone: 'Europe/Berlin', complete: true },
        source: { apiUrl: harness.sandbox.url },
      });
      expect(summary).not.toContain(SANDBOX_API_KEY);
    });

    it('leaves no local folder behind', async () => {
      expect(await harness.workDirEntries()).toEqual([]);
    });

    it('on a second run answers already-sent without asking the service or sending', async () => {
      const counter = countingFetch();
      const again = await deliverReport(harness.context({ client: { fetch: counter.fetch } }), acme, {
        period: '2026-10',
      });
      expect(again).toEqual({
        status: 'already-sent',
        account: 'acme',
        period: '2026-10',
        messageId: emails[0]!.messageId,
        sentAt: NOW.toISOString(),
      });
      expect(counter.calls()).toBe(0);
      expect(await harness.emails()).toHaveLength(1);
    });

    it('with force rebuilds the report and sends it again', async () => {
      const counter = countingFetch();
      const later = new Date(NOW.getTime() + 3_600_000);
      const forced = await deliverReport(
        harness.context({ client: { fetch: counter.fetch }, now: () => later }),
        acme,
        { period: '2026-10', force: true },
      );
      expect(counter.calls()).toBeGreaterThan(0);
      expect(forced).toMatchObject({ status: 'sent', figures: MONTH_FIGURES });
      const all = await harness.emails();
      expect(all).toHaveLength(2);
      expect(all[1]!.messageId).not.toBe(all[0]!.messageId);
      const status = await deliveryStatus({
        s3: harness.s3,
        bucket: BUCKET,
        account: 'acme',
        period: '2026-10',
      });
      expect(status).toMatchObject({
        state: 'sent',
        record: { messageId: all[1]!.messageId, sentAt: later.toISOString() },
      });
      const manifest = await readManifest({
        s3: harness.s3,
        bucket: BUCKET,
        account: 'acme',
        period: '2026-10',
      });
      expect(manifest?.generatedAt).toBe(later.toISOString());
      expect(await harness.workDirEntries()).toEqual([]);
    });
  });

  describe('a run that cannot finish', () => {
    beforeEach(async () => {
      await harness.clearEmails();
    });

    it('throws InvoicingAuthenticationError when the service refuses the key, and saves and sends nothing', async () => {
      const refused = accountConfig(harness.sandbox.url, 'acme-refused');
      harness.secrets.set('invoice-reports/acme-refused/api-key', 'a-key-the-service-does-not-know');
      const run = deliverReport(harness.context(), refused, { period: '2026-10' });
      const error = await caught(run, 'a-key-the-service-does-not-know');
      expect(error).toBeInstanceOf(InvoicingAuthenticationError);
      expect(await harness.objectKeys('acme-refused', '2026-10')).toEqual([]);
      expect(await harness.emails()).toEqual([]);
      expect(await harness.workDirEntries()).toEqual([]);
    });

    it('throws when the service fails halfway, and saves nothing as complete, sends nothing, keeps no folder', async () => {
      const halfway = accountConfig(harness.sandbox.url, 'acme-halfway');
      harness.secrets.set('invoice-reports/acme-halfway/api-key', SANDBOX_API_KEY);
      let calls = 0;
      // One record a page makes many requests; the sixth fails and is not retried.
      const failingFetch: typeof fetch = (input, init) => {
        calls += 1;
        if (calls === 6) return Promise.resolve(new Response('upstream down', { status: 503 }));
        return fetch(input, init);
      };
      const run = deliverReport(
        harness.context({ client: { fetch: failingFetch, pageSize: 1, maxRetries: 0, concurrency: 1 } }),
        halfway,
        { period: '2026-10' },
      );
      await expect(run).rejects.toBeInstanceOf(InvoicingServerError);
      expect(calls).toBeGreaterThanOrEqual(6);
      expect(await harness.objectKeys('acme-halfway', '2026-10')).toEqual([]);
      expect(await harness.emails()).toEqual([]);
      expect(await harness.workDirEntries()).toEqual([]);
    });

    it('stops before asking the service when the signing key cannot be read', async () => {
      const counter = countingFetch();
      const run = deliverReport(
        harness.context({
          client: { fetch: counter.fetch },
          linkSigningKeySecretName: 'invoice-reports/none',
        }),
        acme,
        { period: '2026-09' },
      );
      await expect(run).rejects.toBeInstanceOf(SecretError);
      expect(counter.calls()).toBe(0);
      expect(await harness.objectKeys('acme', '2026-09')).toEqual([]);
      expect(await harness.emails()).toEqual([]);
    });

    it('leaves a period another run has claimed to that run, without building it', async () => {
      const claimedAt = new Date(NOW.getTime() - 60_000).toISOString();
      await harness.s3.send(
        new PutObjectCommand({
          Bucket: BUCKET,
          Key: deliveryRecordKey('acme', '2026-08'),
          Body: JSON.stringify({ state: 'sending', claimedAt, claimId: 'another-run' }),
          ContentType: 'application/json',
        }),
      );
      const counter = countingFetch();
      const run = deliverReport(harness.context({ client: { fetch: counter.fetch } }), acme, {
        period: '2026-08',
      });
      await expect(run).rejects.toBeInstanceOf(DeliveryInProgressError);
      await expect(run).rejects.toMatchObject({ stale: false, claimedAt });
      expect(counter.calls()).toBe(0);
      expect(await harness.objectKeys('acme', '2026-08')).toEqual(['reports/acme/2026-08/delivery.json']);
      expect(await harness.emails()).toEqual([]);
    });
  });
});
