import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alreadySentUnlessForced,
  CorruptObjectError,
  createS3Client,
  DeliveryInProgressError,
  deliveryStatus,
  InvalidReportKeyError,
} from '../../../lib/delivery';
import type { DeliveryStatus } from '../../../lib/delivery/deliver-once';
import { type RunningEmulator, startS3Emulator } from '../../../lib/local/emulators';
import { etagOf } from './conditional-bucket';

const WHOLE = { account: 'acme', period: '2026-10', complete: true };
const SO_FAR = { ...WHOLE, complete: false };

const BUCKET = 'status-bucket';
const NOW = new Date(Date.UTC(2026, 10, 1, 6, 0, 0));

const SENT_RECORD = {
  state: 'sent',
  messageId: '0100019a-sent-message',
  sentAt: '2026-11-01T05:00:00.000Z',
  recipients: 2,
  attachmentsIncluded: true,
} as const;

describe('deliveryStatus', () => {
  let workDir: string;
  let emulator: RunningEmulator;
  let s3: S3Client;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'delivery-status-'));
    emulator = await startS3Emulator({ port: 0, directory: join(workDir, 's3'), buckets: [BUCKET] });
    s3 = createS3Client({ endpoint: emulator.endpoint });
  });

  afterAll(async () => {
    s3.destroy();
    await emulator.close();
    await rm(workDir, { recursive: true, force: true });
  });

  async function putRecordText(account: string, body: string): Promise<void> {
    await s3.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: `reports/${account}/2026-10/delivery.json`, Body: body }),
    );
  }

  function claimMadeAt(claimedAt: string) {
    return JSON.stringify({ state: 'sending', claimedAt, claimId: 'run-1' });
  }

  function statusOf(account: string) {
    return deliveryStatus({ s3, bucket: BUCKET, account, period: '2026-10', now: NOW });
  }

  it('calls a period with no record unsent', async () => {
    expect(await statusOf('fresh')).toEqual({ state: 'none' });
  });

  it('gives the message id and time of a period that was sent, and the ETag of its record', async () => {
    const text = JSON.stringify(SENT_RECORD);
    await putRecordText('done', text);
    expect(await statusOf('done')).toEqual({ state: 'sent', record: SENT_RECORD, etag: etagOf(text) });
  });

  it('calls a claim made 14 minutes ago in progress, not stale', async () => {
    const claimedAt = '2026-11-01T05:46:00.000Z';
    await putRecordText('busy', claimMadeAt(claimedAt));
    expect(await statusOf('busy')).toEqual({
      state: 'sending',
      record: { state: 'sending', claimedAt, claimId: 'run-1' },
      stale: false,
      etag: etagOf(claimMadeAt(claimedAt)),
    });
  });

  it('calls a claim exactly 15 minutes old not yet stale, and one a millisecond older stale', async () => {
    await putRecordText('edge', claimMadeAt('2026-11-01T05:45:00.000Z'));
    expect(await statusOf('edge')).toMatchObject({ state: 'sending', stale: false });
    await putRecordText('edge', claimMadeAt('2026-11-01T05:44:59.999Z'));
    expect(await statusOf('edge')).toMatchObject({ state: 'sending', stale: true });
  });

  it.each([
    ['text that is not JSON', '{"state":"se', 'not JSON'],
    ['JSON of another shape', '{"state":"delivered"}', 'state'],
    [
      'a sent record without its message id',
      '{"state":"sent","sentAt":"2026-11-01T05:00:00.000Z"}',
      'messageId',
    ],
  ])('calls a record of %s unreadable and says what is wrong', async (_, body, detail) => {
    await putRecordText('garbled', body);
    const status = await statusOf('garbled');
    expect(status.state).toBe('unreadable');
    const { error, etag } = status as Extract<DeliveryStatus, { state: 'unreadable' }>;
    expect(etag).toBe(etagOf(body));
    expect(error).toBeInstanceOf(CorruptObjectError);
    expect(error.key).toBe('reports/garbled/2026-10/delivery.json');
    expect(error.message).toContain(detail);
  });

  it('refuses an account that would not make a safe key, before reading anything', async () => {
    await expect(
      deliveryStatus({ s3, bucket: BUCKET, account: '../acme', period: '2026-10' }),
    ).rejects.toBeInstanceOf(InvalidReportKeyError);
  });
});

describe('alreadySentUnlessForced without force', () => {
  it('lets a run go on when nobody has claimed the period', () => {
    expect(alreadySentUnlessForced({ state: 'none' }, WHOLE)).toBeNull();
  });

  it('reports a sent period as already sent, with its message id and time', () => {
    expect(alreadySentUnlessForced({ state: 'sent', record: SENT_RECORD, etag: '"e1"' }, WHOLE)).toEqual({
      status: 'already-sent',
      messageId: '0100019a-sent-message',
      sentAt: '2026-11-01T05:00:00.000Z',
    });
  });

  describe('after an email of the period so far', () => {
    const soFar = { ...SENT_RECORD, complete: false } as const;

    it('lets a run whose report is complete go on: the period has ended and its own email is due', () => {
      expect(alreadySentUnlessForced({ state: 'sent', record: soFar, etag: '"e1"' }, WHOLE)).toBeNull();
    });

    it('settles a run whose report is so far too, and says the email sent was so far', () => {
      expect(alreadySentUnlessForced({ state: 'sent', record: soFar, etag: '"e1"' }, SO_FAR)).toEqual({
        status: 'already-sent',
        messageId: '0100019a-sent-message',
        sentAt: '2026-11-01T05:00:00.000Z',
        complete: false,
      });
    });
  });

  it.each([
    ['without complete (written before so-far emails were told apart)', SENT_RECORD],
    ['with complete: true', { ...SENT_RECORD, complete: true }],
  ])('counts a sent record %s as the whole period, for any run', (_, record) => {
    const expected = {
      status: 'already-sent',
      messageId: '0100019a-sent-message',
      sentAt: '2026-11-01T05:00:00.000Z',
    };
    const status = { state: 'sent', record, etag: '"e1"' } as const;
    expect(alreadySentUnlessForced(status, WHOLE)).toEqual(expected);
    expect(alreadySentUnlessForced(status, SO_FAR)).toEqual(expected);
  });

  it.each([
    [
      false,
      ['another delivery of the email for acme 2026-10 is in progress (claimed at 2026-11-01T05:50:00.000Z)'],
    ],
    [
      true,
      [
        'delivery unconfirmed: the email for acme 2026-10 was claimed at 2026-11-01T05:50:00.000Z and never marked sent',
        "Nothing was sent by this run; check SES's sending statistics and ask the recipients, then mark the " +
          'period sent or resend it with force (docs/operations.md, "When the delivery alarm fires")',
      ],
    ],
  ])('stops a run at a claim (stale: %s) and says what to do', (stale, messages) => {
    const claim = { state: 'sending', claimedAt: '2026-11-01T05:50:00.000Z', claimId: 'run-1' } as const;
    const settle = () =>
      alreadySentUnlessForced({ state: 'sending', record: claim, stale, etag: '"e1"' }, WHOLE);
    expect(settle).toThrow(DeliveryInProgressError);
    for (const message of messages) expect(settle).toThrow(message);
  });

  it('stops a run at an unreadable record with the error that says what is wrong', () => {
    const error = new CorruptObjectError('reports/acme/2026-10/delivery.json', 'not JSON');
    expect(() => alreadySentUnlessForced({ state: 'unreadable', error, etag: '"e1"' }, WHOLE)).toThrow(error);
  });
});
