import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { SESClient } from '@aws-sdk/client-ses';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CorruptObjectError,
  createS3Client,
  createSesClient,
  DeliveryInProgressError,
  DeliveryUnconfirmedError,
  deliverReportEmailOnce,
  EmailSendError,
  InvalidEmailError,
  signReportLink,
} from '../../../lib/delivery';
import type { EmailAttachment } from '../../../lib/delivery/compose-email';
import type { DeliverReportEmailOnceOptions } from '../../../lib/delivery/deliver-once';
import {
  type RunningEmulator,
  readSesStore,
  startS3Emulator,
  startSesEmulator,
} from '../../../lib/local/emulators';
import { clearSesStore } from '../../support/ses-store';
import { BOM, REPORT_FIXTURE, TEST_SIGNING_KEY, writeReportFolder } from './report-fixture';
import { type SesFault, type SesFaultProxy, startSesFaultProxy } from './ses-fault-proxy';

const BUCKET = 'reports-bucket';
const NOW = new Date(Date.UTC(2026, 10, 1, 6, 0, 0));
const MINUTE = 60_000;

describe('deliverReportEmailOnce', () => {
  let workDir: string;
  let folder: string;
  let s3Emulator: RunningEmulator;
  let sesEmulator: RunningEmulator;
  let s3: S3Client;
  let ses: SESClient;
  /** Through a proxy that loses or replaces SES's answers. */
  let faultProxy: SesFaultProxy;
  let sesBehindProxy: SESClient;
  /**
   * The same, timing out after half a second: only for the proxy that never answers, where the timeout
   * is the point. An answer that comes (or a reset) may take longer than that on a busy machine.
   */
  let sesTimingOutBehindProxy: SESClient;
  let renders: { attachmentsIncluded: boolean }[];

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'deliver-once-'));
    s3Emulator = await startS3Emulator({ port: 0, directory: join(workDir, 's3'), buckets: [BUCKET] });
    sesEmulator = await startSesEmulator({ port: 0 });
    s3 = createS3Client({ endpoint: s3Emulator.endpoint });
    ses = createSesClient({ endpoint: sesEmulator.endpoint });
    faultProxy = await startSesFaultProxy(sesEmulator.endpoint);
    sesBehindProxy = createSesClient({ endpoint: faultProxy.endpoint });
    sesTimingOutBehindProxy = createSesClient({ endpoint: faultProxy.endpoint, requestTimeoutMs: 500 });
    folder = await writeReportFolder();
  });

  afterAll(async () => {
    await faultProxy.close();
    await s3Emulator.close();
    await sesEmulator.close();
    await rm(workDir, { recursive: true, force: true });
    await rm(folder, { recursive: true, force: true });
  });

  beforeEach(async () => {
    renders = [];
    faultProxy.fault = 'pass';
    await clearSesStore(sesEmulator.endpoint);
  });

  function csvAttachments(from: string): EmailAttachment[] {
    return [
      {
        filename: 'acme-2026-10-paid-invoices.csv',
        path: join(from, 'paid-invoices.csv'),
        contentType: 'text/csv; charset=utf-8',
      },
      {
        filename: 'acme-2026-10-payments.csv',
        path: join(from, 'payments.csv'),
        contentType: 'text/csv; charset=utf-8',
      },
    ];
  }

  function link(account: string, fileName: 'report.html' | 'paid-invoices.csv' | 'payments.csv'): string {
    return signReportLink({
      generation: 1,
      baseUrl: 'https://reports.example.com',
      account,
      period: '2026-10',
      fileName,
      expiresAt: new Date(NOW.getTime() + 30 * 86_400_000),
      signingKey: TEST_SIGNING_KEY,
    });
  }

  function deliver(account: string, overrides: Partial<DeliverReportEmailOnceOptions> = {}) {
    return deliverReportEmailOnce({
      s3,
      ses,
      bucket: BUCKET,
      account,
      period: '2026-10',
      from: 'Acme Reports <reports@acme.example>',
      to: ['books@acme.example', 'ana@accountants.example'],
      render: (context) => {
        renders.push(context);
        const full = `<a href="${link(account, 'report.html')}">Full report</a>`;
        return context.attachmentsIncluded
          ? {
              subject: 'Acme: October 2026',
              html: `<p>The CSV files are attached.</p><p>${full}</p>`,
              text: 'The CSV files are attached.',
            }
          : {
              subject: 'Acme: October 2026',
              html: `<p>Too large to attach: <a href="${link(account, 'paid-invoices.csv')}">paid invoices</a>, <a href="${link(account, 'payments.csv')}">payments</a>.</p><p>${full}</p>`,
              text: 'Too large to attach; use the links.',
            };
      },
      complete: true,
      attachments: csvAttachments(folder),
      now: () => NOW,
      ...overrides,
    });
  }

  async function deliveryRecord(account: string): Promise<Record<string, unknown> | null> {
    try {
      const answer = await s3.send(
        new GetObjectCommand({ Bucket: BUCKET, Key: `reports/${account}/2026-10/delivery.json` }),
      );
      return JSON.parse(await answer.Body!.transformToString()) as Record<string, unknown>;
    } catch (error) {
      if ((error as Error).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async function putRecord(account: string, record: unknown): Promise<void> {
    await s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: `reports/${account}/2026-10/delivery.json`,
        Body: JSON.stringify(record),
      }),
    );
  }

  it('sends one message whose subject, HTML, text and CSV attachments arrive intact', async () => {
    const result = await deliver('acme');
    expect(result).toEqual({ status: 'sent', messageId: expect.any(String), attachmentsIncluded: true });

    const [stored, ...others] = await readSesStore(sesEmulator.endpoint);
    expect(others).toEqual([]);
    expect(stored?.messageId).toBe((result as { messageId: string }).messageId);
    expect(stored?.subject).toBe('Acme: October 2026');
    expect(stored?.destination.to).toEqual(['books@acme.example, ana@accountants.example']);
    expect(stored?.body.html).toContain('The CSV files are attached.');
    expect(stored?.body.html).toContain(
      'https://reports.example.com/reports/acme/2026-10/report.html?expires=',
    );
    expect(stored?.body.text).toBe('The CSV files are attached.');
    const attachments = stored?.attachments ?? [];
    expect(attachments.map((file) => file.filename)).toEqual([
      'acme-2026-10-paid-invoices.csv',
      'acme-2026-10-payments.csv',
    ]);
    const paid = Buffer.from(attachments[0]?.content ?? '', 'base64');
    const payments = Buffer.from(attachments[1]?.content ?? '', 'base64');
    expect(paid.equals(REPORT_FIXTURE['paid-invoices.csv'])).toBe(true);
    expect(payments.equals(REPORT_FIXTURE['payments.csv'])).toBe(true);
    expect(paid.subarray(0, 3).equals(BOM)).toBe(true);
  });

  it('records the SES message id once SES accepts', async () => {
    const result = await deliver('recorded');
    expect(await deliveryRecord('recorded')).toEqual({
      state: 'sent',
      messageId: (result as { messageId: string }).messageId,
      sentAt: '2026-11-01T06:00:00.000Z',
      recipients: 2,
      attachmentsIncluded: true,
      complete: true,
    });
  });

  it('sends nothing on a second run for the same period', async () => {
    const first = await deliver('twice');
    const second = await deliver('twice');
    expect(second).toEqual({
      status: 'already-sent',
      messageId: (first as { messageId: string }).messageId,
      sentAt: '2026-11-01T06:00:00.000Z',
    });
    expect(await readSesStore(sesEmulator.endpoint)).toHaveLength(1);
  });

  it('sends again when forced, and records the new message', async () => {
    const first = await deliver('forced');
    const second = await deliver('forced', { force: true });
    expect(second.status).toBe('sent');
    const stored = await readSesStore(sesEmulator.endpoint);
    expect(stored).toHaveLength(2);
    const secondId = (second as { messageId: string }).messageId;
    expect(secondId).not.toBe((first as { messageId: string }).messageId);
    expect(stored[1]?.messageId).toBe(secondId);
    expect((await deliveryRecord('forced'))?.messageId).toBe(secondId);
  });

  it("sends no second email when Lambda retries a forced resend whose SES answer was lost, but sends another person's resend", async () => {
    const account = 'forced-retried';
    await deliver(account);
    // An operator's forced resend, invoked asynchronously: SES accepts it and the answer is lost.
    faultProxy.fault = 'reset-after-acceptance';
    const lost = await deliver(account, { ses: sesBehindProxy, force: true, runId: 'request-1' }).catch(
      (caught: unknown) => caught,
    );
    await faultProxy.settled();
    expect(lost).toBeInstanceOf(DeliveryUnconfirmedError);
    expect(await readSesStore(sesEmulator.endpoint)).toHaveLength(2);

    // Lambda retries the same invocation (the same request id) a minute and three minutes later: the
    // claim its first attempt left stands, and nothing more is sent.
    faultProxy.fault = 'pass';
    for (const minutes of [1, 3]) {
      const later = new Date(NOW.getTime() + minutes * MINUTE);
      const retry = await deliver(account, {
        ses: sesBehindProxy,
        force: true,
        runId: 'request-1',
        now: () => later,
      }).catch((caught: unknown) => caught);
      expect(retry).toBeInstanceOf(DeliveryInProgressError);
    }
    expect(await readSesStore(sesEmulator.endpoint)).toHaveLength(2);
    expect(await deliveryRecord(account)).toMatchObject({ state: 'sending', runId: 'request-1' });

    // A person who checked and found it missing resends: a request of its own, which sends.
    const resent = await deliver(account, { force: true, runId: 'request-2' });
    expect(resent.status).toBe('sent');
    expect(await readSesStore(sesEmulator.endpoint)).toHaveLength(3);
    expect(await deliveryRecord(account)).toMatchObject({ state: 'sent', runId: 'request-2' });
  });

  it('sends a forced resend once when its request comes again after it was sent', async () => {
    const account = 'forced-twice';
    await deliver(account);
    const first = await deliver(account, { force: true, runId: 'request-1' });
    // Lambda may hand an asynchronous invocation to the function more than once.
    const again = await deliver(account, { force: true, runId: 'request-1' });
    expect(again).toEqual({
      status: 'already-sent',
      messageId: (first as { messageId: string }).messageId,
      sentAt: NOW.toISOString(),
    });
    expect(await readSesStore(sesEmulator.endpoint)).toHaveLength(2);
  });

  it('leaves out the attachments of a report too large to attach, and links instead', async () => {
    const big = await mkdtemp(join(workDir, 'big-'));
    // About 8.4 MB of CSV: over 9 MiB once in base64, so it cannot be attached.
    const row = Buffer.from('101,10.50,"Coffee, large",padding-padding-padding-padding-padding-padding\r\n');
    await writeFile(join(big, 'paid-invoices.csv'), Buffer.concat([BOM, Buffer.alloc(8 * 1024 * 1024, row)]));
    await writeFile(join(big, 'payments.csv'), REPORT_FIXTURE['payments.csv']);

    const result = await deliver('large', { attachments: csvAttachments(big) });
    expect(result).toEqual({ status: 'sent', messageId: expect.any(String), attachmentsIncluded: false });
    expect(renders).toEqual([{ attachmentsIncluded: false }]);
    const [stored] = await readSesStore(sesEmulator.endpoint);
    expect(stored?.attachments).toEqual([]);
    expect(stored?.body.html).toContain(
      'https://reports.example.com/reports/large/2026-10/paid-invoices.csv?expires=',
    );
    expect(stored?.body.html).toContain(
      'https://reports.example.com/reports/large/2026-10/report.html?expires=',
    );
    expect(stored?.body.text).toBe('Too large to attach; use the links.');
    expect((await deliveryRecord('large'))?.attachmentsIncluded).toBe(false);
  });

  it('falls back to links when the message with attachments is over a given limit', async () => {
    const medium = await mkdtemp(join(workDir, 'medium-'));
    // 14 KB of CSV is 19,164 bytes in base64 lines, 19,238 with payments.csv: under a 19,900-byte limit on
    // its own, over it with the headers and bodies (about 1.4 KB); the message without them is about 1.4 KB.
    await writeFile(join(medium, 'paid-invoices.csv'), Buffer.concat([BOM, Buffer.alloc(14_000, 'a,b\r\n')]));
    await writeFile(join(medium, 'payments.csv'), REPORT_FIXTURE['payments.csv']);
    const result = await deliver('limited', { attachments: csvAttachments(medium), maxMessageBytes: 19_900 });
    expect(result).toEqual({ status: 'sent', messageId: expect.any(String), attachmentsIncluded: false });
    expect(renders).toEqual([{ attachmentsIncluded: true }, { attachmentsIncluded: false }]);
    const [stored] = await readSesStore(sesEmulator.endpoint);
    expect(stored?.attachments).toEqual([]);
  });

  it('releases the claim and marks nothing sent when SES refuses the message, so a retry sends', async () => {
    faultProxy.fault = 'refuse';
    const error = await deliver('rejected', { ses: sesBehindProxy }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EmailSendError);
    expect((error as EmailSendError).code).toBe('MessageRejected');
    expect(await deliveryRecord('rejected')).toBeNull();
    expect(await readSesStore(sesEmulator.endpoint)).toEqual([]);

    // The period is free again: the next run sends.
    faultProxy.fault = 'pass';
    expect((await deliver('rejected', { ses: sesBehindProxy })).status).toBe('sent');
    expect(await readSesStore(sesEmulator.endpoint)).toHaveLength(1);
  });

  it('puts back the earlier record when SES refuses a forced resend', async () => {
    await deliver('refail');
    const before = await deliveryRecord('refail');
    faultProxy.fault = 'refuse';
    await expect(deliver('refail', { ses: sesBehindProxy, force: true })).rejects.toThrow(EmailSendError);
    expect(await deliveryRecord('refail')).toEqual(before);
  });

  it.each<[string, SesFault, string]>([
    ['the connection is reset', 'reset-after-acceptance', 'ECONNRESET'],
    ['the answer times out', 'silent-after-acceptance', 'ETIMEDOUT'],
    ['SES answers 500', 'error-after-acceptance', 'InternalFailure'],
  ])(
    'sends no second email when %s after SES accepted, and a claim left stale fails later runs loudly',
    async (_, fault, code) => {
      const account = `lost-${fault}`;
      const key = `reports/${account}/2026-10/delivery.json`;
      faultProxy.fault = fault;
      const ses = fault === 'silent-after-acceptance' ? sesTimingOutBehindProxy : sesBehindProxy;
      const error = await deliver(account, { ses }).catch((caught: unknown) => caught);
      // The client may stop waiting before the proxy has handed the message on.
      await faultProxy.settled();
      expect(error).toBeInstanceOf(DeliveryUnconfirmedError);
      expect((error as Error).message).toBe(
        `delivery unconfirmed: SES may have accepted the email for ${account} 2026-10 (${code}: its answer was ` +
          `lost or unclear). The claim at ${key} is kept, so no run sends it again without force: check SES's ` +
          'sending statistics and ask the recipients, then mark the period sent or resend it with force ' +
          '(docs/operations.md, "When the delivery alarm fires")',
      );
      // SES did accept it: the emulator holds the one message.
      expect(await readSesStore(sesEmulator.endpoint)).toHaveLength(1);
      expect(await deliveryRecord(account)).toMatchObject({ state: 'sending', claimedAt: NOW.toISOString() });

      // Lambda's retries, a minute and three minutes later: the claim stands, nothing is sent.
      faultProxy.fault = 'pass';
      for (const minutes of [1, 3]) {
        const later = new Date(NOW.getTime() + minutes * MINUTE);
        const retry = await deliver(account, { ses: sesBehindProxy, now: () => later }).catch(
          (caught) => caught,
        );
        expect(retry).toBeInstanceOf(DeliveryInProgressError);
        expect((retry as DeliveryInProgressError).stale).toBe(false);
      }

      // A run after the claim went stale fails with the words the delivery alarm watches for.
      const stale = new Date(NOW.getTime() + 16 * MINUTE);
      const loud = await deliver(account, { ses: sesBehindProxy, now: () => stale }).catch(
        (caught) => caught,
      );
      expect(loud).toBeInstanceOf(DeliveryInProgressError);
      expect((loud as DeliveryInProgressError).stale).toBe(true);
      expect((loud as Error).message).toMatch(/^delivery unconfirmed: the email for lost-/);
      expect(await readSesStore(sesEmulator.endpoint)).toHaveLength(1);
      expect((await deliveryRecord(account))?.state).toBe('sending');
    },
  );

  it('sends nothing while another run holds a fresh claim', async () => {
    await putRecord('busy', {
      state: 'sending',
      claimedAt: '2026-11-01T05:55:00.000Z',
      claimId: 'other-run',
    });
    const error = await deliver('busy').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryInProgressError);
    expect((error as DeliveryInProgressError).stale).toBe(false);
    expect((error as Error).message).toContain('in progress');
    expect(await readSesStore(sesEmulator.endpoint)).toEqual([]);
    expect((await deliveryRecord('busy'))?.claimId).toBe('other-run');
  });

  it('does not take over an old claim silently, and says force resends', async () => {
    await putRecord('stale', {
      state: 'sending',
      claimedAt: '2026-11-01T05:40:00.000Z',
      claimId: 'crashed-run',
    });
    const error = await deliver('stale').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryInProgressError);
    expect((error as DeliveryInProgressError).stale).toBe(true);
    expect((error as Error).message).toContain('may have crashed after SES accepted the message');
    expect((error as Error).message).toContain('force');
    expect(await readSesStore(sesEmulator.endpoint)).toEqual([]);

    expect((await deliver('stale', { force: true })).status).toBe('sent');
    expect((await deliveryRecord('stale'))?.state).toBe('sent');
  });

  it('sends nothing when the delivery record cannot be read, until forced', async () => {
    await s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'reports/garbled/2026-10/delivery.json',
        Body: 'not json',
      }),
    );
    await expect(deliver('garbled')).rejects.toThrow(CorruptObjectError);
    expect(await readSesStore(sesEmulator.endpoint)).toEqual([]);

    expect((await deliver('garbled', { force: true })).status).toBe('sent');
    expect((await deliveryRecord('garbled'))?.state).toBe('sent');
  });

  it('refuses bad recipients before claiming anything', async () => {
    await expect(deliver('norecipient', { to: [] })).rejects.toThrow(InvalidEmailError);
    await expect(deliver('norecipient', { to: ['books at acme'] })).rejects.toThrow(InvalidEmailError);
    expect(await deliveryRecord('norecipient')).toBeNull();
    expect(await readSesStore(sesEmulator.endpoint)).toEqual([]);
  });

  it('fails before claiming when an attachment is missing', async () => {
    const attachments = [{ filename: 'x.csv', path: join(folder, 'missing.csv'), contentType: 'text/csv' }];
    await expect(deliver('nofile', { attachments })).rejects.toThrow(/ENOENT/);
    expect(await deliveryRecord('nofile')).toBeNull();
  });
});
