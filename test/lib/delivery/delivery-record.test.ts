import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CorruptObjectError,
  createS3Client,
  deliveryStatus,
  InvalidReportKeyError,
} from '../../../lib/delivery';
import type { DeliveryStatus } from '../../../lib/delivery/deliver-once';
import { type RunningEmulator, startS3Emulator } from '../../../lib/local/emulators';
import { etagOf } from './conditional-bucket';
import { SENT_RECORD } from './report-fixture';

const BUCKET = 'status-bucket';
const NOW = new Date(Date.UTC(2026, 10, 1, 6, 0, 0));

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
